/**
 * The React Query persister (idb-keyval through the async-storage persister) and the options
 * PersistQueryClientProvider takes. IndexedDB rather than localStorage: journeys with their
 * directions and timetables run to hundreds of kilobytes, and IndexedDB is not size-capped at 5 MB.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { removeOldestQuery, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set, type UseStore } from 'idb-keyval';
import {
  OFFLINE_CACHE_BUSTER,
  OFFLINE_CACHE_KEY,
  OFFLINE_MAX_AGE_MS,
  offlineQuery,
  shouldPersistQuery,
} from './offline-cache';

/** `store`: an idb-keyval store (tests pass one on a fake IndexedDB); the default store otherwise. */
export function createOfflinePersister(store?: UseStore) {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store).then((value) => value ?? null),
      setItem: (key, value: string) => set(key, value, store),
      removeItem: (key) => del(key, store),
    },
    key: OFFLINE_CACHE_KEY,
    throttleTime: 1000,
    // Storage full: drop the oldest journey and try again rather than lose every save.
    retry: removeOldestQuery,
  });
}

export function offlinePersistOptions(
  persister = createOfflinePersister(),
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: OFFLINE_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query) },
    // Restored queries stay in memory like opted-in ones, or those not reopened within 5 minutes
    // would leave memory and so, at the next save, IndexedDB.
    hydrateOptions: { defaultOptions: { queries: { gcTime: offlineQuery.gcTime } } },
  };
}
