import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/pages';

export const Route = createFileRoute('/terms-and-conditions')({
  staticData: { name: 'TermsConditions', breadcrumb: 'Terms & Conditions' },
  component: TermsPage,
});
