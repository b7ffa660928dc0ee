/**
 * The search form's state. This issue fills the From and To places; the dates, passes and
 * submit of the later search-form issue extend `SearchFormState` and `searchRequestFields`.
 */
import type { ChosenPlace } from './places/types';

export interface SearchFormState {
  origin: ChosenPlace | null;
  destination: ChosenPlace | null;
}

export const emptySearchForm = (): SearchFormState => ({ origin: null, destination: null });

export const swapPlaces = (state: SearchFormState): SearchFormState => ({ ...state, origin: state.destination, destination: state.origin });

export const FORM_MESSAGES = {
  chooseOrigin: 'Choose where you are travelling from from the list of suggestions.',
  chooseDestination: 'Choose where you are going from the list of suggestions.',
} as const;

export type PlaceRequestFields = { origin: ChosenPlace; destination: ChosenPlace };

/** What the planner needs from the places: each label and its coordinates, or a field error each. */
export function searchRequestFields(
  state: SearchFormState,
): { ok: true; fields: PlaceRequestFields } | { ok: false; errors: Partial<Record<keyof PlaceRequestFields, string[]>> } {
  const errors: Partial<Record<keyof PlaceRequestFields, string[]>> = {};
  if (!state.origin) errors.origin = [FORM_MESSAGES.chooseOrigin];
  if (!state.destination) errors.destination = [FORM_MESSAGES.chooseDestination];
  if (!state.origin || !state.destination) return { ok: false, errors };
  const place = ({ label, lat, lng }: ChosenPlace): ChosenPlace => ({ label, lat, lng });
  return { ok: true, fields: { origin: place(state.origin), destination: place(state.destination) } };
}
