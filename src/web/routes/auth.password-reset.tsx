import { createFileRoute } from '@tanstack/react-router';
import { requireAccounts } from '../app/guards';
import { ScreenHeading } from '../components/ScreenHeading';
import { z } from 'zod';

/** The verify and change-password pages read a code query param. */
const codeSearchSchema = z.object({ code: z.string().max(200).optional().catch(undefined) });

export const Route = createFileRoute('/auth/password-reset')({
  staticData: { name: 'Change Password', breadcrumb: 'Change Password' },
  beforeLoad: requireAccounts,
  validateSearch: (search) => codeSearchSchema.parse(search),
  component: () => <ScreenHeading title="Change Password" />,
});
