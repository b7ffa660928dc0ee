import { createFileRoute } from '@tanstack/react-router';
import { HearMorePage } from '../features/pages';

export const Route = createFileRoute('/hear-more')({
  staticData: { name: 'HearMore', breadcrumb: 'Hear more' },
  component: HearMorePage,
});
