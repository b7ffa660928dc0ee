import { createFileRoute } from '@tanstack/react-router';
import { CookiePolicyPage } from '../features/pages';

export const Route = createFileRoute('/cookie-policy')({
  staticData: { name: 'Cookie', breadcrumb: 'Cookie Policy' },
  component: CookiePolicyPage,
});
