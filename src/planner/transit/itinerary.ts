/**
 * Router paths -> itineraries a person can read: agency, route, headsign,
 * boarding and alighting stops and times, intermediate stops, geometry (shape
 * or straight lines) and the service date of each trip.
 */
import type { FrequencyWindow } from '../raptor/frequency';
import type { PathLeg, RaptorPath } from '../raptor/transit-data';
import { formatDay } from '../timetable/gtfs-time';
import { tripTimeBase, type Timetable } from '../timetable/model';
import { modeOfRouteType, type TransitMode } from '../timetable/modes';

export interface StopRef {
  stopId: string;
  name: string;
  /** stops.txt zone_id ('' when none). */
  zoneId: string;
  lat: number;
  lon: number;
}

export interface CallAt extends StopRef {
  arrival: number;
  departure: number;
}

export interface TransitLeg {
  mode: 'transit';
  /** Seconds relative to the query date's midnight. */
  departure: number;
  arrival: number;
  /** The date whose timetable the trip belongs to (it may be the day before, for a trip past midnight). */
  serviceDate: string;
  tripId: string;
  trip: number;
  agency: { name: string; url: string };
  route: {
    id: string;
    shortName: string;
    longName: string;
    type: number;
    mode: TransitMode;
    color: string;
    textColor: string;
  };
  headsign: string;
  from: StopRef;
  to: StopRef;
  intermediateStops: CallAt[];
  /** [lat, lon] pairs. */
  geometry: [number, number][];
  /** The traveller stays on board from the previous leg (the same vehicle continues as this trip). */
  staySeated?: true;
  /**
   * A frequency-based service (no departure times in the data; raptor/frequency.ts): its window at
   * the boarding stop, when the traveller is there, and the waiting allowance. `departure` is then the
   * latest the rule lets the vehicle leave, not a scheduled time.
   */
  frequency?: FrequencyWindow;
}

export interface WalkLeg {
  mode: 'walk';
  kind: 'access' | 'transfer' | 'egress';
  departure: number;
  arrival: number;
  from?: StopRef;
  to?: StopRef;
}

export type Leg = TransitLeg | WalkLeg;

export interface Itinerary {
  departure: number;
  arrival: number;
  transfers: number;
  legs: Leg[];
}

export function stopRef(tt: Timetable, s: number): StopRef {
  return {
    stopId: tt.stopDisplayIds[s] as string,
    name: tt.stopNames[s] as string,
    zoneId: tt.stopZones?.[s] ?? '',
    lat: tt.stopLat[s] as number,
    lon: tt.stopLon[s] as number,
  };
}

export function toItinerary(tt: Timetable, date: number, path: RaptorPath): Itinerary {
  const legs: Leg[] = [];
  for (const l of path.legs) {
    const leg = toLeg(tt, date, l);
    if (leg) legs.push(leg);
  }
  return { departure: path.departure, arrival: path.arrival, transfers: path.transfers, legs };
}

function toLeg(tt: Timetable, date: number, l: PathLeg): Leg | undefined {
  switch (l.kind) {
    case 'access':
      return l.duration > 0
        ? { mode: 'walk', kind: 'access', departure: l.start, arrival: l.end, to: stopRef(tt, l.stop) }
        : undefined;
    case 'egress':
      return l.duration > 0
        ? { mode: 'walk', kind: 'egress', departure: l.start, arrival: l.end, from: stopRef(tt, l.stop) }
        : undefined;
    case 'transfer':
      return {
        mode: 'walk',
        kind: 'transfer',
        departure: l.start,
        arrival: l.end,
        from: stopRef(tt, l.from),
        to: stopRef(tt, l.to),
      };
    case 'transit':
      return {
        ...transitLeg(tt, date, l.pattern, l.trip, l.boardPos, l.alightPos, l.start, l.frequency),
        ...(l.staySeated ? { staySeated: true as const } : {}),
      };
  }
}

export function transitLeg(
  tt: Timetable,
  date: number,
  pattern: number,
  trip: number,
  boardPos: number,
  alightPos: number,
  start: number,
  frequency?: FrequencyWindow,
): TransitLeg {
  const base = tripTimeBase(tt, pattern, trip);
  const stops = tt.patternStops.subarray(tt.patternStopStart[pattern], tt.patternStopStart[pattern + 1]);
  const shift = start - (tt.departures[base + boardPos] as number);
  // The service day: a frequency ride is shifted by its wait past the window's first departure too.
  const dayShift = frequency ? frequency.first - (tt.departures[base + boardPos] as number) : shift;
  const route = tt.patternRoute[pattern] as number;
  const agency = tt.agencies[tt.routeAgency[route] as number];
  const calls: CallAt[] = [];
  for (let i = boardPos + 1; i < alightPos; i++) {
    calls.push({
      ...stopRef(tt, stops[i] as number),
      arrival: (tt.arrivals[base + i] as number) + shift,
      departure: (tt.departures[base + i] as number) + shift,
    });
  }
  const type = tt.routeType[route] as number;
  return {
    mode: 'transit',
    departure: start,
    arrival: (tt.arrivals[base + alightPos] as number) + shift,
    // Whole days, give or take the hour of a clock change in between.
    serviceDate: formatDay(date + Math.round(dayShift / 86_400)),
    tripId: tt.tripDisplayIds[trip] as string,
    trip,
    agency: { name: agency?.name ?? '', url: agency?.url ?? '' },
    route: {
      id: tt.routeIds[route] as string,
      shortName: tt.routeShortNames[route] as string,
      longName: tt.routeLongNames[route] as string,
      type,
      mode: modeOfRouteType(type),
      color: tt.routeColors[route] as string,
      textColor: tt.routeTextColors[route] as string,
    },
    headsign: tt.tripHeadsigns[trip] || (tt.stopNames[stops[stops.length - 1] as number] as string),
    from: stopRef(tt, stops[boardPos] as number),
    to: stopRef(tt, stops[alightPos] as number),
    intermediateStops: calls,
    geometry: legGeometry(tt, trip, stops, boardPos, alightPos),
    ...(frequency ? { frequency } : {}),
  };
}

