import { createFileRoute, Outlet } from '@tanstack/react-router';
import { parseResultsSearch } from '../lib/search-params';

export const Route = createFileRoute('/search/$hash/results')({
  staticData: { breadcrumb: 'Select journey option' },
  // filters (comma-separated stages) and sort are kept in the URL.
  validateSearch: parseResultsSearch,
  component: Outlet,
});
