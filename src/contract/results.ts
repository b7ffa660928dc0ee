/**
 * Result list vocabulary shared by the API and the web app (SPEC sections 3 and 9).
 * Plain constants and guards (no zod here) so the browser's first chunk stays small;
 * the server builds its zod schemas from these lists.
 */

/** 'depature-time' is spelt as the SPEC spells it. */
export const SORT_OPTIONS = ['emissions', 'cost', 'depature-time', 'travel-time', 'arrival-time', 'wait-time', 'walk-distance', 'least-changes'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'emissions';

export const JOURNEY_TYPES = ['depart', 'return'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];

/** A type guard for one of a fixed list of strings. */
export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** Travel types a brand can block and a traveller can filter results by (SPEC sections 1 and 3). */
export const TRAVEL_TYPES = [
  'train', 'bus', 'coach', 'tram', 'subway', 'ferry', 'walk', 'cycle', 'bike-hire', 'car-club', 'own-car', 'taxi', 'drt', 'community-transport',
] as const;
export type TravelType = (typeof TRAVEL_TYPES)[number];

/** The realtime channel and events of a search (SPEC section 7, spelt as there). */
export const searchChannel = (hash: string) => `query.${hash}`;
export const RESULTS_RETRIEVED = 'results retrieved';
export const JOURNEY_PROCESSED = 'journey processed';
export interface ResultsRetrievedEvent {
  journey_count: number;
}
export interface JourneyProcessedEvent {
  journeyID: string;
}
