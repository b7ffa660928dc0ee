/**
 * Saved journeys readable with no signal (issue 8 item 5): while signed in and online, every
 * page of the saved list and every saved journey (details, steps and timetables travel in the
 * journey) is fetched into the React Query cache with `offlineQuery`, which the app's persister
 * keeps in IndexedDB. It runs at start, whenever the network comes back, and on sign-in.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { journeyQueryKey } from '../../lib/journey-key';
import { offlineQuery } from '../../lib/offline-cache';
import { useOnline } from '../../lib/online-status';
import { searchListQuery } from './lists';
import { searchesApi } from './api';

/** At most this many pages (10 journeys each) are kept: a bound on what a device stores. */
export const MAX_OFFLINE_PAGES = 20;
/** A page or journey fetched this recently is not fetched again by the sync. */
const FRESH_MS = 5 * 60 * 1000;

export async function keepSavedJourneysOffline(
  client: QueryClient,
  token: string,
  apiKey: string,
  signal: AbortSignal,
): Promise<number> {
  let kept = 0;
  for (let page = 1; page <= MAX_OFFLINE_PAGES && !signal.aborted; page++) {
    const list = await client.fetchQuery({ ...searchListQuery('saved', token, page, apiKey), staleTime: FRESH_MS });
    await Promise.all(
      list.data.map((item) =>
        client.prefetchQuery({
          queryKey: journeyQueryKey(item.hash, item.journey_id),
          queryFn: async ({ signal: aborted }) =>
            searchesApi.journey({ apiKey, signal: aborted }, item.hash, item.journey_id),
          staleTime: FRESH_MS,
          ...offlineQuery,
        }),
      ),
    );
    kept += list.data.length;
    if (page >= list.meta.last_page) break;
  }
  return kept;
}

/** Mounted by the app on brands with accounts. Failures are quiet: the next start or reconnect tries again. */
export function SavedJourneysOffline(): null {
  const client = useQueryClient();
  const brand = useBrand();
  const { token } = useAuth();
  const online = useOnline();
  useEffect(() => {
    if (!token || !online) return;
    const controller = new AbortController();
    keepSavedJourneysOffline(client, token, brand.apiKey, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [client, token, online, brand.apiKey]);
  return null;
}
