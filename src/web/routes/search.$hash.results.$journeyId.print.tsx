import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../components/ScreenHeading';

export const Route = createFileRoute('/search/$hash/results/$journeyId/print')({
  staticData: { name: 'Print', breadcrumb: 'Print journey' },
  component: PrintScreen,
});

function PrintScreen() {
  return <ScreenHeading title="Print journey" />;
}
