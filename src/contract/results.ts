/** Result list vocabulary shared by the API and the web app (SPEC sections 3 and 9). */
import { z } from 'zod';

/** 'depature-time' is spelt as the SPEC spells it. */
export const SORT_OPTIONS = ['emissions', 'cost', 'depature-time', 'travel-time', 'arrival-time', 'wait-time', 'walk-distance', 'least-changes'] as const;
export const sortOptionSchema = z.enum(SORT_OPTIONS);
export type SortOption = z.infer<typeof sortOptionSchema>;
export const DEFAULT_SORT: SortOption = 'emissions';

export const JOURNEY_TYPES = ['depart', 'return'] as const;
export const journeyTypeSchema = z.enum(JOURNEY_TYPES);
export type JourneyType = z.infer<typeof journeyTypeSchema>;
