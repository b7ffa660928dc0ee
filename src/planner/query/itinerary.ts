/**
 * Router paths -> itineraries a person can read: agency, route, headsign,
 * boarding and alighting stops and times, intermediate stops, geometry (shape
 * or straight lines) and the service date of each trip.
 */
import type { PathLeg, RaptorPath } from '../raptor/transit-data';
import { formatDay } from '../timetable/gtfs-time';
import { tripTimeBase, type Timetable } from '../timetable/model';
import { modeOfRouteType, type TransitMode } from '../timetable/modes';

export interface StopRef {
  stopId: string;
  name: string;
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
  route: { id: string; shortName: string; longName: string; type: number; mode: TransitMode; color: string; textColor: string };
  headsign: string;
  from: StopRef;
  to: StopRef;
  intermediateStops: CallAt[];
  /** [lat, lon] pairs. */
  geometry: [number, number][];
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
  return { stopId: tt.stopDisplayIds[s] as string, name: tt.stopNames[s] as string, lat: tt.stopLat[s] as number, lon: tt.stopLon[s] as number };
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
      return l.duration > 0 ? { mode: 'walk', kind: 'access', departure: l.start, arrival: l.end, to: stopRef(tt, l.stop) } : undefined;
    case 'egress':
      return l.duration > 0 ? { mode: 'walk', kind: 'egress', departure: l.start, arrival: l.end, from: stopRef(tt, l.stop) } : undefined;
    case 'transfer':
      return { mode: 'walk', kind: 'transfer', departure: l.start, arrival: l.end, from: stopRef(tt, l.from), to: stopRef(tt, l.to) };
    case 'transit':
      return transitLeg(tt, date, l.pattern, l.trip, l.boardPos, l.alightPos, l.start);
  }
}

export function transitLeg(tt: Timetable, date: number, pattern: number, trip: number, boardPos: number, alightPos: number, start: number): TransitLeg {
  const base = tripTimeBase(tt, pattern, trip);
  const stops = tt.patternStops.subarray(tt.patternStopStart[pattern], tt.patternStopStart[pattern + 1]);
  const shift = start - (tt.departures[base + boardPos] as number);
  const route = tt.patternRoute[pattern] as number;
  const agency = tt.agencies[tt.routeAgency[route] as number];
  const calls: CallAt[] = [];
  for (let i = boardPos + 1; i < alightPos; i++) {
    calls.push({ ...stopRef(tt, stops[i] as number), arrival: (tt.arrivals[base + i] as number) + shift, departure: (tt.departures[base + i] as number) + shift });
  }
  const type = tt.routeType[route] as number;
  return {
    mode: 'transit',
    departure: start,
    arrival: (tt.arrivals[base + alightPos] as number) + shift,
    serviceDate: formatDay(date + Math.round(shift / 86_400)),
    tripId: tt.tripDisplayIds[trip] as string,
    trip,
    agency: { name: agency?.name ?? '', url: agency?.url ?? '' },
    route: {
      id: tt.routeIds[route] as string, shortName: tt.routeShortNames[route] as string, longName: tt.routeLongNames[route] as string,
      type, mode: modeOfRouteType(type), color: tt.routeColors[route] as string, textColor: tt.routeTextColors[route] as string,
    },
    headsign: tt.tripHeadsigns[trip] || (tt.stopNames[stops[stops.length - 1] as number] as string),
    from: stopRef(tt, stops[boardPos] as number),
    to: stopRef(tt, stops[alightPos] as number),
    intermediateStops: calls,
    geometry: legGeometry(tt, trip, Array.from(stops.subarray(boardPos, alightPos + 1))),
  };
}

/** The trip's shape between its boarding and alighting stops, else straight lines between the calls. */
function legGeometry(tt: Timetable, trip: number, stops: number[]): [number, number][] {
  const straight = stops.map((s): [number, number] => [tt.stopLat[s] as number, tt.stopLon[s] as number]);
  const shape = tt.tripShape[trip] as number;
  if (shape < 0) return straight;
  const a = tt.shapeStart[shape] as number;
  const b = tt.shapeStart[shape + 1] as number;
  const nearest = (s: number, from: number) => {
    let best = from;
    let bestD = Infinity;
    for (let i = from; i < b; i++) {
      const dLat = (tt.shapeLat[i] as number) - (tt.stopLat[s] as number);
      const dLon = ((tt.shapeLon[i] as number) - (tt.stopLon[s] as number)) * Math.cos(((tt.stopLat[s] as number) * Math.PI) / 180);
      const d = dLat * dLat + dLon * dLon;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  };
  // Walk stop by stop so a loop route does not jump to the wrong pass of the shape.
  let cursor = a;
  const first = nearest(stops[0] as number, cursor);
  cursor = first;
  for (const s of stops.slice(1, -1)) cursor = nearestWithin(cursor, s);
  const last = nearest(stops[stops.length - 1] as number, cursor);
  if (last <= first) return straight;
  const out: [number, number][] = [];
  for (let i = first; i <= last; i++) out.push([tt.shapeLat[i] as number, tt.shapeLon[i] as number]);
  return out;

  function nearestWithin(from: number, s: number): number {
    const i = nearest(s, from);
    return i;
  }
}
