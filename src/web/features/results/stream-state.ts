/**
 * Placeholder bookkeeping of the streamed results (SPEC section 4). 'results retrieved' says how
 * many journeys will come; each journey fetched replaces the next placeholder; the GET of the
 * whole search (read after subscribing, so nothing is missed) brings the count and the journeys
 * stored so far. Events and the GET may overlap: journeys are kept once per id.
 */
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import type { ResultItem } from './sort-filter';

export interface StreamState {
  /** How many journeys the planner found; null until it has said. */
  expected: number | null;
  /** Fetched journeys, in the order they arrived. */
  journeys: Journey[];
  /** Journeys announced but not fetchable (the fetch failed): they free their placeholder. */
  lost: number;
  /** Why planning failed, in the server's words. */
  failure: string | null;
  /** The search itself (places and times), once read. */
  query: Omit<SearchQuery, 'journeys'> | null;
}

export type StreamAction =
  | { type: 'retrieved'; count: number }
  | { type: 'journey'; journey: Journey }
  | { type: 'lost' }
  | { type: 'snapshot'; query: SearchQuery }
  | { type: 'error'; message: string };

export const initialStreamState: StreamState = { expected: null, journeys: [], lost: 0, failure: null, query: null };

function addJourneys(state: StreamState, journeys: readonly Journey[]): Journey[] {
  const known = new Set(state.journeys.map((j) => j.id));
  const fresh = journeys.filter((j) => !known.has(j.id) && (known.add(j.id), true));
  return fresh.length > 0 ? [...state.journeys, ...fresh] : state.journeys;
}

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case 'retrieved':
      return { ...state, expected: Math.max(0, Math.floor(action.count)) };
    case 'journey':
      return { ...state, journeys: addJourneys(state, [action.journey]) };
    case 'lost':
      return { ...state, lost: state.lost + 1 };
    case 'error':
      return { ...state, failure: action.message };
    case 'snapshot': {
      const { journeys, ...query } = action.query;
      return {
        ...state,
        query,
        expected: query.results_retrieved ?? state.expected,
        journeys: addJourneys(state, journeys),
        failure: query.status === 'failed' ? (query.failure ?? 'Planning this search failed.') : state.failure,
      };
    }
  }
}

/** Placeholders still waiting for a journey. */
export function placeholderCount(state: StreamState): number {
  return state.expected === null ? 0 : Math.max(0, state.expected - state.journeys.length - state.lost);
}

/** Every announced journey has arrived (or the search failed). */
export function isDone(state: StreamState): boolean {
  return state.failure !== null || (state.expected !== null && state.journeys.length + state.lost >= state.expected);
}

/** The journeys, then one placeholder per journey still to come. */
export function resultItems(state: StreamState): ResultItem[] {
  const items: ResultItem[] = state.journeys.map((journey) => ({ kind: 'journey', journey }));
  for (let i = 0; i < placeholderCount(state); i++)
    items.push({ kind: 'placeholder', key: `placeholder-${state.journeys.length + i}` });
  return items;
}
