export { filterOptions, RULES } from './chain';
export type { FilterContext, JourneyRule, Removal } from './types';
export { LATER_TAG } from './late-departures';
