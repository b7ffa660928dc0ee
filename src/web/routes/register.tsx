import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { RegisterScreen } from '../features/account';

export const Route = createFileRoute('/register')({
  staticData: { name: 'Register', breadcrumb: 'Create Account' },
  beforeLoad: requireAccounts,
  component: RegisterScreen,
});
