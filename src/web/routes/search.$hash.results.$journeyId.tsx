import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseJourneySearch } from '../lib/search-params';

export const Route = createFileRoute('/search/$hash/results/$journeyId')({
  staticData: { breadcrumb: 'Journey details' },
  // journeyType picks the leg shown first; show forces the fetched journey to become current.
  validateSearch: parseJourneySearch,
  component: Outlet,
});
