/** The built-in provider: GET /v1/places/autocomplete and /v1/places/reverse on our API. */
import type { AutocompleteAnswer, ReverseAnswer } from '../../../../contract/places';
import { apiGet, ApiRequestError, type ApiCallOptions } from '../../../lib/api';
import type { PlaceProvider } from './types';

export function createBuiltInProvider(options: Pick<ApiCallOptions, 'apiKey' | 'fetch' | 'baseUrl'>): PlaceProvider {
  return {
    name: 'built-in',
    async autocomplete(query, signal) {
      try {
        const answer = await apiGet<AutocompleteAnswer>('/v1/places/autocomplete', { ...options, query: { q: query }, signal });
        return answer.data;
      } catch (error) {
        // A 400 says no place name holds such text ("Perth;", an emoji): nothing matches, the service is fine.
        if (error instanceof ApiRequestError && error.status === 400) return [];
        throw error;
      }
    },
    async reverse(lat, lng, signal) {
      const answer = await apiGet<ReverseAnswer>('/v1/places/reverse', { ...options, query: { lat: lat.toFixed(6), lng: lng.toFixed(6) }, signal });
      return answer.data ? { label: answer.data.label, lat: answer.data.lat, lng: answer.data.lng } : null;
    },
  };
}
