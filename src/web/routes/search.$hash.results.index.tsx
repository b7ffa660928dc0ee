import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ResultsScreen } from '../features/results';
import type { ResultsSearch } from '../lib/search-params';

export const Route = createFileRoute('/search/$hash/results/')({
  staticData: { name: 'Results' },
  component: ResultsRoute,
});

function ResultsRoute() {
  const { hash } = Route.useParams();
  const search: ResultsSearch = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // Filters and sort live in the URL (SPEC section 2); changing them replaces the history entry.
  const onSearchChange = (next: ResultsSearch) =>
    void navigate({ search: { ...(next.filters ? { filters: next.filters } : {}), ...(next.sort ? { sort: next.sort } : {}) }, replace: true });
  return <ResultsScreen hash={hash} search={search} onSearchChange={onSearchChange} />;
}
