/**
 * A deliberately simple reference router for the tests: the Connection Scan
 * Algorithm over every connection (one hop of one trip) of the service days
 * around the query date, written for clarity, not speed. It follows the same
 * rules as the planner: board where pickup is allowed and you are ready (access
 * time, or an arrival plus the stop's minimum transfer time, or an arrival
 * elsewhere plus one footpath); alight where drop-off is allowed; at least one trip; someone on a
 * trip at its last stop is also on the trips it continues as (stay-seated links), the same day.
 */
import { DROP_OFF, PICKUP, serviceRunsOn, type Timetable } from '../../../src/planner/timetable/model';

export interface Connection {
  dep: number;
  arr: number;
  from: number;
  to: number;
  /** Trip instance: trip index and service-day offset. */
  key: number;
  canBoard: boolean;
  canAlight: boolean;
  /** The trip's first / last hop. */
  first: boolean;
  last: boolean;
}

/** Trip -> trips one stays seated onto (forward), or from (backward). */
function seatMap(tt: Timetable, backward: boolean): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const from = (backward ? tt.seatTo : tt.seatFrom) ?? new Int32Array(0);
  const to = (backward ? tt.seatFrom : tt.seatTo) ?? new Int32Array(0);
  from.forEach((t, i) => out.set(t, [...(out.get(t) ?? []), to[i] as number]));
  return out;
}

export interface Place {
  stop: number;
  duration: number;
}

const INF = Number.POSITIVE_INFINITY;

/** All connections of trips running on date-3 .. date+1, times relative to `date`'s midnight, sorted by departure. */
export function connectionsOf(tt: Timetable, date: number, filter?: (trip: number) => boolean): Connection[] {
  const out: Connection[] = [];
  for (let p = 0; p < tt.patternCount; p++) {
    const s0 = tt.patternStopStart[p] as number;
    const n = (tt.patternStopStart[p + 1] as number) - s0;
    for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
      if (filter && !filter(t)) continue;
      const base = (tt.patternTimeStart[p] as number) + (t - (tt.patternTripStart[p] as number)) * n;
      for (let d = -3; d <= 1; d++) {
        if (!serviceRunsOn(tt, tt.tripService[t] as number, date + d)) continue;
        const shift = d * 86_400;
        for (let i = 0; i + 1 < n; i++) {
          out.push({
            dep: (tt.departures[base + i] as number) + shift,
            arr: (tt.arrivals[base + i + 1] as number) + shift,
            from: tt.patternStops[s0 + i] as number,
            to: tt.patternStops[s0 + i + 1] as number,
            key: t * 8 + (d + 3),
            canBoard: ((tt.patternStopFlags[s0 + i] as number) & PICKUP) !== 0,
            canAlight: ((tt.patternStopFlags[s0 + i + 1] as number) & DROP_OFF) !== 0,
            first: i === 0,
            last: i + 2 === n,
          });
        }
      }
    }
  }
  return out.sort((a, b) => a.dep - b.dep);
}

/** Earliest arrival at any egress place (arrival + egress duration), leaving at `time` or later. */
export function earliestArrival(
  tt: Timetable,
  connections: Connection[],
  access: Place[],
  egress: Place[],
  time: number,
): number {
  const ready = new Map<number, number>();
  const arrived = new Map<number, number>();
  const onTrip = new Set<number>();
  for (const a of access) ready.set(a.stop, Math.min(ready.get(a.stop) ?? INF, time + a.duration));
  let best = INF;
  const egressOf = new Map<number, number>();
  for (const e of egress) egressOf.set(e.stop, Math.min(egressOf.get(e.stop) ?? INF, e.duration));
  const seats = seatMap(tt, false);
  let i = firstIndex(connections, (c) => c.dep >= time);
  while (i < connections.length) {
    const dep = (connections[i] as Connection).dep;
    if (dep >= best) break;
    let j = i;
    while (j < connections.length && (connections[j] as Connection).dep === dep) j++;
    // Connections leaving at the same second may feed one another (zero-length hops): repeat to a fixpoint.
    for (let changed = true; changed;) {
      changed = false;
      for (let c = i; c < j; c++) {
        const con = connections[c] as Connection;
        const boarded = onTrip.has(con.key) || (con.canBoard && (ready.get(con.from) ?? INF) <= con.dep);
        if (!boarded) continue;
        if (!onTrip.has(con.key)) {
          onTrip.add(con.key);
          changed = true;
        }
        if (con.last) for (const next of seats.get(Math.floor(con.key / 8)) ?? []) onTrip.add(next * 8 + (con.key % 8));
        if (con.canAlight && con.arr < (arrived.get(con.to) ?? INF)) {
          arrived.set(con.to, con.arr);
          changed = true;
          improveReady(tt, ready, con.to, con.arr);
          best = Math.min(best, con.arr + (egressOf.get(con.to) ?? INF));
        }
      }
    }
    i = j;
  }
  return best;
}

