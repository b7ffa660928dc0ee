/**
 * What a search's results are called on the wire (SPEC sections 3, 7 and 9): the journey
 * types of a result, and the realtime channel and events of a search, spelt as the SPEC spells them.
 */

export const JOURNEY_TYPES = ['depart', 'return'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];

/**
 * The tag of an option kept although it leaves hours after the time asked, because nothing leaves
 * near it (the planner's late-departure rule): Results lists these apart, as later options.
 */
export const LATER_OPTION_TAG = 'later-option';

/**
 * Tags of every option of a search that found no public transport while our data has no stop within
 * a 15-minute walk of its start (or end): Results says the data is missing there, rather than let
 * the traveller read that nothing runs.
 */
export const NO_STOPS_NEAR_START_TAG = 'no-stops-near-start';
export const NO_STOPS_NEAR_END_TAG = 'no-stops-near-end';

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

/**
 * A search's hash is a shareable URL: anyone with it reads the journeys at the prices anyone pays.
 * The traveller who made it reads their own (railcard, concessionary pass) by sending the owner
 * key its POST answered with in this header, or by being its signed-in owner (issue 33).
 */
export const SEARCH_OWNER_HEADER = 'X-Search-Owner';
