import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/login')({
  staticData: { name: 'Login', breadcrumb: 'Sign in' },
  beforeLoad: requireAccounts,
  component: () => <ScreenHeading title="Sign in" />,
});
