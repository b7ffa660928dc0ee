import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../components/ScreenHeading';

export const Route = createFileRoute('/search/$hash/results/$journeyId/')({
  staticData: { name: 'Journey' },
  component: JourneyScreen,
});

function JourneyScreen() {
  return <ScreenHeading title="Journey details" />;
}
