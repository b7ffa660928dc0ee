/** The searches feature's API calls (SPEC section 7): the recent and saved lists, and a saved journey. */
import type { Journey } from '../../../contract/journey';
import type { Page } from '../../../contract/paging';
import { API_PREFIX, apiGet, SHARED_PATHS, type ApiCallOptions } from '../../lib/api';

export const LIST_PATHS = {
  recent: `${API_PREFIX}journey-planner/queries/user`,
  saved: `${API_PREFIX}journey/saved/user`,
} as const;

export const searchesApi = {
  page: <T>(o: ApiCallOptions, list: keyof typeof LIST_PATHS, perPage: number, page: number) =>
    apiGet<Page<T>>(LIST_PATHS[list], { ...o, query: { per_page: perPage, page } }),
  journey: async (o: ApiCallOptions, hash: string, journeyId: string) =>
    (await apiGet<{ data: Journey }>(SHARED_PATHS.searchJourney(hash, journeyId), o)).data,
};
