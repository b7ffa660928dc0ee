import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { ResultsScreen, type ShownSearch } from '../features/results';
import type { ResultsSearch } from '../lib/search-params';

// The Edit journey form is the search feature's form (features compose here), loaded when the
// sidebar first opens: Results' first load does without the form and its calendar.
const EditJourneyForm = lazy(() =>
  import('../features/search').then(({ SearchForm, searchFormFromQuery }) => ({
    default: ({ query, close }: { query: ShownSearch; close: () => void }) => (
      <SearchForm variant="edit" initial={searchFormFromQuery(query)} onPlanned={close} />
    ),
  })),
);

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
    void navigate({
      search: { ...(next.filters ? { filters: next.filters } : {}), ...(next.sort ? { sort: next.sort } : {}) },
      replace: true,
    });
  return (
    <ResultsScreen
      hash={hash}
      search={search}
      onSearchChange={onSearchChange}
      editJourney={(query, close) => (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
          <EditJourneyForm query={query} close={close} />
        </Suspense>
      )}
    />
  );
}
