/**
 * GTFS-Flex as the planner reads it: zones (locations.geojson), stop groups (location_groups +
 * location_group_stops), flex stop times (pickup/drop-off windows, booking rules, duration
 * factors) and booking rules. Built from the verbatim tables the timetable keeps in `extras`
 * (so a snapshot carries them without a format change), once per timetable. Browser-safe.
 */
import { bboxOf, councilAt, type Ring } from '../geo/council-areas';
import { haversine, type LatLng } from '../geo/geo';
import { parseGtfsTime } from '../timetable/gtfs-time';
import { DROP_OFF, patternOfTrip, PICKUP, tripTimeBase, type Timetable } from '../timetable/model';

export interface FlexZone {
  feed: string;
  id: string;
  name: string;
  /** Fares v1 zone (the feature's zone_id property), '' when none. */
  zoneId: string;
  polygons: Ring[][];
  bbox: [number, number, number, number];
}

export interface FlexGroup {
  feed: string;
  id: string;
  name: string;
  /** Timetable stop indexes. */
  stops: number[];
}

/** GTFS-Flex booking_rules.txt row. booking_type 0 real time, 1 same day with notice, 2 up to prior day(s). */
export interface BookingRule {
  id: string;
  type: 0 | 1 | 2;
  /** Minutes. */
  noticeMin: number | null;
  noticeMax: number | null;
  lastDay: number | null;
  /** Seconds since midnight. */
  lastTime: number | null;
  startDay: number | null;
  /** prior_notice_service_id: the days counted back are the days this service runs (timetable index), else -1. */
  noticeService: number;
  startTime: number | null;
  message: string;
  pickupMessage: string;
  dropOffMessage: string;
  phone: string;
  infoUrl: string;
  bookingUrl: string;
}

export interface FlexCall {
  /** Order within the trip (stop_sequence; equal sequences keep file order). */
  sequence: number;
  zone: FlexZone | null;
  group: FlexGroup | null;
  /** A fixed timetabled stop of a scheduled-deviated trip (window = its arrival..departure), else -1. */
  stop: number;
  /** Seconds since the service day's midnight. */
  windowStart: number;
  windowEnd: number;
  pickup: boolean;
  dropOff: boolean;
  pickupRule: BookingRule | null;
  dropOffRule: BookingRule | null;
  /** mean_duration_factor / mean_duration_offset (offset in minutes), null when the feed gives none. */
  meanFactor: number | null;
  meanOffset: number | null;
}

export interface FlexTrip {
  feed: string;
  id: string;
  /** Timetable route index, or -1. */
  route: number;
  /** Timetable service index, or -1. */
  service: number;
  calls: FlexCall[];
}

export interface FlexModel {
  zones: FlexZone[];
  groups: FlexGroup[];
  trips: FlexTrip[];
  /** Problems met while reading (unknown zone, bad window): the row is skipped. */
  warnings: string[];
}

type Table = { header: string[]; rows: string[][] };

function records(table: Table | undefined): Record<string, string>[] {
  if (!table) return [];
  const keys = table.header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  return table.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}

