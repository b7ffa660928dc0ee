import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/register')({
  staticData: { name: 'Register', breadcrumb: 'Create Account' },
  beforeLoad: requireAccounts,
  component: () => <ScreenHeading title="Create Account" />,
});
