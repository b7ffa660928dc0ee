import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';
import { z } from 'zod';

/** The verify and change-password pages read a code query param. */
const codeSearchSchema = z.object({ code: z.string().max(200).optional().catch(undefined) });

export const Route = createFileRoute('/auth/activation')({
  staticData: { name: 'Verify Email Address', breadcrumb: 'Activating your account' },
  beforeLoad: requireAccounts,
  validateSearch: (search) => codeSearchSchema.parse(search),
  component: () => <ScreenHeading title="Activating your account" />,
});
