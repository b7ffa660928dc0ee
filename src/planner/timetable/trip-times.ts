/**
 * stop_times rows -> clean trips: rows grouped by trip (counting sort, so
 * millions of rows need no comparator sort), ordered by stop_sequence, blank
 * intermediate times interpolated, exact frequencies expanded into trips and
 * headway-only ones (exact_times=0) kept as frequency windows.
 */
import { Growable } from '../common/growable';
import { DROP_OFF, PICKUP } from './model';
import type { RawFeed } from './raw-feed';
import type { ReportBuilder } from './report';
import { haversine } from '../geo/geo';
import { formatGtfsTime } from './gtfs-time';

/** Built trips of one feed: times stored once per template, frequencies as shifted copies. */
export interface TripStore {
  stops: Growable<Int32Array>;
  flags: Growable<Uint8Array>;
  arrivals: Growable<Int32Array>;
  departures: Growable<Int32Array>;
  /** Per trip record: where its template times start, how many stops, the shift in seconds, and the feed trip. */
  recStart: Growable<Int32Array>;
  recLength: Growable<Int32Array>;
  recShift: Growable<Int32Array>;
  recTrip: Growable<Int32Array>;
  /** First departure of a frequency-generated trip, -1 for a scheduled trip. */
  recFrequency: Growable<Int32Array>;
  /** exact_times=0: seconds from the window's first departure to its last; -1 for a trip with times. */
  recSpan: Growable<Int32Array>;
  /** exact_times=0: the waiting allowance (the headway), seconds; 0 otherwise. */
  recWait: Growable<Int32Array>;
}

export function newTripStore(): TripStore {
  return {
    stops: new Growable(Int32Array),
    flags: new Growable(Uint8Array),
    arrivals: new Growable(Int32Array),
    departures: new Growable(Int32Array),
    recStart: new Growable(Int32Array),
    recLength: new Growable(Int32Array),
    recShift: new Growable(Int32Array),
    recTrip: new Growable(Int32Array),
    recFrequency: new Growable(Int32Array),
    recSpan: new Growable(Int32Array),
    recWait: new Growable(Int32Array),
  };
}

/** Adds the feed's trips to `store`; `stopBase` maps feed stop indices to global ones. Returns the set of used feed stops. */
export function buildTrips(
  feed: RawFeed,
  stopBase: number,
  store: TripStore,
  report: ReportBuilder,
  runs: (trip: number) => boolean,
): Uint8Array {
  const st = feed.stopTimes;
  const rows = st.trip.length;
  const tripCount = feed.trips.length;
  const warn = (message: string) =>
    report.warn({ feed: feed.name, file: 'stop_times.txt', line: 0, column: 'trip_id', message });

  // Counting sort of row indices by trip.
  const start = new Int32Array(tripCount + 1);
  for (let r = 0; r < rows; r++) start[st.trip.get(r) + 1] = (start[st.trip.get(r) + 1] as number) + 1;
  for (let t = 0; t < tripCount; t++) start[t + 1] = (start[t + 1] as number) + (start[t] as number);
  const order = new Int32Array(rows);
  const fill = start.slice(0, tripCount);
  for (let r = 0; r < rows; r++) order[(fill[st.trip.get(r)] as number)++] = r;

  const frequencies = new Map<number, typeof feed.frequencies>();
  for (const f of feed.frequencies) {
    const list = frequencies.get(f.trip) ?? [];
    list.push(f);
    frequencies.set(f.trip, list);
  }

  const used = new Uint8Array(feed.stops.length);
  for (let t = 0; t < tripCount; t++) {
    const trip = feed.trips[t];
    if (!trip || !runs(t)) continue;
    const a = start[t] as number;
    const n = (start[t + 1] as number) - a;
    if (n === 0) {
      warn(`trip '${trip.id}' has no stop_times; skipped`);
      continue;
    }
    const idx = Array.from(order.subarray(a, a + n)).sort((x, y) => st.sequence.get(x) - st.sequence.get(y));
    if (n < 2) {
      warn(`trip '${trip.id}' has fewer than two stop_times; skipped`);
      continue;
    }
    const arr = idx.map((r) => st.arrival.get(r));
    const dep = idx.map((r) => st.departure.get(r));
    if ((dep[0] as number) < 0 || (arr[n - 1] as number) < 0) {
      warn(`trip '${trip.id}' has no time at its first or last stop; skipped`);
      continue;
    }
    interpolate(feed, idx, arr, dep);
    if (!nonDecreasing(arr, dep)) {
      warn(`trip '${trip.id}' has times that go backwards; skipped`);
      continue;
    }
    const timesStart = store.stops.length;
    for (let i = 0; i < n; i++) {
      const r = idx[i] as number;
      const s = st.stop.get(r);
      used[s] = 1;
      store.stops.push(stopBase + s);
      // pickup/drop_off_type 1 = not available; 2 and 3 (phone / ask the driver) still allow it.
      let flags = (st.pickup.get(r) === 1 ? 0 : PICKUP) | (st.dropOff.get(r) === 1 ? 0 : DROP_OFF);
      if (i === 0) flags &= PICKUP;
      if (i === n - 1) flags &= DROP_OFF;
      store.flags.push(flags);
      store.arrivals.push(arr[i] as number);
      store.departures.push(dep[i] as number);
    }
    const freq = frequencies.get(t);
    if (!freq) {
      addRecord(store, timesStart, n, 0, t, -1);
      continue;
    }
    // exact_times=1: one trip per headway from start_time (inclusive) to end_time (exclusive), the
    // template's times shifted so it leaves the first stop at that time. exact_times=0 promises a
    // headway, not a schedule: one frequency trip (a window, raptor/frequency.ts) from start_time to the
    // last departure, whose allowance is the headway; its times are the template's shifted to start_time.
    for (const f of freq) {
      if (f.exactTimes) {
        for (let t0 = f.start; t0 < f.end; t0 += f.headway)
          addRecord(store, timesStart, n, t0 - (dep[0] as number), t, t0);
        continue;
      }
      const departures = Math.ceil((f.end - f.start) / f.headway);
      const last = f.last ?? f.start + (departures - 1) * f.headway;
      if (f.last === undefined && departures < 1) {
        warn(
          `frequencies.txt row of trip '${trip.id}' at ${formatGtfsTime(f.start)} has no departure (end_time = start_time); skipped`,
        );
        continue;
      }
      addRecord(store, timesStart, n, f.start - (dep[0] as number), t, f.start, last - f.start, f.headway);
    }
  }
  return used;
}

