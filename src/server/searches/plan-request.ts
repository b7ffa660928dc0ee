/**
 * The one way a stored search becomes the planner's request: the validated form (passes already
 * merged) with its brand's blocked travel types and regions. The search route, the search job's
 * re-plans and the sweeper all call this, so a search re-queued after a crash is planned exactly
 * as it was first (the device planner builds the same request through the contract's builder).
 * A brand with the Attend Appointment step plans the way home after the appointment (1 hour).
 */
import type { Brand } from '../../contract/brand';
import { HEALTH_APPOINTMENT_MINUTES, planRequestFor, type PlannerRequest } from '../../contract/plan-request';
import type { SearchForm } from '../../contract/search';
import type { PlanRequest } from '../../planner/index';

export function planRequestForBrand(
  form: SearchForm,
  brand: Pick<Brand, 'blockedTravelTypes' | 'regions'> & { health?: Pick<Brand['health'], 'appointmentStep'> },
): PlanRequest {
  const request: PlannerRequest = planRequestFor(
    form,
    brand.blockedTravelTypes,
    brand.regions,
    brand.health?.appointmentStep ? HEALTH_APPOINTMENT_MINUTES : undefined,
  );
  return request;
}
