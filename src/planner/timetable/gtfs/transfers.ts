/** transfers.txt (optional) -> RawFeed.transfers (stop to stop) and seatRules (trip to trip, types 4 and 5). */
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export async function readTransfers(ctx: FeedContext): Promise<void> {
  if (!ctx.present.has('transfers.txt')) return;
  const { out, stopIndex, tripIndex, warn } = ctx;
  await readTable(ctx.source, 'transfers.txt', ['transfer_type'], ctx.report, (r) => {
    // In-seat rules between two trips (types 4 and 5) join or part the trips of a vehicle (see seats.ts).
    const type = Number(r.get('transfer_type') || 0) || 0;
    if ((type === 4 || type === 5) && r.get('from_trip_id') && r.get('to_trip_id')) {
      const fromTrip = tripIndex.get(r.get('from_trip_id'));
      const toTrip = tripIndex.get(r.get('to_trip_id'));
      if (fromTrip === undefined || toTrip === undefined)
        return warn(
          'transfers.txt',
          r,
          `unknown trip '${fromTrip === undefined ? r.get('from_trip_id') : r.get('to_trip_id')}'; skipped`,
          fromTrip === undefined ? 'from_trip_id' : 'to_trip_id',
        );
      out.seatRules.push({ fromTrip, toTrip, type });
      return;
    }
    // Other trip- and route-specific transfers (timed, minimum time or forbidden between given trips
    // or routes) are not modelled: the stop-level rules and footpaths apply instead, and the report says so.
    if (r.get('from_trip_id') || r.get('to_trip_id') || r.get('from_route_id') || r.get('to_route_id')) {
      return warn(
        'transfers.txt',
        r,
        'trip- or route-specific transfer not modelled; stop-level transfers apply instead',
        r.get('from_trip_id') || r.get('to_trip_id') ? 'from_trip_id' : 'from_route_id',
      );
    }
    const from = stopIndex.get(r.get('from_stop_id'));
    const to = stopIndex.get(r.get('to_stop_id'));
    if (from === undefined || to === undefined)
      return warn(
        'transfers.txt',
        r,
        `unknown stop '${from === undefined ? r.get('from_stop_id') : r.get('to_stop_id')}'; skipped`,
        from === undefined ? 'from_stop_id' : 'to_stop_id',
      );
    const minTime = r.get('min_transfer_time') === '' ? -1 : Number(r.get('min_transfer_time'));
    out.transfers.push({ from, to, type, minTime: Number.isFinite(minTime) ? minTime : -1 });
  });
}
