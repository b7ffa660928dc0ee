export { ShareJourney, type ShareJourneyProps } from './ShareJourney';
export { shareTarget, type ShareTarget } from './share-link';
