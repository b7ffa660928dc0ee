import { createFileRoute } from '@tanstack/react-router';
import { JourneyScreen } from '../features/journey';

export const Route = createFileRoute('/search/$hash/results/$journeyId/')({
  staticData: { name: 'Journey' },
  component: JourneyRoute,
});

function JourneyRoute() {
  const { hash, journeyId } = Route.useParams();
  const search = Route.useSearch();
  return <JourneyScreen hash={hash} journeyId={journeyId} search={search} />;
}
