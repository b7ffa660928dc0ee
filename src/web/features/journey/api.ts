/** The journey feature's API calls (SPEC section 7): a journey, 'viewed', save, and the return time. */
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import { API_PREFIX, apiGet, apiPost, SHARED_PATHS, type ApiCallOptions } from '../../lib/api';

const seg = encodeURIComponent;

export const journeyCalls = {
  journey: async (o: ApiCallOptions, hash: string, journeyId: string) =>
    (await apiGet<{ data: Journey }>(SHARED_PATHS.searchJourney(hash, journeyId), o)).data,
  markViewed: async (o: ApiCallOptions, journeyId: string) =>
    void (await apiPost(`${API_PREFIX}journey/viewed/${seg(journeyId)}`, o)),
  save: async (o: ApiCallOptions, journeyId: string) =>
    void (await apiPost(`${API_PREFIX}journey/save/${seg(journeyId)}`, o)),
  search: async (o: ApiCallOptions, hash: string) =>
    (await apiGet<{ data: SearchQuery }>(SHARED_PATHS.searchQuery(hash), o)).data,
  updateReturnTime: async (o: ApiCallOptions, hash: string, returnTime: string) =>
    (
      await apiPost<{ data: { hash: string } }>(`${SHARED_PATHS.searchQuery(hash)}/update-return-time`, o, {
        return_time: returnTime,
      })
    ).data.hash,
};