/**
 * A call within this distance of the trip's shape is on it (metres); failing that, a call within
 * SHAPE_NEAR_METRES of it is matched there (a shape that ends at the road outside a park-and-ride).
 */
export const SHAPE_MATCH_METRES = 150;
export const SHAPE_NEAR_METRES = 500;

const M_PER_DEG_LAT = 111_195;

/** Where a call meets the shape: segment i (points i and i+1), fraction t along it, the point there. */
interface ShapeMatch {
  seg: number;
  t: number;
  lat: number;
  lon: number;
}

/**
 * The ride's line: the trip's shape between the calls where the shape passes them, straight lines
 * between the calls where it does not. Shapes may cover only part of a route (the Ember feed's
 * shapes stop after a few hundred metres, or run from Edinburgh to Rosyth alone), so a call is
 * matched to the shape only when it is near it; calls are matched in order from the trip's first
 * stop, each at the first pass of the shape after the previous call's match, so a loop or an out-
 * and-back route is not cut at the wrong pass.
 */
function legGeometry(
  tt: Timetable,
  trip: number,
  stops: ArrayLike<number>,
  boardPos: number,
  alightPos: number,
): [number, number][] {
  const stopPt = (k: number): [number, number] => [
    tt.stopLat[stops[k] as number] as number,
    tt.stopLon[stops[k] as number] as number,
  ];
  const shape = tt.tripShape[trip] as number;
  const out: [number, number][] = [];
  const add = (p: [number, number]) => {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  };
  if (shape < 0) {
    for (let k = boardPos; k <= alightPos; k++) add(stopPt(k));
    return out;
  }
  const a = tt.shapeStart[shape] as number;
  const b = tt.shapeStart[shape + 1] as number;
  const matches: (ShapeMatch | null)[] = [];
  let cursor: ShapeMatch = { seg: a, t: 0, lat: 0, lon: 0 };
  for (let k = 0; k <= alightPos; k++) {
    const m =
      matchCall(tt, stopPt(k), cursor, b, SHAPE_MATCH_METRES) ?? matchCall(tt, stopPt(k), cursor, b, SHAPE_NEAR_METRES);
    matches.push(m);
    if (m) cursor = m;
  }
  const at = (i: number): [number, number] => [tt.shapeLat[i] as number, tt.shapeLon[i] as number];
  for (let k = boardPos; k < alightPos; k++) {
    const m = matches[k] ?? null;
    const n = matches[k + 1] ?? null;
    const from: [number, number] = m ? [m.lat, m.lon] : stopPt(k);
    const to: [number, number] = n ? [n.lat, n.lon] : stopPt(k + 1);
    add(from);
    if (m && n && (n.seg > m.seg || (n.seg === m.seg && n.t >= m.t)))
      for (let i = m.seg + 1; i <= n.seg; i++) add(at(i));
    add(to);
  }
  if (out.length === 1) out.push(out[0] as [number, number]);
  return out;
}

/** The call's nearest point on the first pass of the shape (segments from `after` on) within `limit` metres, or null. */
function matchCall(
  tt: Timetable,
  [lat, lon]: [number, number],
  after: ShapeMatch,
  end: number,
  limit: number,
): ShapeMatch | null {
  const kx = M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  let best: ShapeMatch | null = null;
  let bestD = limit;
  for (let i = after.seg; i < end - 1; i++) {
    const ax = ((tt.shapeLon[i] as number) - lon) * kx;
    const ay = ((tt.shapeLat[i] as number) - lat) * M_PER_DEG_LAT;
    const dx = ((tt.shapeLon[i + 1] as number) - (tt.shapeLon[i] as number)) * kx;
    const dy = ((tt.shapeLat[i + 1] as number) - (tt.shapeLat[i] as number)) * M_PER_DEG_LAT;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
    if (i === after.seg) t = Math.max(t, after.t);
    const d = Math.hypot(ax + t * dx, ay + t * dy);
    if (d < bestD) {
      bestD = d;
      best = { seg: i, t, lat: lat + (ay + t * dy) / M_PER_DEG_LAT, lon: lon + (ax + t * dx) / kx };
    } else if (best && d >= limit) break; // the pass that came close has ended
  }
  return best;
}
