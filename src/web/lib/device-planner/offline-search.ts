/**
 * The search form's way out when the API cannot be reached (issue 20): plan on the device, keep
 * the search for Results and Journey details, or say in words why the device cannot. Imported
 * lazily by the form, only when it needs it.
 */
import type { Brand } from '../../../contract/brand';
import { HEALTH_APPOINTMENT_MINUTES } from '../../../contract/plan-request';
import { DEVICE_UNAVAILABLE } from './device-searches';
import { devicePlanner, DeviceUnavailableError, keepDeviceSearch } from './client';

export type OfflineSearchOutcome =
  | { kind: 'planned'; hash: string }
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'message'; message: string };

export async function planSearchOnDevice(
  body: unknown,
  brand: Pick<Brand, 'blockedTravelTypes' | 'regions'> & { health?: Pick<Brand['health'], 'appointmentStep'> },
): Promise<OfflineSearchOutcome> {
  try {
    const answer = await devicePlanner.search(body, {
      blocked: brand.blockedTravelTypes,
      ...(brand.regions ? { regions: brand.regions } : {}),
      ...(brand.health?.appointmentStep ? { appointmentMinutes: HEALTH_APPOINTMENT_MINUTES } : {}),
    });
    if (answer.kind === 'invalid') return answer;
    if (answer.kind === 'refused') return { kind: 'message', message: answer.message };
    await keepDeviceSearch(answer.query);
    return { kind: 'planned', hash: answer.query.hash };
  } catch (error) {
    const reason = error instanceof DeviceUnavailableError ? error.reason : 'failed';
    return { kind: 'message', message: DEVICE_UNAVAILABLE[reason] };
  }
}
