/**
 * GTFS files -> RawFeed. Streams every table; defects that can be repaired or
 * skipped become warnings, missing required files or columns are fatal.
 */
import type { GtfsSource } from './gtfs-source';
import { Growable } from '../common/growable';
import { parseDay, parseGtfsTime } from './gtfs-time';
import type { RawFeed, RawShape, RawStopTimes, RawTable } from './raw-feed';
import { GtfsImportError, type ReportBuilder } from './report';
import { readTable, type Row } from './table-reader';

/** Fare (v1 and v2) and GTFS-Flex tables kept verbatim for the door-to-door issue. */
const EXTRA_TABLES = [
  'fare_attributes.txt', 'fare_rules.txt', 'fare_media.txt', 'fare_products.txt', 'fare_leg_rules.txt',
  'fare_leg_join_rules.txt', 'fare_transfer_rules.txt', 'rider_categories.txt', 'areas.txt', 'stop_areas.txt',
  'networks.txt', 'route_networks.txt', 'timeframes.txt', 'location_groups.txt', 'location_group_stops.txt',
  'booking_rules.txt', 'feed_info.txt',
];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export async function loadFeed(source: GtfsSource, report: ReportBuilder): Promise<RawFeed> {
  const feed = source.name;
  const present = new Set(await source.files());
  for (const file of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt']) {
    if (!present.has(file)) throw new GtfsImportError({ feed, file, line: 0, message: 'required file is missing' });
  }
  if (!present.has('calendar.txt') && !present.has('calendar_dates.txt')) {
    throw new GtfsImportError({ feed, file: 'calendar.txt', line: 0, message: 'neither calendar.txt nor calendar_dates.txt is present' });
  }
  const warn = (file: string, row: Row | number, message: string, column?: string) =>
    report.warn({ feed, file, line: typeof row === 'number' ? row : row.line, ...(column ? { column } : {}), message });

  const out: RawFeed = {
    name: feed, agencies: [], stops: [], routes: [], trips: [], calendars: [], calendarDates: [],
    stopTimes: newStopTimes(), frequencies: [], transfers: [], seatRules: [], shapes: new Map(),
    feedStart: Number.NaN, feedEnd: Number.NaN, extras: {},
  };

  await readTable(source, 'agency.txt', ['agency_name', 'agency_url', 'agency_timezone'], report, (r) => {
    out.agencies.push({ id: r.get('agency_id'), name: r.get('agency_name'), url: r.get('agency_url'), timezone: r.get('agency_timezone'), phone: r.get('agency_phone') });
  });

  const stopIndex = new Map<string, number>();
  await readTable(source, 'stops.txt', ['stop_id'], report, (r) => {
    const id = r.get('stop_id');
    if (stopIndex.has(id)) return warn('stops.txt', r, `duplicate stop_id '${id}' ignored`, 'stop_id');
    const locationType = Number(r.get('location_type') || 0);
    let lat = Number(r.get('stop_lat'));
    let lon = Number(r.get('stop_lon'));
    if (r.get('stop_lat') === '' || r.get('stop_lon') === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      // Generic nodes and boarding areas may omit coordinates; others are repaired from the parent later.
      if (locationType < 3) warn('stops.txt', r, `stop '${id}' has no valid coordinates`, 'stop_lat');
      lat = Number.NaN;
      lon = Number.NaN;
    }
    stopIndex.set(id, out.stops.length);
    out.stops.push({
      id, code: r.get('stop_code'), name: r.get('stop_name'), lat, lon, locationType: Number.isFinite(locationType) ? locationType : 0,
      parentId: r.get('parent_station'), wheelchair: Number(r.get('wheelchair_boarding') || 0) || 0, platformCode: r.get('platform_code'), zoneId: r.get('zone_id'),
    });
  });
  for (const s of out.stops) {
    if (s.parentId && !stopIndex.has(s.parentId)) {
      warn('stops.txt', 0, `stop '${s.id}' names unknown parent_station '${s.parentId}'`, 'parent_station');
      s.parentId = '';
    }
    if (Number.isNaN(s.lat) && s.parentId) {
      const parent = out.stops[stopIndex.get(s.parentId) ?? -1];
      if (parent) ({ lat: s.lat, lon: s.lon } = parent);
    }
  }

  const routeIndex = new Map<string, number>();
  await readTable(source, 'routes.txt', ['route_id', 'route_type'], report, (r) => {
    const id = r.get('route_id');
    if (routeIndex.has(id)) return warn('routes.txt', r, `duplicate route_id '${id}' ignored`, 'route_id');
    const type = Number(r.get('route_type'));
    if (!Number.isInteger(type)) return warn('routes.txt', r, `route '${id}' has invalid route_type '${r.get('route_type')}'; route skipped`, 'route_type');
    routeIndex.set(id, out.routes.length);
    out.routes.push({
      id, agencyId: r.get('agency_id') || (out.agencies[0]?.id ?? ''), shortName: r.get('route_short_name'), longName: r.get('route_long_name'),
      type, color: r.get('route_color'), textColor: r.get('route_text_color'),
    });
  });

  if (present.has('calendar.txt')) {
    await readTable(source, 'calendar.txt', ['service_id', ...WEEKDAYS, 'start_date', 'end_date'], report, (r) => {
      const start = parseDay(r.get('start_date'));
      const end = parseDay(r.get('end_date'));
      if (Number.isNaN(start) || Number.isNaN(end)) return warn('calendar.txt', r, `service '${r.get('service_id')}' has an invalid date; skipped`, Number.isNaN(start) ? 'start_date' : 'end_date');
      out.calendars.push({ serviceId: r.get('service_id'), days: WEEKDAYS.map((d) => r.get(d) === '1'), start, end });
    });
  }
  if (present.has('calendar_dates.txt')) {
    await readTable(source, 'calendar_dates.txt', ['service_id', 'date', 'exception_type'], report, (r) => {
      const day = parseDay(r.get('date'));
      const type = Number(r.get('exception_type'));
      if (Number.isNaN(day)) return warn('calendar_dates.txt', r, `invalid date '${r.get('date')}'; skipped`, 'date');
      if (type !== 1 && type !== 2) return warn('calendar_dates.txt', r, `invalid exception_type '${r.get('exception_type')}'; skipped`, 'exception_type');
      out.calendarDates.push({ serviceId: r.get('service_id'), day, type });
    });
  }
  const services = new Set([...out.calendars.map((c) => c.serviceId), ...out.calendarDates.map((c) => c.serviceId)]);

  const tripIndex = new Map<string, number>();
  await readTable(source, 'trips.txt', ['route_id', 'service_id', 'trip_id'], report, (r) => {
    const id = r.get('trip_id');
    if (tripIndex.has(id)) return warn('trips.txt', r, `duplicate trip_id '${id}' ignored`, 'trip_id');
    const route = routeIndex.get(r.get('route_id'));
    if (route === undefined) return warn('trips.txt', r, `trip '${id}' names unknown route_id '${r.get('route_id')}'; trip skipped`, 'route_id');
    const service = r.get('service_id');
    if (!services.has(service)) warn('trips.txt', r, `trip '${id}' names service_id '${service}' with no calendar; it never runs`, 'service_id');
    tripIndex.set(id, out.trips.length);
    out.trips.push({
      id, route, service, headsign: r.get('trip_headsign'), shortName: r.get('trip_short_name'),
      directionId: Number(r.get('direction_id') || 0) || 0, shapeId: r.get('shape_id'), wheelchair: Number(r.get('wheelchair_accessible') || 0) || 0,
      blockId: r.get('block_id'),
    });
  });

  await readStopTimes(source, report, tripIndex, stopIndex, out);

  if (present.has('frequencies.txt')) {
    await readTable(source, 'frequencies.txt', ['trip_id', 'start_time', 'end_time', 'headway_secs'], report, (r) => {
      const trip = tripIndex.get(r.get('trip_id'));
      if (trip === undefined) return warn('frequencies.txt', r, `unknown trip_id '${r.get('trip_id')}'; skipped`, 'trip_id');
      const start = parseGtfsTime(r.get('start_time'));
      const end = parseGtfsTime(r.get('end_time'));
      const headway = Number(r.get('headway_secs'));
      if (!(start >= 0) || !(end >= start) || !(headway > 0)) return warn('frequencies.txt', r, 'invalid start_time, end_time or headway_secs; skipped');
      out.frequencies.push({ trip, start, end, headway, exactTimes: r.get('exact_times') === '1' });
    });
  }

  if (present.has('transfers.txt')) {
    await readTable(source, 'transfers.txt', ['transfer_type'], report, (r) => {
      // In-seat rules between two trips (types 4 and 5) join or part the trips of a vehicle (see seats.ts).
      const type = Number(r.get('transfer_type') || 0) || 0;
      if ((type === 4 || type === 5) && r.get('from_trip_id') && r.get('to_trip_id')) {
        const fromTrip = tripIndex.get(r.get('from_trip_id'));
        const toTrip = tripIndex.get(r.get('to_trip_id'));
        if (fromTrip === undefined || toTrip === undefined) return warn('transfers.txt', r, `unknown trip '${fromTrip === undefined ? r.get('from_trip_id') : r.get('to_trip_id')}'; skipped`, fromTrip === undefined ? 'from_trip_id' : 'to_trip_id');
        out.seatRules.push({ fromTrip, toTrip, type });
        return;
      }
      // Other trip- and route-specific transfers (timed, minimum time or forbidden between given trips
      // or routes) are not modelled: the stop-level rules and footpaths apply instead, and the report says so.
      if (r.get('from_trip_id') || r.get('to_trip_id') || r.get('from_route_id') || r.get('to_route_id')) {
        return warn('transfers.txt', r, 'trip- or route-specific transfer not modelled; stop-level transfers apply instead', r.get('from_trip_id') || r.get('to_trip_id') ? 'from_trip_id' : 'from_route_id');
      }
      const from = stopIndex.get(r.get('from_stop_id'));
      const to = stopIndex.get(r.get('to_stop_id'));
      if (from === undefined || to === undefined) return warn('transfers.txt', r, `unknown stop '${from === undefined ? r.get('from_stop_id') : r.get('to_stop_id')}'; skipped`, from === undefined ? 'from_stop_id' : 'to_stop_id');
      const minTime = r.get('min_transfer_time') === '' ? -1 : Number(r.get('min_transfer_time'));
      out.transfers.push({ from, to, type, minTime: Number.isFinite(minTime) ? minTime : -1 });
    });
  }

  if (present.has('shapes.txt')) await readShapes(source, report, out.shapes);

  for (const file of EXTRA_TABLES) {
    if (!present.has(file)) continue;
    const table: RawTable = { header: [], rows: [] };
    await readTable(source, file, [], report, (r) => {
      if (table.header.length === 0) table.header = r.columns;
      table.rows.push(table.header.map((c) => r.get(c)));
    });
    out.extras[file] = table;
  }
  const info = out.extras['feed_info.txt']?.rows[0];
  const header = out.extras['feed_info.txt']?.header ?? [];
  if (info) {
    out.feedStart = parseDay(info[header.indexOf('feed_start_date')] ?? '');
    out.feedEnd = parseDay(info[header.indexOf('feed_end_date')] ?? '');
  }
  if (present.has('locations.geojson')) {
    let text = '';
    await source.read('locations.geojson', (t) => (text += t));
    out.locationsGeoJson = text;
  }
  return out;
}

