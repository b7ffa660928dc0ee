/** trips.txt -> RawFeed.trips (after routes and calendars: unknown routes skip the trip, unknown services are reported). */
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readTrips(ctx: FeedContext): Promise<void> {
  const { out, routeIndex, tripIndex, warn } = ctx;
  const services = new Set([...out.calendars.map((c) => c.serviceId), ...out.calendarDates.map((c) => c.serviceId)]);
  await readTable(ctx.source, 'trips.txt', ['route_id', 'service_id', 'trip_id'], ctx.report, (r) => {
    const id = r.get('trip_id');
    if (tripIndex.has(id)) return warn('trips.txt', r, `duplicate trip_id '${id}' ignored`, 'trip_id');
    const route = routeIndex.get(r.get('route_id'));
    if (route === undefined)
      return warn(
        'trips.txt',
        r,
        `trip '${id}' names unknown route_id '${r.get('route_id')}'; trip skipped`,
        'route_id',
      );
    const service = r.get('service_id');
    if (!services.has(service))
      warn('trips.txt', r, `trip '${id}' names service_id '${service}' with no calendar; it never runs`, 'service_id');
    tripIndex.set(id, out.trips.length);
    out.trips.push({
      id,
      route,
      service,
      headsign: r.get('trip_headsign'),
      shortName: r.get('trip_short_name'),
      directionId: Number(r.get('direction_id') || 0) || 0,
      shapeId: r.get('shape_id'),
      wheelchair: Number(r.get('wheelchair_accessible') || 0) || 0,
      blockId: r.get('block_id'),
    });
  });
}
