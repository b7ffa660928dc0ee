/**
 * What the Results screen talks to: the search and journey reads of the API (SPEC section 7,
 * through lib/api's client) and the realtime socket. A context so tests can pass a fake socket.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import { withoutDeviceChannels } from '../../lib/device-planner/device-searches';
import { searchApi } from './api';
import { useBrand } from '../../lib/brand';
import { sharedRealtime, type RealtimeClient } from '../../lib/realtime';

export interface ResultsServices {
  realtime: RealtimeClient;
  getSearch(hash: string, signal?: AbortSignal): Promise<SearchQuery>;
  getJourney(hash: string, journeyId: string, signal?: AbortSignal): Promise<Journey>;
  /** SPEC section 4: one brand waits before its first results fetch. */
  initialDelayMs: number;
}

const ServicesContext = createContext<ResultsServices | null>(null);

export function ResultsServicesProvider({ services, children }: { services: ResultsServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The API's search reads (results/api.ts), re-exported for the callers that know them here. */
export { searchApi };

export function useResultsServices(): ResultsServices {
  const given = useContext(ServicesContext);
  const brand = useBrand();
  return useMemo(
    () =>
      given ?? {
        realtime: withoutDeviceChannels(sharedRealtime(brand.apiKey)),
        ...searchApi(brand.apiKey),
        initialDelayMs: brand.initialResultsDelayMs,
      },
    [given, brand],
  );
}
