import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/pages';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { name: 'PrivacyPolicy', breadcrumb: 'Privacy Policy' },
  component: PrivacyPolicyPage,
});
