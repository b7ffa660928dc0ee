/** Turning a stop id or a coordinate into the router's access and egress stop lists. */
import type { StopTime } from '../raptor/transit-data';
import { walkSeconds, DEFAULT_FOOTPATHS } from '../timetable/footpaths';
import type { Timetable } from '../timetable/model';
import { haversine } from '../geo/geo';

/** Finds a stop by its display id, its namespaced "feed:id", or a raw id unique across feeds. */
export function findStop(tt: Timetable, id: string): number | undefined {
  let i = tt.stopDisplayIds.indexOf(id);
  if (i < 0) i = tt.stopIds.indexOf(id);
  if (i < 0) {
    const matches = tt.stopIds.flatMap((full, k) => (full.slice(full.indexOf(':') + 1) === id ? [k] : []));
    if (matches.length === 1) i = matches[0] as number;
  }
  return i >= 0 ? i : undefined;
}

/** The stop itself, or a station's platforms. */
function boardingStops(tt: Timetable, stop: number): number[] {
  if (tt.stopLocationType[stop] !== 1) return [stop];
  const children: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (tt.stopParent[s] === stop && tt.stopLocationType[s] === 0) children.push(s);
  return children.length ? children : [stop];
}

function addMin(map: Map<number, number>, stop: number, duration: number): void {
  if (duration < (map.get(stop) ?? Infinity)) map.set(stop, duration);
}

const toList = (map: Map<number, number>): StopTime[] => [...map].map(([stop, duration]) => ({ stop, duration }));

/** Leaving from a stop: the stop (or station platforms) and stops one footpath away. */
export function accessFromStop(tt: Timetable, stop: number): StopTime[] {
  const out = new Map<number, number>();
  for (const s of boardingStops(tt, stop)) {
    addMin(out, s, 0);
    for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++)
      addMin(out, tt.footTo[e] as number, tt.footDuration[e] as number);
  }
  return toList(out);
}

/** Arriving at a stop: the stop (or station platforms) and stops with a footpath to it. */
export function egressToStop(tt: Timetable, stop: number): StopTime[] {
  const out = new Map<number, number>();
  const incoming = incomingFootpaths(tt);
  for (const s of boardingStops(tt, stop)) {
    addMin(out, s, 0);
    for (let e = incoming.start[s] as number; e < (incoming.start[s + 1] as number); e++)
      addMin(out, incoming.from[e] as number, incoming.duration[e] as number);
  }
  return toList(out);
}

const incomingCache = new WeakMap<Timetable, { start: Int32Array; from: Int32Array; duration: Int32Array }>();

/** Footpaths by destination stop (CSR), built once per timetable. */
function incomingFootpaths(tt: Timetable): { start: Int32Array; from: Int32Array; duration: Int32Array } {
  const cached = incomingCache.get(tt);
  if (cached) return cached;
  const S = tt.stopCount;
  const start = new Int32Array(S + 1);
  for (const to of tt.footTo) start[to + 1] = (start[to + 1] as number) + 1;
  for (let s = 0; s < S; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  const fill = start.slice(0, S);
  const from = new Int32Array(tt.footTo.length);
  const duration = new Int32Array(tt.footTo.length);
  for (let s = 0; s < S; s++) {
    for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++) {
      const slot = (fill[tt.footTo[e] as number] as number)++;
      from[slot] = s;
      duration[slot] = tt.footDuration[e] as number;
    }
  }
  const built = { start, from, duration };
  incomingCache.set(tt, built);
  return built;
}

/** Stops within `radius` metres of a point, with straight-line walking estimates (the street issue replaces these). */
export function stopsNear(tt: Timetable, lat: number, lon: number, radius = 1000): StopTime[] {
  const out: StopTime[] = [];
  for (let s = 0; s < tt.stopCount; s++) {
    if (tt.stopLocationType[s] !== 0) continue;
    const d = haversine(lat, lon, tt.stopLat[s] as number, tt.stopLon[s] as number);
    if (d <= radius) out.push({ stop: s, duration: walkSeconds(d, DEFAULT_FOOTPATHS) });
  }
  return out;
}
