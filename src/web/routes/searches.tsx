import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { SearchesScreen } from '../features/searches';
import { parseSearchesView, type SearchesView } from '../features/searches/view';

export const Route = createFileRoute('/searches')({
  staticData: { name: 'Searches', breadcrumb: 'My journeys' },
  beforeLoad: requireSignedIn,
  // ?list=saved&page=2: Back and a reload return to the same list and page.
  validateSearch: parseSearchesView,
  component: SearchesRoute,
});

function SearchesRoute() {
  const view = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onViewChange = (next: SearchesView) => void navigate({ search: parseSearchesView({ ...next }) });
  return <SearchesScreen view={view} onViewChange={onViewChange} />;
}
