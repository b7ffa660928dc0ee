export { JourneyScreen, JourneyDetails, type JourneyScreenProps, type JourneyToolsContext } from './JourneyScreen';
export { PrintScreen } from './print/PrintScreen';
export {
  JourneyServicesProvider,
  journeyApi,
  journeyDetailsKey,
  useJourneyQuery,
  type JourneyServices,
} from './services';
