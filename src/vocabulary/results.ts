/**
 * What a search's results are called on the wire (SPEC sections 3, 7 and 9): the journey
 * types of a result, and the realtime channel and events of a search, spelt as the SPEC spells them.
 */

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
