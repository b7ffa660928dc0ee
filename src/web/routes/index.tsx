import { Paper } from '@mantine/core';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { ScreenHeading } from '../components/ScreenHeading';
import { emptySearchForm, SearchForm } from '../features/search';
import { useBrand } from '../lib/brand';
import { searchPreset } from '../lib/search-preset';
import { useSettled } from '../lib/use-settled';
import { hasPlannerLink, parsePlannerLink } from '../lib/planner-link';

// Its own chunk, fetched once Home has settled: never part of Home's first JavaScript (issue 20).
const OfflinePack = lazy(() => import('../features/offline').then((m) => ({ default: m.OfflinePack })));
// A prefilled planner link (/?from=&to=&time=, issue 31): its checks load only when Home has one.
const PlannerLinkForm = lazy(() =>
  import('../features/search/PlannerLinkForm').then((m) => ({ default: m.PlannerLinkForm })),
);

export const Route = createFileRoute('/')({
  staticData: { name: 'Home', breadcrumb: 'Plan your journey' },
  validateSearch: parsePlannerLink,
  component: HomeScreen,
});

function HomeScreen() {
  const brand = useBrand();
  const settled = useSettled();
  // 'Plan Again' (Searches) opens Home with the origin and destination preset in the history state.
  const preset = useRouterState({ select: (state) => state.location.state.searchPreset });
  const link = Route.useSearch();
  const [initial] = useState(() => {
    const places = preset ? searchPreset(preset.origin, preset.destination) : null;
    return places ? { ...emptySearchForm(), ...places } : undefined;
  });
  return (
    <>
      <ScreenHeading title="Plan your journey" lead={brand.description} />
      <Paper withBorder p="md" maw={560}>
        {hasPlannerLink(link) && !initial ? (
          <Suspense fallback={null}>
            <PlannerLinkForm link={link} />
          </Suspense>
        ) : (
          <SearchForm initial={initial} />
        )}
      </Paper>
      {settled && (
        <Suspense fallback={null}>
          <OfflinePack />
        </Suspense>
      )}
    </>
  );
}
