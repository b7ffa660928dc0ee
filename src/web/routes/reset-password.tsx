import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';


export const Route = createFileRoute('/reset-password')({
  staticData: { name: 'Forgot Password', breadcrumb: 'Forgot Password' },
  beforeLoad: requireAccounts,
  component: () => <ScreenHeading title="Forgot Password" />,
});
