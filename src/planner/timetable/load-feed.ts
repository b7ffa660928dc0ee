/**
 * GTFS files -> RawFeed, one reader per file in gtfs/ (as MOTIS nigiri's loader/gtfs), called
 * here in dependency order: stops, routes and trips before the files that name them. Defects
 * that can be repaired or skipped become warnings; missing required files or columns are fatal.
 */
import type { GtfsSource } from './gtfs-source';
import { readAgencies } from './gtfs/agency';
import { readCalendars } from './gtfs/calendar';
import { readExtras } from './gtfs/extras';
import { newFeedContext } from './gtfs/feed-context';
import { readFrequencies } from './gtfs/frequencies';
import { readRoutes } from './gtfs/routes';
import { readShapes } from './gtfs/shapes';
import { newStopTimes, readStopTimes } from './gtfs/stop-times';
import { readStops } from './gtfs/stops';
import { readTransfers } from './gtfs/transfers';
import { readTrips } from './gtfs/trips';
import type { RawFeed } from './raw-feed';
import { GtfsImportError, type ReportBuilder } from './report';

export async function loadFeed(source: GtfsSource, report: ReportBuilder): Promise<RawFeed> {
  const feed = source.name;
  const present = new Set(await source.files());
  for (const file of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt']) {
    if (!present.has(file)) throw new GtfsImportError({ feed, file, line: 0, message: 'required file is missing' });
  }
  if (!present.has('calendar.txt') && !present.has('calendar_dates.txt')) {
    throw new GtfsImportError({
      feed,
      file: 'calendar.txt',
      line: 0,
      message: 'neither calendar.txt nor calendar_dates.txt is present',
    });
  }
  const out: RawFeed = {
    name: feed,
    agencies: [],
    stops: [],
    routes: [],
    trips: [],
    calendars: [],
    calendarDates: [],
    stopTimes: newStopTimes(),
    frequencies: [],
    transfers: [],
    transferRules: [],
    seatRules: [],
    transferKinds: {},
    shapes: new Map(),
    feedStart: Number.NaN,
    feedEnd: Number.NaN,
    extras: {},
  };
  const ctx = newFeedContext(source, report, present, out);
  await readAgencies(ctx);
  await readStops(ctx);
  await readRoutes(ctx);
  await readCalendars(ctx);
  await readTrips(ctx);
  await readStopTimes(ctx);
  await readFrequencies(ctx);
  await readTransfers(ctx);
  await readShapes(ctx);
  await readExtras(ctx);
  return out;
}
