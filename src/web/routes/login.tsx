import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { LoginScreen } from '../features/account';

export const Route = createFileRoute('/login')({
  staticData: { name: 'Login', breadcrumb: 'Sign in' },
  beforeLoad: requireAccounts,
  component: LoginScreen,
});
