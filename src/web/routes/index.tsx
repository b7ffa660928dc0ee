import { createFileRoute } from '@tanstack/react-router';
import { ScreenHeading } from '../components/ScreenHeading';
import { useBrand } from '../lib/brand';

export const Route = createFileRoute('/')({
  staticData: { name: 'Home', breadcrumb: 'Plan your journey' },
  component: HomeScreen,
});

function HomeScreen() {
  const brand = useBrand();
  return <ScreenHeading title="Plan your journey" lead={brand.description} />;
}
