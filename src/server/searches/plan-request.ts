/**
 * The one way a stored search becomes the planner's request: the validated form (passes already
 * merged) with its brand's blocked travel types and regions. The search route, the search job's
 * re-plans and the sweeper all call this, so a search re-queued after a crash is planned exactly
 * as it was first (the device planner builds the same request through the contract's builder).
 */
import type { Brand } from '../../contract/brand';
import { planRequestFor, type PlannerRequest } from '../../contract/plan-request';
import type { SearchForm } from '../../contract/search';
import type { PlanRequest } from '../../planner/index';

export function planRequestForBrand(
  form: SearchForm,
  brand: Pick<Brand, 'blockedTravelTypes' | 'regions'>,
): PlanRequest {
  const request: PlannerRequest = planRequestFor(form, brand.blockedTravelTypes, brand.regions);
  return request;
}