function improveReady(tt: Timetable, ready: Map<number, number>, stop: number, arrival: number): void {
  const own = arrival + (tt.stopMinTransfer[stop] as number);
  if (own < (ready.get(stop) ?? INF)) ready.set(stop, own);
  for (let e = tt.footStart[stop] as number; e < (tt.footStart[stop + 1] as number); e++) {
    const to = tt.footTo[e] as number;
    const t = arrival + (tt.footDuration[e] as number);
    if (t < (ready.get(to) ?? INF)) ready.set(to, t);
  }
}

/** Reverse scan structures, built once per date: connections by arrival (latest first) and incoming footpaths. */
export interface ReverseIndex {
  byArrival: Connection[];
  incoming: Map<number, { from: number; duration: number }[]>;
}

export function reverseIndex(tt: Timetable, connections: Connection[]): ReverseIndex {
  const incoming = new Map<number, { from: number; duration: number }[]>();
  for (let s = 0; s < tt.stopCount; s++) {
    for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++) {
      const to = tt.footTo[e] as number;
      const list = incoming.get(to) ?? [];
      list.push({ from: s, duration: tt.footDuration[e] as number });
      incoming.set(to, list);
    }
  }
  return { byArrival: [...connections].sort((a, b) => b.arr - a.arr), incoming };
}

/** Latest departure from an access place that still reaches an egress place by `arriveBy` (-Infinity if none). */
export function latestDeparture(
  tt: Timetable,
  index: ReverseIndex,
  access: Place[],
  egress: Place[],
  arriveBy: number,
): number {
  const { byArrival, incoming } = index;
  const latestAlight = new Map<number, number>();
  const latestBoard = new Map<number, number>();
  const exits = new Set<number>();
  for (const e of egress) latestAlight.set(e.stop, Math.max(latestAlight.get(e.stop) ?? -INF, arriveBy - e.duration));
  let best = -INF;
  const seats = seatMap(tt, true);
  let i = firstIndex(byArrival, (c) => c.arr <= arriveBy);
  while (i < byArrival.length) {
    const arr = (byArrival[i] as Connection).arr;
    // Nothing arriving this early can leave later than the best departure found.
    if (arr < best) break;
    let j = i;
    while (j < byArrival.length && (byArrival[j] as Connection).arr === arr) j++;
    for (let changed = true; changed;) {
      changed = false;
      for (let c = i; c < j; c++) {
        const con = byArrival[c] as Connection;
        const canExit = exits.has(con.key) || (con.canAlight && con.arr <= (latestAlight.get(con.to) ?? -INF));
        if (!canExit) continue;
        if (!exits.has(con.key)) {
          exits.add(con.key);
          changed = true;
        }
        if (con.first)
          for (const before of seats.get(Math.floor(con.key / 8)) ?? []) exits.add(before * 8 + (con.key % 8));
        if (con.canBoard && con.dep > (latestBoard.get(con.from) ?? -INF)) {
          latestBoard.set(con.from, con.dep);
          changed = true;
          const own = con.dep - (tt.stopMinTransfer[con.from] as number);
          if (own > (latestAlight.get(con.from) ?? -INF)) latestAlight.set(con.from, own);
          for (const f of incoming.get(con.from) ?? []) {
            if (con.dep - f.duration > (latestAlight.get(f.from) ?? -INF))
              latestAlight.set(f.from, con.dep - f.duration);
          }
          for (const a of access) if (a.stop === con.from) best = Math.max(best, con.dep - a.duration);
        }
      }
    }
    i = j;
  }
  return best;
}

/** First index whose connection satisfies a predicate that is monotone over the sorted list. */
function firstIndex(list: Connection[], ok: (c: Connection) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(list[mid] as Connection)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
