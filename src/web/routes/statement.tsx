import { createFileRoute } from '@tanstack/react-router';
import { AccessibilityStatementPage } from '../features/pages';

export const Route = createFileRoute('/statement')({
  staticData: { name: 'Statement', breadcrumb: 'Accessibility statement' },
  component: AccessibilityStatementPage,
});
