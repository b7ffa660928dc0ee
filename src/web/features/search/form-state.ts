/**
 * The search form's state: the From and To places, the journey type and times (./form-rules)
 * and the passes questions (components/passes), and the request body they make.
 */
import { defaultPasses, type Passes } from '../../../vocabulary/index';
import { rememberedSearchPasses } from '../../lib/search-passes';
import { initialJourneyType, outboundBounds, searchTimes, type JourneyTimes } from './form-rules';
import type { ChosenPlace } from './places/types';
import { formatIsoLocal, parseSearchTime } from '../../../vocabulary/time';

export interface SearchFormState extends JourneyTimes {
  origin: ChosenPlace | null;
  destination: ChosenPlace | null;
  passes: Passes;
}

/** A fresh form: no places, a single journey leaving at the next five minutes, default passes. */
export const emptySearchForm = (now: Date = new Date()): SearchFormState => ({
  origin: null,
  destination: null,
  journeyType: 'single',
  out_time: outboundBounds(now).min,
  return_time: null,
  passes: defaultPasses(),
});

export const swapPlaces = (state: SearchFormState): SearchFormState => ({
  ...state,
  origin: state.destination,
  destination: state.origin,
});

export const FORM_MESSAGES = {
  chooseOrigin: 'Pick your starting point from the list of suggestions.',
  chooseDestination: 'Pick your destination from the list of suggestions.',
} as const;

export type PlaceRequestFields = { origin: ChosenPlace; destination: ChosenPlace };

/** What the planner needs from the places: each label and its coordinates, or a field error each. */
export function searchRequestFields(
  state: SearchFormState,
):
  | { ok: true; fields: PlaceRequestFields }
  | { ok: false; errors: Partial<Record<keyof PlaceRequestFields, string[]>> } {
  const errors: Partial<Record<keyof PlaceRequestFields, string[]>> = {};
  if (!state.origin) errors.origin = [FORM_MESSAGES.chooseOrigin];
  if (!state.destination) errors.destination = [FORM_MESSAGES.chooseDestination];
  if (!state.origin || !state.destination) return { ok: false, errors };
  const place = ({ label, lat, lng }: ChosenPlace): ChosenPlace => ({ label, lat, lng });
  return { ok: true, fields: { origin: place(state.origin), destination: place(state.destination) } };
}

/** SPEC section 9. */
export const ARRIVE_BY_BUFFER = 30;

export type SearchRequestBody = PlaceRequestFields &
  Passes & { out_time: string; return_time?: string; arrive_by_buffer: number };
export type SearchFieldErrors = Partial<Record<string, string[]>>;

/** The POST /v1/journey-planner/search body (arrive_time is never sent), or a field error each. */
export function searchRequestBody(
  state: SearchFormState,
): { ok: true; body: SearchRequestBody } | { ok: false; errors: SearchFieldErrors } {
  const places = searchRequestFields(state);
  const times = searchTimes(state);
  if (!places.ok || !times.ok)
    return { ok: false, errors: { ...(places.ok ? {} : places.errors), ...(times.ok ? {} : times.errors) } };
  const body: SearchRequestBody = {
    ...places.fields,
    out_time: times.out_time,
    arrive_by_buffer: ARRIVE_BY_BUFFER,
    ...state.passes,
  };
  if (times.return_time) body.return_time = times.return_time;
  return { ok: true, body };
}

/** What the Results screen knows of a search: enough to edit and re-plan it. */
export interface EditableSearch {
  origin: ChosenPlace;
  destination: ChosenPlace;
  /** 'YYYY/MM/DD HH:mm:ss', London. */
  out_time: string;
  return_time: string | null;
  /** Shown by the server to the signed-in owner only; otherwise what this tab sent, if it made the search. */
  passes?: Passes;
  hash?: string;
}

/** 'YYYY/MM/DD HH:mm[:ss]' -> 'YYYY-MM-DDTHH:mm', or '' for anything else. */
export function fromSearchTime(text: string | null | undefined): string {
  const wall = text ? parseSearchTime(text) : null;
  return wall ? formatIsoLocal(wall, false) : '';
}

/**
 * The Edit journey form of a search: its places, type, times and passes. An outbound time now
 * past moves up to the earliest allowed, as does a return before it.
 */
export function searchFormFromQuery(query: EditableSearch, now: Date = new Date()): SearchFormState {
  const earliest = outboundBounds(now).min;
  const outTime = fromSearchTime(query.out_time);
  const out_time = outTime && outTime >= earliest ? outTime : earliest;
  const back = fromSearchTime(query.return_time);
  return {
    origin: query.origin,
    destination: query.destination,
    journeyType: initialJourneyType(back),
    out_time,
    return_time: back ? (back > out_time ? back : out_time) : null,
    passes: query.passes ?? rememberedSearchPasses<Passes>(query.hash) ?? defaultPasses(),
  };
}
