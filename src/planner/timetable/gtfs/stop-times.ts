/**
 * stop_times.txt -> RawFeed.stopTimes (columns of typed arrays), after stops and trips. GTFS-Flex
 * rows (a zone or stop group with a pickup/drop-off window) go verbatim to extras['stop_times.flex'].
 */
import { Growable } from '../../common/growable';
import { parseGtfsTime } from '../gtfs-time';
import type { RawStopTimes, RawTable } from '../raw-feed';
import { readTable } from '../table-reader';
import type { FeedContext } from './feed-context';

export function newStopTimes(): RawStopTimes {
  return {
    trip: new Growable(Int32Array, 1 << 16),
    stop: new Growable(Int32Array, 1 << 16),
    sequence: new Growable(Int32Array, 1 << 16),
    arrival: new Growable(Int32Array, 1 << 16),
    departure: new Growable(Int32Array, 1 << 16),
    pickup: new Growable(Uint8Array, 1 << 16),
    dropOff: new Growable(Uint8Array, 1 << 16),
    distance: new Growable(Float64Array, 1 << 16),
  };
}

export async function readStopTimes(ctx: FeedContext): Promise<void> {
  const { source, report, tripIndex, stopIndex, out } = ctx;
  const feed = source.name;
  const st = out.stopTimes;
  const flex: RawTable = {
    header: [
      'trip_id',
      'location_group_id',
      'location_id',
      'stop_sequence',
      'start_pickup_drop_off_window',
      'end_pickup_drop_off_window',
      'pickup_type',
      'drop_off_type',
      'pickup_booking_rule_id',
      'drop_off_booking_rule_id',
      'mean_duration_factor',
      'mean_duration_offset',
      'route_id',
      'service_id',
    ],
    rows: [],
  };
  let col: Record<string, number> | undefined;
  let line = 0;
  const warn = (message: string, column?: string) =>
    report.warn({ feed, file: 'stop_times.txt', line, ...(column ? { column } : {}), message });
  await readTable(source, 'stop_times.txt', ['trip_id', 'stop_sequence'], report, (r) => {
    // Column positions resolved once: this callback runs for every one of millions of rows.
    col ??= Object.fromEntries(
      [
        'trip_id',
        'stop_id',
        'stop_sequence',
        'arrival_time',
        'departure_time',
        'pickup_type',
        'drop_off_type',
        'shape_dist_traveled',
        'location_group_id',
        'location_id',
      ].map((c) => [c, r.indexOf(c)]),
    );
    const c = col as Record<string, number>;
    line = r.line;
    const stopId = r.at(c.stop_id as number);
    const flexRef = stopId === '' ? r.at(c.location_group_id as number) || r.at(c.location_id as number) : '';
    // Earlier GTFS-Flex drafts (the Cobb County and Aspen feeds) put the zone's id in stop_id.
    const draftZone = stopId !== '' && !stopIndex.has(stopId) && r.get('start_pickup_drop_off_window') !== '';
    if (flexRef || draftZone) {
      // A GTFS-Flex stop time (zone or stop group with a pickup/drop-off window), with its trip's
      // route and service: trips made only of such rows never reach the timetable's trip arrays.
      const trip = out.trips[tripIndex.get(r.get('trip_id')) ?? -1];
      const rawRoute = trip ? out.routes[trip.route] : undefined;
      const value = (h: string): string => {
        if (h === 'location_id' && draftZone) return stopId;
        if (h === 'drop_off_booking_rule_id') return r.get(h) || r.get('dropoff_booking_rule_id');
        if (h === 'route_id') return rawRoute?.id ?? '';
        if (h === 'service_id') return trip?.service ?? '';
        return r.get(h);
      };
      flex.rows.push(flex.header.map(value));
      return;
    }
    const tripId = r.at(c.trip_id as number);
    const trip = tripIndex.get(tripId);
    if (trip === undefined) return warn(`unknown trip_id '${tripId}'; row skipped`, 'trip_id');
    const stop = stopIndex.get(stopId);
    if (stop === undefined)
      return warn(`trip '${tripId}' calls at unknown stop_id '${stopId}'; row skipped`, 'stop_id');
    const sequenceText = r.at(c.stop_sequence as number);
    const sequence = Number(sequenceText);
    if (!Number.isInteger(sequence))
      return warn(`invalid stop_sequence '${sequenceText}'; row skipped`, 'stop_sequence');
    const arrivalText = r.at(c.arrival_time as number);
    const departureText = r.at(c.departure_time as number);
    let arrival = parseGtfsTime(arrivalText);
    let departure = parseGtfsTime(departureText);
    if (Number.isNaN(arrival)) {
      warn(`invalid arrival_time '${arrivalText}'; treated as blank`, 'arrival_time');
      arrival = -1;
    }
    if (Number.isNaN(departure)) {
      warn(`invalid departure_time '${departureText}'; treated as blank`, 'departure_time');
      departure = -1;
    }
    if (arrival < 0) arrival = departure;
    if (departure < 0) departure = arrival;
    if (departure >= 0 && departure < arrival) {
      warn('departure_time before arrival_time; arrival used for both', 'departure_time');
      departure = arrival;
    }
    const dist = r.at(c.shape_dist_traveled as number);
    st.trip.push(trip);
    st.stop.push(stop);
    st.sequence.push(sequence);
    st.arrival.push(arrival);
    st.departure.push(departure);
    st.pickup.push(Number(r.at(c.pickup_type as number) || 0) || 0);
    st.dropOff.push(Number(r.at(c.drop_off_type as number) || 0) || 0);
    st.distance.push(dist === '' ? Number.NaN : Number(dist));
  });
  if (flex.rows.length > 0) out.extras['stop_times.flex'] = flex;
}
