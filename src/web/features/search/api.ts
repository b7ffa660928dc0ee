/** The search feature's API calls (SPEC section 7): starting a search, and place search and reverse look-up. */
import type { AutocompleteAnswer, ReverseAnswer } from '../../../contract/places';
import { API_PREFIX, apiGet, apiPost, SHARED_PATHS, type ApiCallOptions } from '../../lib/api';

export const searchFormApi = {
  start: (o: ApiCallOptions, body: unknown) => apiPost<{ data: { hash: string } }>(SHARED_PATHS.search, o, body),
  autocomplete: (o: ApiCallOptions, q: string) =>
    apiGet<AutocompleteAnswer>(`${API_PREFIX}places/autocomplete`, { ...o, query: { q } }),
  reverse: (o: ApiCallOptions, lat: number, lng: number) =>
    apiGet<ReverseAnswer>(`${API_PREFIX}places/reverse`, { ...o, query: { lat: lat.toFixed(6), lng: lng.toFixed(6) } }),
};
