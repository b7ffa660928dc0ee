/**
 * The built-in provider: GET /v1/places/autocomplete and /v1/places/reverse on our API; when the
 * API cannot be reached, the region pack on the device answers (issue 20), if there is one.
 */
import { ApiRequestError, type ApiCallOptions } from '../../../lib/api';
import type { devicePlanner as DevicePlannerApi } from '../../../lib/device-planner/client';
import type { PlaceProvider } from './types';
import { searchFormApi } from '../api';

/** The device's place index, loaded only when the API cannot be reached; rethrows `error` when the device has no pack. */
async function onDevice<T>(error: unknown, ask: (planner: typeof DevicePlannerApi) => Promise<T>): Promise<T> {
  if (error instanceof ApiRequestError || (error as Error | null)?.name === 'AbortError') throw error;
  const { devicePlanner } = await import('../../../lib/device-planner/client');
  return ask(devicePlanner).catch(() => Promise.reject(error));
}

export function createBuiltInProvider(
  options: Pick<ApiCallOptions, 'apiKey' | 'fetch' | 'baseUrl'> & {
    bias?: { north: number; south: number; east: number; west: number };
  },
): PlaceProvider {
  return {
    name: 'built-in',
    async autocomplete(query, signal) {
      try {
        const answer = await searchFormApi.autocomplete({ ...options, signal }, query);
        return answer.data;
      } catch (error) {
        // A 400 says no place name holds such text ("Perth;", an emoji): nothing matches, the service is fine.
        if (error instanceof ApiRequestError && error.status === 400) return [];
        return onDevice(error, (device) => device.autocomplete(query, options.bias));
      }
    },
    async reverse(lat, lng, signal) {
      const answer = await searchFormApi
        .reverse({ ...options, signal }, lat, lng)
        .catch((error: unknown) => onDevice(error, async (device) => ({ data: await device.reverse(lat, lng) })));
      return answer.data ? { label: answer.data.label, lat: answer.data.lat, lng: answer.data.lng } : null;
    },
  };
}
