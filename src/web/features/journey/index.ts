export { JourneyScreen, JourneyDetails, type JourneyScreenProps } from './JourneyScreen';
export { JourneyServicesProvider, journeyApi, journeyDetailsKey, type JourneyServices } from './services';
