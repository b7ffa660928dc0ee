import { Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../components/ScreenHeading';
import { SearchForm } from '../features/search';
import { useBrand } from '../lib/brand';

export const Route = createFileRoute('/')({
  staticData: { name: 'Home', breadcrumb: 'Plan your journey' },
  component: HomeScreen,
});

function HomeScreen() {
  const brand = useBrand();
  return (
    <>
      <ScreenHeading title="Plan your journey" lead={brand.description} />
      <Paper withBorder p="md" maw={560}>
        <SearchForm />
      </Paper>
    </>
  );
}
