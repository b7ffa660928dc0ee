import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../components/ScreenHeading';

export const Route = createFileRoute('/search/$hash/results/')({
  staticData: { name: 'Results' },
  component: ResultsScreen,
});

function ResultsScreen() {
  return <ScreenHeading title="Journey results" />;
}
