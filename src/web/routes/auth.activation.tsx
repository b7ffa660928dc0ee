import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ActivationScreen } from '../features/account';
import { parseCodeSearch } from '../lib/search-params';

export const Route = createFileRoute('/auth/activation')({
  staticData: { name: 'Verify Email Address', breadcrumb: 'Activating your account' },
  beforeLoad: requireAccounts,
  // The verify and change-password pages read a code query param.
  validateSearch: parseCodeSearch,
  component: function Activation() {
    return <ActivationScreen code={Route.useSearch().code} />;
  },
});
