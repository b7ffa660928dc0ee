/**
 * Result list vocabulary shared by the API and the web app (SPEC sections 3 and 9).
 * Plain constants and guards (no zod here) so the browser's first chunk stays small;
 * the server builds its zod schemas from these lists.
 */

import { DEFAULT_SORT, SORT_OPTIONS, TRAVEL_TYPES, type SortOption, type TravelType } from '../vocabulary/index';

export { DEFAULT_SORT, SORT_OPTIONS, TRAVEL_TYPES, type SortOption, type TravelType };

export const JOURNEY_TYPES = ['depart', 'return'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];

/** A type guard for one of a fixed list of strings. */
export function isOneOf<const T extends readonly string[]>(list: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

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
