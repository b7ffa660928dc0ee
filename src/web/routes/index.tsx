import { Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenHeading } from '../components/ScreenHeading';
import { emptySearchForm, SearchPlaces, type SearchFormState } from '../features/search';
import { useBrand } from '../lib/brand';

export const Route = createFileRoute('/')({
  staticData: { name: 'Home', breadcrumb: 'Plan your journey' },
  component: HomeScreen,
});

function HomeScreen() {
  const brand = useBrand();
  // The search form's state: From/To now; dates, passes and submit join it in the search-form issue.
  const [form, setForm] = useState<SearchFormState>(emptySearchForm);
  return (
    <>
      <ScreenHeading title="Plan your journey" lead={brand.description} />
      <Paper component="form" withBorder p="md" maw={560} aria-label="Plan your journey" onSubmit={(event) => event.preventDefault()}>
        <SearchPlaces state={form} onChange={setForm} />
      </Paper>
    </>
  );
}
