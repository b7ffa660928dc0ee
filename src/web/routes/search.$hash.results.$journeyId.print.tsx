import { createFileRoute } from '@tanstack/react-router';
import { PrintScreen } from '../features/journey';

export const Route = createFileRoute('/search/$hash/results/$journeyId/print')({
  staticData: { name: 'Print', breadcrumb: 'Print journey' },
  component: PrintRoute,
});

function PrintRoute() {
  const { hash, journeyId } = Route.useParams();
  return <PrintScreen hash={hash} journeyId={journeyId} />;
}