const num = (text: string | undefined): number | null => {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

function bookingRule(r: Record<string, string>, services: Map<string, number>, feed: string): BookingRule {
  const type = Number(r.booking_type);
  const last = parseGtfsTime(r.prior_notice_last_time ?? '');
  const start = parseGtfsTime(r.prior_notice_start_time ?? '');
  return {
    id: r.booking_rule_id ?? '',
    type: type === 1 || type === 2 ? type : 0,
    noticeMin: num(r.prior_notice_duration_min),
    noticeMax: num(r.prior_notice_duration_max),
    lastDay: num(r.prior_notice_last_day),
    lastTime: Number.isNaN(last) || last < 0 ? null : last,
    startDay: num(r.prior_notice_start_day),
    noticeService: r.prior_notice_service_id ? (services.get(`${feed}:${r.prior_notice_service_id}`) ?? -1) : -1,
    startTime: Number.isNaN(start) || start < 0 ? null : start,
    message: r.message ?? '',
    pickupMessage: r.pickup_message ?? '',
    dropOffMessage: r.drop_off_message ?? '',
    phone: r.phone_number ?? '',
    infoUrl: r.info_url ?? '',
    bookingUrl: r.booking_url ?? '',
  };
}

interface GeoFeature {
  id?: string | number;
  properties?: Record<string, unknown> | null;
  geometry?: { type: string; coordinates: unknown } | null;
}

function zonesOf(feed: string, text: string, warnings: string[]): FlexZone[] {
  let parsed: { features?: GeoFeature[] };
  try {
    parsed = JSON.parse(text) as { features?: GeoFeature[] };
  } catch {
    warnings.push(`${feed}: locations.geojson is not valid JSON; its zones are ignored`);
    return [];
  }
  const out: FlexZone[] = [];
  for (const f of parsed.features ?? []) {
    const g = f.geometry;
    const id = f.id === undefined ? String(f.properties?.location_id ?? '') : String(f.id);
    const polygons =
      g?.type === 'Polygon' ? [g.coordinates as Ring[]] : g?.type === 'MultiPolygon' ? (g.coordinates as Ring[][]) : [];
    if (!id || polygons.length === 0) {
      warnings.push(`${feed}: locations.geojson feature '${id}' has no id or no (multi)polygon; ignored`);
      continue;
    }
    const p = f.properties ?? {};
    out.push({
      feed,
      id,
      name: String(p.stop_name ?? p.name ?? id),
      zoneId: String(p.zone_id ?? ''),
      polygons,
      bbox: bboxOf(polygons),
    });
  }
  return out;
}

const models = new WeakMap<Timetable, FlexModel>();

/** The timetable's GTFS-Flex model (cached per timetable). Empty when no feed has flex stop times. */
export function flexModel(tt: Timetable): FlexModel {
  let m = models.get(tt);
  if (!m) {
    m = buildFlexModel(tt);
    models.set(tt, m);
  }
  return m;
}

export function buildFlexModel(tt: Timetable): FlexModel {
  const model: FlexModel = { zones: [], groups: [], trips: [], warnings: [] };
  const stopIndex = new Map(tt.stopIds.map((id, i) => [id, i]));
  const routeIndex = new Map(tt.routeIds.map((id, i) => [id, i]));
  const serviceIndex = new Map(tt.serviceIds.map((id, i) => [id, i]));
  for (const { name: feed } of tt.feeds) {
    const flexTable = tt.extras[`${feed}/stop_times.flex`];
    const flexRows = records(flexTable);
    if (flexRows.length === 0) continue;
    if (!flexTable?.header.includes('service_id')) {
      model.warnings.push(
        `${feed}: flex stop times without their trips' service (a snapshot from an older import); re-run the import to plan its demand-responsive rides`,
      );
    }
    const geo = tt.extras[`${feed}/locations.geojson`]?.rows[0]?.[0];
    const zones = new Map((geo ? zonesOf(feed, geo, model.warnings) : []).map((z) => [z.id, z]));
    const groups = new Map<string, FlexGroup>();
    for (const r of records(tt.extras[`${feed}/location_groups.txt`])) {
      const id = r.location_group_id ?? '';
      if (id) groups.set(id, { feed, id, name: r.location_group_name || id, stops: [] });
    }
    for (const r of records(tt.extras[`${feed}/location_group_stops.txt`])) {
      const s = stopIndex.get(`${feed}:${r.stop_id ?? ''}`);
      const g = groups.get(r.location_group_id ?? '');
      if (g && s !== undefined) g.stops.push(s);
    }
    const rules = new Map(
      records(tt.extras[`${feed}/booking_rules.txt`]).map((r) => [
        r.booking_rule_id ?? '',
        bookingRule(r, serviceIndex, feed),
      ]),
    );
    const trips = new Map<string, FlexTrip>();
    for (const r of flexRows) {
      const tripId = r.trip_id ?? '';
      const where = r.location_group_id ? `group '${r.location_group_id}'` : `zone '${r.location_id}'`;
      const zone = r.location_id ? (zones.get(r.location_id) ?? null) : null;
      const group = r.location_group_id ? (groups.get(r.location_group_id) ?? null) : null;
      const start = parseGtfsTime(r.start_pickup_drop_off_window ?? '');
      const end = parseGtfsTime(r.end_pickup_drop_off_window ?? '');
      if (!zone && !group) {
        model.warnings.push(`${feed}: trip '${tripId}' names unknown ${where}; stop time skipped`);
        continue;
      }
      if (!(start >= 0) || !(end >= start)) {
        model.warnings.push(
          `${feed}: trip '${tripId}' at ${where} has no valid pickup/drop-off window; stop time skipped`,
        );
        continue;
      }
      let trip = trips.get(tripId);
      if (!trip) {
        trip = {
          feed,
          id: tripId,
          route: routeIndex.get(`${feed}:${r.route_id ?? ''}`) ?? -1,
          service: serviceIndex.get(`${feed}:${r.service_id ?? ''}`) ?? -1,
          calls: [],
        };
        trips.set(tripId, trip);
      }
      trip.calls.push({
        sequence: Number(r.stop_sequence) || 0,
        zone,
        group,
        stop: -1,
        windowStart: start,
        windowEnd: end,
        // pickup_type / drop_off_type 1 = not available; 2 (phone the agency) and 3 (ask the driver) still are.
        pickup: r.pickup_type !== '1',
        dropOff: r.drop_off_type !== '1',
        pickupRule: rules.get(r.pickup_booking_rule_id ?? '') ?? null,
        dropOffRule: rules.get(r.drop_off_booking_rule_id ?? '') ?? null,
        meanFactor: num(r.mean_duration_factor),
        meanOffset: num(r.mean_duration_offset),
      });
    }
    let timetableTrips: Map<string, number> | null = null;
    for (const t of trips.values()) {
      t.calls.sort((a, b) => a.sequence - b.sequence);
      timetableTrips ??= new Map(tt.tripIds.map((id, i) => [id, i]));
      const fixed = timetableTrips.get(`${feed}:${t.id}`);
      if (fixed !== undefined) t.calls = withFixedCalls(tt, fixed, t.calls);
    }
    model.zones.push(...zones.values());
    model.groups.push(...groups.values());
    model.trips.push(...trips.values());
  }
  return model;
}

/**
 * A scheduled-deviated trip: its timetabled stops (kept in the timetable, without stop_sequence)
 * merged into the flex calls by time - a stop at or before a zone window's opening comes before it.
 */
function withFixedCalls(tt: Timetable, trip: number, flex: FlexCall[]): FlexCall[] {
  const p = patternOfTrip(tt, trip);
  const first = tt.patternStopStart[p] as number;
  const n = (tt.patternStopStart[p + 1] as number) - first;
  const base = tripTimeBase(tt, p, trip);
  const out: FlexCall[] = [];
  let i = 0;
  for (let k = 0; k < n; k++) {
    const arrival = tt.arrivals[base + k] as number;
    while (i < flex.length && (flex[i] as FlexCall).windowStart < arrival) out.push(flex[i++] as FlexCall);
    const flags = tt.patternStopFlags[first + k] as number;
    out.push({
      sequence: -1,
      zone: null,
      group: null,
      stop: tt.patternStops[first + k] as number,
      windowStart: arrival,
      windowEnd: tt.departures[base + k] as number,
      pickup: (flags & PICKUP) !== 0,
      dropOff: (flags & DROP_OFF) !== 0,
      pickupRule: null,
      dropOffRule: null,
      meanFactor: null,
      meanOffset: null,
    });
  }
  while (i < flex.length) out.push(flex[i++] as FlexCall);
  return out;
}

export function zoneContains(zone: FlexZone, p: LatLng): boolean {
  // The council-area test is the same point-in-polygon (outer ring minus holes) over GeoJSON rings.
  return councilAt([zone], p.lat, p.lng) !== undefined;
}

/** The stop of the list (a group's, or one fixed stop) nearest to p within `maxMetres` (straight line), or null. */
export function nearestStop(
  tt: Timetable,
  group: { stops: readonly number[] },
  p: LatLng,
  maxMetres: number,
): { stop: number; metres: number } | null {
  let best: { stop: number; metres: number } | null = null;
  for (const s of group.stops) {
    const d = haversine(p.lat, p.lng, tt.stopLat[s] as number, tt.stopLon[s] as number);
    if (d <= maxMetres && (!best || d < best.metres)) best = { stop: s, metres: d };
  }
  return best;
}
