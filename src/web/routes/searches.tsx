import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/searches')({
  staticData: { name: 'Searches', breadcrumb: 'My journeys' },
  beforeLoad: requireSignedIn,
  component: () => <ScreenHeading title="My journeys" />,
});
