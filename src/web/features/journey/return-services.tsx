/**
 * What the health brand's return options talk to (SPEC section 7): the search read (its current
 * return time, and the re-planned journeys) and POST .../update-return-time, which plans the
 * search again under a new hash.
 * A context so component tests can pass their own.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { SearchQuery } from '../../../contract/search';
import { useBrand } from '../../lib/brand';
import { journeyCalls } from './api';

export interface ReturnServices {
  getSearch(
    hash: string,
    signal?: AbortSignal,
  ): Promise<Pick<SearchQuery, 'hash' | 'return_time' | 'out_time' | 'status' | 'failure' | 'journeys'>>;
  /** The new search's hash. */
  updateReturnTime(hash: string, returnTime: string): Promise<string>;
}

const Context = createContext<ReturnServices | null>(null);

export function ReturnServicesProvider({ services, children }: { services: ReturnServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function returnApi(apiKey: string): ReturnServices {
  return {
    getSearch: (hash, signal) => journeyCalls.search({ apiKey, signal }, hash),
    updateReturnTime: (hash, returnTime) => journeyCalls.updateReturnTime({ apiKey }, hash, returnTime),
  };
}

export function useReturnServices(): ReturnServices {
  const given = useContext(Context);
  const brand = useBrand();
  return useMemo(() => given ?? returnApi(brand.apiKey), [given, brand]);
}
