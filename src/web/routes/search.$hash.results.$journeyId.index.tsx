import { createFileRoute } from '@tanstack/react-router';
import { AddToCalendar } from '../features/calendar';
import { JourneyScreen, type JourneyToolsContext } from '../features/journey';
import { RemindMe } from '../features/reminders';
import { ShareJourney, shareTarget } from '../features/share';
import { useBrand } from '../lib/brand';

export const Route = createFileRoute('/search/$hash/results/$journeyId/')({
  staticData: { name: 'Journey' },
  component: JourneyRoute,
});

/** The trip in the traveller's pocket (issue 31): share, calendar and reminders, composed here. */
function TripTools({ context }: { context: JourneyToolsContext }) {
  const brand = useBrand();
  const link = shareTarget(window.location.origin, context.journey, context);
  return (
    <>
      <ShareJourney {...context} />
      <AddToCalendar
        journey={context.journey}
        url={link.url}
        appointmentMinutes={context.appointmentMinutes}
        calendarName={brand.title}
      />
      <RemindMe journey={context.journey} url={link.url} />
    </>
  );
}

function JourneyRoute() {
  const { hash, journeyId } = Route.useParams();
  const search = Route.useSearch();
  return (
    <JourneyScreen
      hash={hash}
      journeyId={journeyId}
      search={search}
      tools={(context) => <TripTools context={context} />}
    />
  );
}
