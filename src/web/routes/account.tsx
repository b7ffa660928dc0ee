import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/account')({
  staticData: { name: 'Account', breadcrumb: 'My account' },
  beforeLoad: requireSignedIn,
  component: () => <ScreenHeading title="My account" />,
});
