import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { Journey } from '../../contract/journey';
import { apiGet, SHARED_PATHS } from '../lib/api';
import { isDeviceHash } from '../lib/device-planner/device-hash';
import { journeyReadKey, readEarly } from '../lib/early-read';
import { parseJourneySearch } from '../lib/search-params';

export const Route = createFileRoute('/search/$hash/results/$journeyId')({
  staticData: { breadcrumb: 'Journey details' },
  // journeyType picks the leg shown first; show forces the fetched journey to become current.
  validateSearch: parseJourneySearch,
  // The journey's request leaves while the page's code loads and renders (lib/early-read); the
  // Journey, stage and print screens' query takes its answer. Not for a hover's preload.
  loader: ({ params: { hash, journeyId }, context, preload }) => {
    if (preload || isDeviceHash(hash)) return;
    readEarly(journeyReadKey(hash, journeyId), () =>
      apiGet<{ data: Journey }>(SHARED_PATHS.searchJourney(hash, journeyId), { apiKey: context.brand.apiKey }).then(
        (body) => body.data,
      ),
    );
  },
  component: Outlet,
});
