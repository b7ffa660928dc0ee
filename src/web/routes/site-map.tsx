import { createFileRoute } from '@tanstack/react-router';
import { SiteMapPage } from '../features/pages';

export const Route = createFileRoute('/site-map')({
  staticData: { name: 'SiteMap', breadcrumb: 'Site map' },
  component: SiteMapPage,
});
