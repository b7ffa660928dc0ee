import { Paper } from '@mantine/core';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { ScreenHeading } from '../components/ScreenHeading';
import { emptySearchForm, SearchForm } from '../features/search';
import { useBrand } from '../lib/brand';
import { searchPreset } from '../lib/search-preset';
import { useSettled } from '../lib/use-settled';

// Its own chunk, fetched once Home has settled: never part of Home's first JavaScript (issue 20).
const OfflinePack = lazy(() => import('../features/offline').then((m) => ({ default: m.OfflinePack })));

export const Route = createFileRoute('/')({
  staticData: { name: 'Home', breadcrumb: 'Plan your journey' },
  component: HomeScreen,
});

function HomeScreen() {
  const brand = useBrand();
  const settled = useSettled();
  // 'Plan Again' (Searches) opens Home with the origin and destination preset in the history state.
  const preset = useRouterState({ select: (state) => state.location.state.searchPreset });
  const [initial] = useState(() => {
    const places = preset ? searchPreset(preset.origin, preset.destination) : null;
    return places ? { ...emptySearchForm(), ...places } : undefined;
  });
  return (
    <>
      <ScreenHeading title="Plan your journey" lead={brand.description} />
      <Paper withBorder p="md" maw={560}>
        <SearchForm initial={initial} />
      </Paper>
      {settled && (
        <Suspense fallback={null}>
          <OfflinePack />
        </Suspense>
      )}
    </>
  );
}