function addRecord(
  store: TripStore,
  start: number,
  length: number,
  shift: number,
  trip: number,
  frequency: number,
  span = -1,
  wait = 0,
): void {
  store.recStart.push(start);
  store.recLength.push(length);
  store.recShift.push(shift);
  store.recTrip.push(trip);
  store.recFrequency.push(frequency);
  store.recSpan.push(span);
  store.recWait.push(wait);
}

/** Fills blank times between timed stops, by shape_dist_traveled where given, else by straight-line distance. */
function interpolate(feed: RawFeed, idx: number[], arr: number[], dep: number[]): void {
  const st = feed.stopTimes;
  let last = 0;
  for (let i = 1; i < idx.length; i++) {
    if ((arr[i] as number) < 0) continue;
    if (i > last + 1) {
      const pos: number[] = [0];
      const useShape = idx.slice(last, i + 1).every((r) => !Number.isNaN(st.distance.get(r)));
      for (let k = last + 1; k <= i; k++) {
        const step = useShape
          ? st.distance.get(idx[k] as number) - st.distance.get(idx[k - 1] as number)
          : stopDistance(feed, st.stop.get(idx[k - 1] as number), st.stop.get(idx[k] as number));
        pos.push((pos[pos.length - 1] as number) + (Number.isFinite(step) && step > 0 ? step : 0));
      }
      const total = pos[pos.length - 1] as number;
      const t0 = dep[last] as number;
      const span = (arr[i] as number) - t0;
      for (let k = last + 1; k < i; k++) {
        const frac = total > 0 ? (pos[k - last] as number) / total : (k - last) / (i - last);
        const t = t0 + Math.round(span * frac);
        arr[k] = t;
        dep[k] = t;
      }
    }
    last = i;
  }
}

function stopDistance(feed: RawFeed, a: number, b: number): number {
  const s = feed.stops[a];
  const t = feed.stops[b];
  if (!s || !t) return 0;
  return haversine(s.lat, s.lon, t.lat, t.lon);
}

function nonDecreasing(arr: number[], dep: number[]): boolean {
  for (let i = 0; i < arr.length; i++) {
    if ((dep[i] as number) < (arr[i] as number)) return false;
    if (i > 0 && (arr[i] as number) < (dep[i - 1] as number)) return false;
  }
  return true;
}