function newStopTimes(): RawStopTimes {
  return {
    trip: new Growable(Int32Array, 1 << 16), stop: new Growable(Int32Array, 1 << 16), sequence: new Growable(Int32Array, 1 << 16),
    arrival: new Growable(Int32Array, 1 << 16), departure: new Growable(Int32Array, 1 << 16), pickup: new Growable(Uint8Array, 1 << 16),
    dropOff: new Growable(Uint8Array, 1 << 16), distance: new Growable(Float64Array, 1 << 16),
  };
}

async function readStopTimes(source: GtfsSource, report: ReportBuilder, tripIndex: Map<string, number>, stopIndex: Map<string, number>, out: RawFeed): Promise<void> {
  const feed = source.name;
  const st = out.stopTimes;
  const flex: RawTable = {
    header: ['trip_id', 'location_group_id', 'location_id', 'stop_sequence', 'start_pickup_drop_off_window', 'end_pickup_drop_off_window', 'pickup_type', 'drop_off_type', 'pickup_booking_rule_id', 'drop_off_booking_rule_id', 'mean_duration_factor', 'mean_duration_offset', 'route_id', 'service_id'],
    rows: [],
  };
  let col: Record<string, number> | undefined;
  let line = 0;
  const warn = (message: string, column?: string) => report.warn({ feed, file: 'stop_times.txt', line, ...(column ? { column } : {}), message });
  await readTable(source, 'stop_times.txt', ['trip_id', 'stop_sequence'], report, (r) => {
    // Column positions resolved once: this callback runs for every one of millions of rows.
    col ??= Object.fromEntries(
      ['trip_id', 'stop_id', 'stop_sequence', 'arrival_time', 'departure_time', 'pickup_type', 'drop_off_type', 'shape_dist_traveled', 'location_group_id', 'location_id'].map((c) => [c, r.indexOf(c)]),
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
    if (stop === undefined) return warn(`trip '${tripId}' calls at unknown stop_id '${stopId}'; row skipped`, 'stop_id');
    const sequenceText = r.at(c.stop_sequence as number);
    const sequence = Number(sequenceText);
    if (!Number.isInteger(sequence)) return warn(`invalid stop_sequence '${sequenceText}'; row skipped`, 'stop_sequence');
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

async function readShapes(source: GtfsSource, report: ReportBuilder, shapes: Map<string, RawShape>): Promise<void> {
  const sequences = new Map<string, number[]>();
  await readTable(source, 'shapes.txt', ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'], report, (r) => {
    const id = r.get('shape_id');
    const lat = Number(r.get('shape_pt_lat'));
    const lon = Number(r.get('shape_pt_lon'));
    const seq = Number(r.get('shape_pt_sequence'));
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(seq)) {
      return report.warn({ feed: source.name, file: 'shapes.txt', line: r.line, message: `invalid point in shape '${id}'; skipped` });
    }
    let shape = shapes.get(id);
    if (!shape) {
      shape = { lat: [], lon: [], distance: [] };
      shapes.set(id, shape);
      sequences.set(id, []);
    }
    shape.lat.push(lat);
    shape.lon.push(lon);
    const d = r.get('shape_dist_traveled');
    shape.distance.push(d === '' ? Number.NaN : Number(d));
    sequences.get(id)?.push(seq);
  });
  for (const [id, shape] of shapes) {
    const seq = sequences.get(id) ?? [];
    const order = seq.map((_, i) => i).sort((a, b) => (seq[a] as number) - (seq[b] as number));
    shape.lat = order.map((i) => shape.lat[i] as number);
    shape.lon = order.map((i) => shape.lon[i] as number);
    shape.distance = order.map((i) => shape.distance[i] as number);
  }
}
