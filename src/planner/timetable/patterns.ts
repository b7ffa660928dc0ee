/**
 * Trip records -> patterns. Trips sharing route, stop sequence and pickup/drop-off
 * rules (and, for frequency windows, running times: a pattern holds one kind) form a pattern; each pattern's trips are sorted by departure and split so
 * no trip overtakes another (then every stop's departures are sorted, which the
 * router's binary search relies on - the same rule as OpenTripPlanner's patterns).
 */
import type { TripStore } from './trip-times';

export interface TripRef {
  store: TripStore;
  rec: number;
  /** Global route index. */
  route: number;
}

export interface PatternGroup {
  route: number;
  stops: Int32Array;
  flags: Uint8Array;
  trips: TripRef[];
}

export function groupPatterns(refs: TripRef[]): PatternGroup[] {
  const byKey = new Map<string, PatternGroup>();
  for (const ref of refs) {
    const { store, rec } = ref;
    const start = store.recStart.get(rec);
    const n = store.recLength.get(rec);
    const stops = store.stops.view().subarray(start, start + n);
    const flags = store.flags.view().subarray(start, start + n);
    // Frequency windows share a pattern only with windows of the same running times (so one never
    // overtakes another, whatever the wait): their key adds the times from the first stop.
    const frequency = store.recSpan.get(rec) >= 0;
    const key = `${ref.route}|${stops.join(',')}|${flags.join('')}${frequency ? `|F${runningTimes(ref, n)}` : ''}`;
    let group = byKey.get(key);
    if (!group) byKey.set(key, (group = { route: ref.route, stops: stops.slice(), flags: flags.slice(), trips: [] }));
    group.trips.push(ref);
  }
  const out: PatternGroup[] = [];
  for (const group of byKey.values()) {
    group.trips.sort((a, b) => compareTrips(a, b, group.stops.length));
    // Greedy split: each trip joins the first sub-pattern whose last trip it never overtakes.
    const subs: PatternGroup[] = [];
    for (const trip of group.trips) {
      const fit = subs.find((s) => notBefore(trip, s.trips[s.trips.length - 1] as TripRef, group.stops.length));
      if (fit) fit.trips.push(trip);
      else subs.push({ route: group.route, stops: group.stops, flags: group.flags, trips: [trip] });
    }
    out.push(...subs);
  }
  return out;
}

/** A frequency window's times relative to its first departure. */
function runningTimes(ref: TripRef, n: number): string {
  const first = tripDeparture(ref, 0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(tripArrival(ref, i) - first, tripDeparture(ref, i) - first);
  return out.join(',');
}

export function tripArrival(ref: TripRef, i: number): number {
  return ref.store.arrivals.get(ref.store.recStart.get(ref.rec) + i) + ref.store.recShift.get(ref.rec);
}

export function tripDeparture(ref: TripRef, i: number): number {
  return ref.store.departures.get(ref.store.recStart.get(ref.rec) + i) + ref.store.recShift.get(ref.rec);
}

function compareTrips(a: TripRef, b: TripRef, n: number): number {
  for (let i = 0; i < n; i++) {
    const d = tripDeparture(a, i) - tripDeparture(b, i);
    if (d !== 0) return d;
  }
  return tripArrival(a, n - 1) - tripArrival(b, n - 1);
}

/** True when `later` is at or after `earlier` at every stop, arrival and departure. */
function notBefore(later: TripRef, earlier: TripRef, n: number): boolean {
  for (let i = 0; i < n; i++) {
    if (tripArrival(later, i) < tripArrival(earlier, i) || tripDeparture(later, i) < tripDeparture(earlier, i))
      return false;
  }
  return true;
}
