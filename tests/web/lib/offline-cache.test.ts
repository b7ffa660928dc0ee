/**
 * The offline cache policy and its IndexedDB persister (issue 7 item 9): only the queries a
 * screen opted into with `offlineQuery` are written, they come back after a restart with their
 * fetch time, and a cache from another build (buster) or older than maxAge is dropped.
 * IndexedDB is fake-indexeddb's in-memory implementation, driven through the real idb-keyval.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_CACHE_KEY,
  OFFLINE_MAX_AGE_MS,
  offlineQuery,
  shouldPersistQuery,
} from '../../../src/web/lib/offline-cache';
import { createOfflinePersister, offlinePersistOptions } from '../../../src/web/lib/offline-persister';
import { oldestShownData } from '../../../src/web/lib/online-status';
import { fetchedAtLabel, offlineMessage } from '../../../src/web/app/shell/OfflineBanner';

let stores = 0;
const freshStore = () => createStore(`drover-test-${++stores}`, 'keyval');

async function clientWithQueries(): Promise<QueryClient> {
  const client = new QueryClient();
  // An opened journey (opted in), a results list (not), a failed opted-in read (not).
  await client.fetchQuery({
    queryKey: ['journey', 'h1', 'j1'],
    queryFn: () => ({ id: 'j1', cost: '£4.20' }),
    ...offlineQuery,
  });
  await client.fetchQuery({ queryKey: ['search', 'h1'], queryFn: () => ({ journeys: [] }) });
  await client.prefetchQuery({
    queryKey: ['journey', 'h1', 'broken'],
    queryFn: () => Promise.reject(new Error('offline')),
    retry: false,
    ...offlineQuery,
  });
  return client;
}

describe('offline cache policy', () => {
  it('persists only successful queries that opted in', async () => {
    const client = await clientWithQueries();
    const persisted = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersistQuery)
      .map((query) => query.queryKey);
    expect(persisted).toEqual([['journey', 'h1', 'j1']]);
  });

  it('lets each query age out after the maximum age, though the cache is saved again and again', async () => {
    const client = await clientWithQueries();
    const journey = client.getQueryCache().find({ queryKey: ['journey', 'h1', 'j1'] })!;
    const fetchedAt = journey.state.dataUpdatedAt;
    expect(shouldPersistQuery(journey, fetchedAt + OFFLINE_MAX_AGE_MS)).toBe(true);
    expect(shouldPersistQuery(journey, fetchedAt + OFFLINE_MAX_AGE_MS + 1)).toBe(false);
  });

  it('writes them to IndexedDB and restores them, with their fetch time, into a new client', async () => {
    const store = freshStore();
    const source = await clientWithQueries();
    const fetchedAt = source.getQueryState(['journey', 'h1', 'j1'])!.dataUpdatedAt;
    const options = offlinePersistOptions(createOfflinePersister(store));
    await persistQueryClientSave({ queryClient: source, ...options });

    const raw = await get<string>(OFFLINE_CACHE_KEY, store);
    expect(typeof raw).toBe('string');
    expect(raw).toContain('£4.20');
    expect(raw).not.toContain('"search"');

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored, ...options });
    expect(restored.getQueryData(['journey', 'h1', 'j1'])).toEqual({ id: 'j1', cost: '£4.20' });
    expect(restored.getQueryState(['journey', 'h1', 'j1'])!.dataUpdatedAt).toBe(fetchedAt);
    expect(restored.getQueryData(['search', 'h1'])).toBeUndefined();
    // Kept in memory as long as offline, or the next save would drop what was not reopened yet.
    expect(restored.getQueryCache().find({ queryKey: ['journey', 'h1', 'j1'] })!.gcTime).toBe(Infinity);
    // Still opted in after the round trip, so it is written again on the next save.
    expect(restored.getQueryCache().getAll().filter(shouldPersistQuery)).toHaveLength(1);
  });

  it('drops a cache written by another build or older than the maximum age', async () => {
    const store = freshStore();
    const persister = createOfflinePersister(store);
    const options = offlinePersistOptions(persister);
    await persistQueryClientSave({ queryClient: await clientWithQueries(), ...options, buster: 'an-older-build' });
    const afterBuster = new QueryClient();
    await persistQueryClientRestore({ queryClient: afterBuster, ...options });
    expect(afterBuster.getQueryData(['journey', 'h1', 'j1'])).toBeUndefined();

    await persistQueryClientSave({ queryClient: await clientWithQueries(), ...options });
    const stale = await persister.restoreClient();
    await persister.persistClient({ ...stale!, timestamp: Date.now() - OFFLINE_MAX_AGE_MS - 1000 });
    const afterExpiry = new QueryClient();
    await persistQueryClientRestore({ queryClient: afterExpiry, ...options });
    expect(afterExpiry.getQueryData(['journey', 'h1', 'j1'])).toBeUndefined();
  });
});

describe('offline banner', () => {
  it('reports the oldest data a mounted screen shows, ignoring unobserved queries', async () => {
    const client = await clientWithQueries();
    expect(oldestShownData(client.getQueryCache())).toBeNull();
    client.setQueryData(['journey', 'h1', 'j1'], { id: 'j1' }, { updatedAt: Date.UTC(2026, 10, 24, 14, 5) });
    const unsubscribe = client.getQueryCache().find({ queryKey: ['journey', 'h1', 'j1'] })!;
    // An observer is what a mounted screen adds.
    const { QueryObserver } = await import('@tanstack/react-query');
    const observer = new QueryObserver(client, {
      queryKey: ['journey', 'h1', 'j1'],
      staleTime: Infinity,
      enabled: false,
    });
    const stop = observer.subscribe(() => {});
    expect(unsubscribe.getObserversCount()).toBe(1);
    expect(oldestShownData(client.getQueryCache())).toBe(Date.UTC(2026, 10, 24, 14, 5));
    stop();
    expect(oldestShownData(client.getQueryCache())).toBeNull();
  });

  it('says when the shown data was fetched, on the London clock', () => {
    // 14:05 UTC in November is 14:05 in London; in July the clock is an hour ahead.
    expect(fetchedAtLabel(Date.UTC(2026, 10, 24, 14, 5))).toBe('14:05 on Tue 24 Nov');
    expect(fetchedAtLabel(Date.UTC(2026, 6, 7, 8, 30))).toBe('09:30 on Tue 7 Jul');
    expect(offlineMessage(Date.UTC(2026, 10, 24, 14, 5))).toBe(
      'You are offline. The information shown was fetched at 14:05 on Tue 24 Nov and may have changed since.',
    );
    expect(offlineMessage(null)).toMatch(/^You are offline\./);
  });
});
