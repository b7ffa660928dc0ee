/**
 * Whether the browser has a network, and how old the data on screen is: the offline banner's
 * two facts. Both are external stores read with useSyncExternalStore.
 */
import { onlineManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** React Query's own view (navigator.onLine and its events), so the banner and queries agree. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** When the oldest data a mounted screen shows was fetched (ms since the epoch), or null. */
export function oldestShownData(cache: QueryCache): number | null {
  let oldest: number | null = null;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined || query.state.dataUpdatedAt === 0) continue;
    oldest = oldest === null ? query.state.dataUpdatedAt : Math.min(oldest, query.state.dataUpdatedAt);
  }
  return oldest;
}

export function useOldestShownData(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => oldestShownData(cache),
    () => null,
  );
}
