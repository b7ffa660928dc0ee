import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ChangePasswordScreen } from '../features/account';
import { parseCodeSearch } from '../lib/search-params';

export const Route = createFileRoute('/auth/password-reset')({
  staticData: { name: 'Change Password', breadcrumb: 'Change Password' },
  beforeLoad: requireAccounts,
  // The verify and change-password pages read a code query param.
  validateSearch: parseCodeSearch,
  component: function ChangePassword() {
    return <ChangePasswordScreen code={Route.useSearch().code} />;
  },
});
