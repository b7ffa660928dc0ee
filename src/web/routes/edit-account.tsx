import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/edit-account')({
  staticData: { name: 'Edit', breadcrumb: 'Edit Account' },
  beforeLoad: requireSignedIn,
  component: () => <ScreenHeading title="Edit Account" />,
});
