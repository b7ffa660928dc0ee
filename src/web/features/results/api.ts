/** The results feature's API calls (SPEC section 7): a search and its journeys, read from the API or, for a search planned on the device, from the device. */
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import { apiGet, SHARED_PATHS } from '../../lib/api';
import { isDeviceHash, readDeviceJourney, readDeviceSearch } from '../../lib/device-planner/device-searches';

/** The API's search reads for a brand key; `options` lets tests and scripts aim at another origin. */
export function searchApi(apiKey: string, options: { fetch?: typeof fetch; baseUrl?: string } = {}) {
  return {
    // A search planned on the device (issue 20) is read from the device, not the API.
    getSearch: async (hash: string, signal?: AbortSignal): Promise<SearchQuery> =>
      isDeviceHash(hash)
        ? readDeviceSearch(hash)
        : (await apiGet<{ data: SearchQuery }>(SHARED_PATHS.searchQuery(hash), { apiKey, signal, ...options })).data,
    getJourney: async (hash: string, id: string, signal?: AbortSignal): Promise<Journey> =>
      isDeviceHash(hash)
        ? readDeviceJourney(hash, id)
        : (await apiGet<{ data: Journey }>(SHARED_PATHS.searchJourney(hash, id), { apiKey, signal, ...options })).data,
  };
}
