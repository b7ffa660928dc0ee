/** The Home search form. */
export { SearchForm, SEARCH_FORM_MESSAGES, firstMessages, type SearchFormProps } from './SearchForm';
export {
  chooseJourneyType,
  initialJourneyType,
  outboundBounds,
  returnMinimum,
  searchTimes,
  toSearchTime,
  TIME_MESSAGES,
  type JourneyType,
} from './form-rules';
export { SearchPlaces, type SearchPlacesProps } from './SearchPlaces';
export {
  emptySearchForm,
  searchFormFromQuery,
  searchRequestBody,
  searchRequestFields,
  swapPlaces,
  type EditableSearch,
  type SearchFormState,
  type PlaceRequestFields,
} from './form-state';
export { PlaceField, PLACE_FIELD_MESSAGES } from './places/PlaceField';
export type { PlaceProvider, PlaceSuggestion, ChosenPlace } from './places/types';
