/** Door-to-door journeys: plan(request) -> AsyncIterable<Journey> over loaded regions (see plan.ts). */
export { plan, planAll, type PlanOptions } from './plan';
export { createRegion, type Region, type RegionParts } from '../region/region';
export type { RegionCostData } from '../costs/region-data';
export {
  PlanError,
  validateRequest,
  type PlanErrorCode,
  type PlanProfile,
  type PlanRequest,
  type PlaceIn,
} from './request';
export { selectTransit, sortByEmissions } from '../journey/result-set';
export { stableId } from '../journey/assemble';
export type * from '../journey/types';
export { TRAVEL_TYPES } from '../journey/types';
