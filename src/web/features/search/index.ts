/** The search form (this far: the From and To places). */
export { SearchPlaces, type SearchPlacesProps } from './SearchPlaces';
export { emptySearchForm, searchRequestFields, swapPlaces, type SearchFormState, type PlaceRequestFields } from './form-state';
export { PlaceField, PLACE_FIELD_MESSAGES } from './places/PlaceField';
export type { PlaceProvider, PlaceSuggestion, ChosenPlace } from './places/types';
