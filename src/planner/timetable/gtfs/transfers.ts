/**
 * transfers.txt (optional) -> RawFeed.transfers (stop to stop), transferRules (types 0-3 naming trips
 * or routes) and seatRules (trip to trip, types 4 and 5). Every row imported is counted by kind in
 * RawFeed.transferKinds for the import report; a row the GTFS reference does not allow (unknown stop,
 * trip or route, a trip outside the route it names, a negative or non-numeric minimum time, an
 * unknown type, a second rule for the same pair) is reported and skipped, the rest imported.
 */
import { readTable, type Row } from '../table-reader';
import type { FeedContext } from './feed-context';

/** GTFS transfer_type names, for the report. */
const TYPE_NAMES = ['recommended', 'timed', 'minimum time', 'forbidden', 'in-seat', 'not in-seat'] as const;

/**
 * The GTFS specificity ranking of a rule by what its two sides name (transfers.txt, "Linked trips":
 * both trips, then a trip and a route, one trip, both routes, one route, stops only), 5 down to 0.
 */
export function specificityRank(fromSide: 'trip' | 'route' | '', toSide: 'trip' | 'route' | ''): number {
  const trips = (fromSide === 'trip' ? 1 : 0) + (toSide === 'trip' ? 1 : 0);
  const routes = (fromSide === 'route' ? 1 : 0) + (toSide === 'route' ? 1 : 0);
  if (trips === 2) return 5;
  if (trips === 1 && routes === 1) return 4;
  if (trips === 1) return 3;
  if (routes === 2) return 2;
  if (routes === 1) return 1;
  return 0;
}

const SCOPE_NAMES = ['stop-to-stop', 'one-route', 'route-to-route', 'one-trip', 'trip-and-route', 'trip-to-trip'];

export async function readTransfers(ctx: FeedContext): Promise<void> {
  if (!ctx.present.has('transfers.txt')) return;
  const { out, stopIndex, tripIndex, routeIndex, warn } = ctx;
  const seen = new Map<string, number>();
  const count = (kind: string) => (out.transferKinds[kind] = (out.transferKinds[kind] ?? 0) + 1);
  await readTable(ctx.source, 'transfers.txt', ['transfer_type'], ctx.report, (r) => {
    const typeText = r.get('transfer_type') || '0';
    const type = /^[0-5]$/.test(typeText) ? Number(typeText) : -1;
    if (type < 0)
      return warn('transfers.txt', r, `transfer_type '${typeText}' is not 0 to 5; skipped`, 'transfer_type');
    const minText = r.get('min_transfer_time');
    if (minText !== '' && !/^\d+$/.test(minText))
      return warn(
        'transfers.txt',
        r,
        `min_transfer_time '${minText}' is not a whole number of seconds at least 0; skipped`,
        'min_transfer_time',
      );
    const minTime = minText === '' ? -1 : Number(minText);

    const ids = {
      fromTrip: r.get('from_trip_id'),
      toTrip: r.get('to_trip_id'),
      fromRoute: r.get('from_route_id'),
      toRoute: r.get('to_route_id'),
      fromStop: r.get('from_stop_id'),
      toStop: r.get('to_stop_id'),
    };
    const unknown = (column: string, id: string, index: Map<string, number>) =>
      id !== '' && !index.has(id) ? `unknown ${column.replace(/^(from|to)_|_id$/g, '')} '${id}'` : '';
    for (const [column, id, index] of [
      ['from_trip_id', ids.fromTrip, tripIndex],
      ['to_trip_id', ids.toTrip, tripIndex],
      ['from_route_id', ids.fromRoute, routeIndex],
      ['to_route_id', ids.toRoute, routeIndex],
      ['from_stop_id', ids.fromStop, stopIndex],
      ['to_stop_id', ids.toStop, stopIndex],
    ] as const) {
      const problem = unknown(column, id, index);
      if (problem) return warn('transfers.txt', r, `${problem}; skipped`, column);
    }
    const fromTrip = ids.fromTrip ? (tripIndex.get(ids.fromTrip) as number) : -1;
    const toTrip = ids.toTrip ? (tripIndex.get(ids.toTrip) as number) : -1;

    // In-seat rules between two trips (types 4 and 5) join or part the trips of a vehicle (see seats.ts).
    if ((type === 4 || type === 5) && fromTrip >= 0 && toTrip >= 0) {
      if (conflicts(ctx, r, seen, `seat|${ids.fromTrip}|${ids.toTrip}`)) return;
      out.seatRules.push({ fromTrip, toTrip, type });
      count(TYPE_NAMES[type]);
      return;
    }
    if (type === 4 || type === 5)
      return warn(
        'transfers.txt',
        r,
        'an in-seat transfer names both trips (from_trip_id, to_trip_id); skipped',
        'from_trip_id',
      );
    if (!ids.fromStop || !ids.toStop)
      return warn(
        'transfers.txt',
        r,
        `transfer_type ${type} needs from_stop_id and to_stop_id; skipped`,
        ids.fromStop ? 'to_stop_id' : 'from_stop_id',
      );
    // A trip named with its route must belong to it (the route is then redundant).
    for (const [trip, route, column] of [
      [ids.fromTrip, ids.fromRoute, 'from_route_id'],
      [ids.toTrip, ids.toRoute, 'to_route_id'],
    ] as const) {
      if (trip && route && out.trips[tripIndex.get(trip) as number]?.route !== routeIndex.get(route))
        return warn('transfers.txt', r, `trip '${trip}' is not on route '${route}'; skipped`, column);
    }
    const fromSide = ids.fromTrip ? 'trip' : ids.fromRoute ? 'route' : '';
    const toSide = ids.toTrip ? 'trip' : ids.toRoute ? 'route' : '';
    const rank = specificityRank(fromSide, toSide);
    const key = [
      ids.fromStop,
      ids.toStop,
      fromSide === 'trip' ? `t:${ids.fromTrip}` : fromSide === 'route' ? `r:${ids.fromRoute}` : '',
      toSide === 'trip' ? `t:${ids.toTrip}` : toSide === 'route' ? `r:${ids.toRoute}` : '',
    ].join('|');
    if (conflicts(ctx, r, seen, key)) return;
    const from = stopIndex.get(ids.fromStop) as number;
    const to = stopIndex.get(ids.toStop) as number;
    count(`${SCOPE_NAMES[rank]} ${TYPE_NAMES[type]}`);
    if (rank === 0) {
      out.transfers.push({ from, to, type, minTime });
      return;
    }
    out.transferRules.push({
      fromStop: from,
      toStop: to,
      fromTrip,
      toTrip,
      fromRoute: fromSide === 'route' ? (routeIndex.get(ids.fromRoute) as number) : -1,
      toRoute: toSide === 'route' ? (routeIndex.get(ids.toRoute) as number) : -1,
      type,
      minTime,
    });
  });
}

/** A second rule for the same pair of stops and trips or routes: the first one stands, this one is reported. */
function conflicts(ctx: FeedContext, r: Row, seen: Map<string, number>, key: string): boolean {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, r.line);
    return false;
  }
  ctx.warn('transfers.txt', r, `a second rule for the same transfer as line ${first}; skipped (line ${first} applies)`);
  return true;
}
