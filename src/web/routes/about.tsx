import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/pages';

export const Route = createFileRoute('/about')({
  staticData: { name: 'About', breadcrumb: 'About' },
  component: AboutPage,
});
