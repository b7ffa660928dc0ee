import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../app/guards';
import { AccountScreen } from '../features/account';

export const Route = createFileRoute('/account')({
  staticData: { name: 'Account', breadcrumb: 'My account' },
  beforeLoad: requireSignedIn,
  component: AccountScreen,
});
