/**
 * What the Journey details screen talks to (SPEC section 7): the journey read, the 'viewed'
 * call and the save call, through lib/api. A context so component tests can pass their own.
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Journey } from '../../../contract/journey';
import { isDeviceHash, readDeviceJourney } from '../../lib/device-planner/device-searches';
import { useBrand } from '../../lib/brand';
import { journeyQueryKey } from '../../lib/journey-key';
import { offlineQuery } from '../../lib/offline-cache';
import { journeyCalls } from './api';

export interface JourneyServices {
  getJourney(hash: string, journeyId: string, signal?: AbortSignal): Promise<Journey>;
  markViewed(journeyId: string): Promise<void>;
  saveJourney(journeyId: string): Promise<void>;
  /**
   * Plans a search made on the device (issue 20) again on the server, now that there is a
   * signal, so its journeys can be saved; answers the new search's hash.
   */
  planOnline?(deviceHash: string): Promise<string>;
}

/** The same cache entry the Results stream fills, so a journey already in results is current at once. */
export const journeyDetailsKey = journeyQueryKey;

const Context = createContext<JourneyServices | null>(null);

export function JourneyServicesProvider({ services, children }: { services: JourneyServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function journeyApi(apiKey: string): JourneyServices {
  return {
    getJourney: async (hash, journeyId, signal) =>
      // A search planned on the device (issue 20) is read from the device, not the API.
      isDeviceHash(hash)
        ? readDeviceJourney(hash, journeyId)
        : journeyCalls.journey({ apiKey, signal }, hash, journeyId),
    markViewed: (journeyId) => journeyCalls.markViewed({ apiKey }, journeyId),
    saveJourney: (journeyId) => journeyCalls.save({ apiKey }, journeyId),
    planOnline: async (deviceHash) =>
      (await import('../../lib/device-planner/plan-online')).planOnline(deviceHash, apiKey),
  };
}

export function useJourneyServices(): JourneyServices {
  const given = useContext(Context);
  const brand = useBrand();
  return useMemo(() => given ?? journeyApi(brand.apiKey), [given, brand]);
}

/**
 * The journey a details, stage or print screen shows: from the Results cache when the stream
 * fetched it, else from the API. Opening it keeps it (with its steps and timetables) offline.
 * `show` (SPEC section 4's query flag, set when a saved journey is opened) fetches it even when
 * a copy is held, and the fetched journey becomes current: the held copy may predate the save.
 */
export function useJourneyQuery(hash: string, journeyId: string, { show = false }: { show?: boolean } = {}) {
  const services = useJourneyServices();
  return useQuery({
    queryKey: journeyDetailsKey(hash, journeyId),
    queryFn: ({ signal }) => services.getJourney(hash, journeyId, signal),
    staleTime: Infinity,
    refetchOnMount: show ? 'always' : true,
    ...offlineQuery,
  });
}
