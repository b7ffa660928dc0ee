export {
  ResultsScreen,
  SORT_LABELS,
  EMPTY_SUGGESTIONS,
  type ResultsScreenProps,
  type ShownSearch,
} from './ResultsScreen';
export { ResultsServicesProvider, searchApi, type ResultsServices } from './services';
export { journeyQueryKey } from './use-results-stream';
