import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ForgotPasswordScreen } from '../features/account';

export const Route = createFileRoute('/reset-password')({
  staticData: { name: 'Forgot Password', breadcrumb: 'Forgot Password' },
  beforeLoad: requireAccounts,
  component: ForgotPasswordScreen,
});
