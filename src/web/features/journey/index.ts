export { JourneyScreen, JourneyDetails, type JourneyScreenProps } from './JourneyScreen';
export { JourneyServicesProvider, journeyApi, journeyDetailsKey, useJourneyQuery, type JourneyServices } from './services';
