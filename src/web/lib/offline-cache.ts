/**
 * What the app keeps for offline reading (ARCHITECTURE "Offline"; issue 7 item 9). React Query
 * persists to IndexedDB only the queries that opt in with `offlineQuery` (journey details, step
 * guides, timetables, saved journeys: what a traveller opened and will want without signal),
 * never the whole cache: results lists, place suggestions and account data stay in memory.
 */
import { onlineManager, QueryClient, type Query } from '@tanstack/react-query';

/** How long an opened journey stays readable offline: journeys can be planned weeks ahead. */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The IndexedDB key (idb-keyval's default store) the persisted cache lives under. */
export const OFFLINE_CACHE_KEY = 'drover-query-cache';

/**
 * The stored journeys' shape version. A release must keep the journeys a traveller saved for a
 * trip with no signal (issue 31), so this is not a hash of the contract (any edit there, even a
 * comment, dropped them all): new fields of the contract are optional ("journeys stored before
 * ... lack it"), and only a change an older app's journeys cannot be read under (a field removed,
 * renamed or given another meaning) bumps it, dropping what older builds stored.
 */
export const OFFLINE_CACHE_BUSTER = 'journeys-1';

/**
 * Spread into useQuery/fetchQuery options to keep that query offline. Never garbage-collected
 * in the session: a query dropped from memory is dropped from IndexedDB at the next save (and a
 * finite gcTime this long overflows setTimeout's 24.8 days, which then collects it at once).
 */
export const offlineQuery = { meta: { offline: true }, gcTime: Infinity } as const;

/**
 * The persisted-query policy: successful queries that opted in with `offlineQuery`, fetched
 * within OFFLINE_MAX_AGE_MS (the whole cache's maxAge restarts with every save, so each query
 * ages out on its own).
 */
export function shouldPersistQuery(query: Pick<Query, 'meta' | 'state'>, now = Date.now()): boolean {
  return (
    query.meta?.offline === true &&
    query.state.status === 'success' &&
    query.state.data !== undefined &&
    now - query.state.dataUpdatedAt <= OFFLINE_MAX_AGE_MS
  );
}

/** The app's query client: React Query's defaults; offline reading is opted into per query. */
export function createQueryClient(): QueryClient {
  // React Query assumes online until an 'offline' event; a page opened with no network gets
  // none, so start from the browser's answer (queries then pause instead of failing).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient();
}
