import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { EditAccountScreen } from '../features/account';

export const Route = createFileRoute('/edit-account')({
  staticData: { name: 'Edit', breadcrumb: 'Edit Account' },
  beforeLoad: requireSignedIn,
  component: EditAccountScreen,
});
