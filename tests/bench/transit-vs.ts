/**
 * `npm run bench -- transit-vs --snapshot <file> [--date YYYY-MM-DD] [--n 200] [--seed 1]`
 *
 * Side by side in one run: this checkout's planner and raptor-journey-planner (npm, a plain RAPTOR
 * over JavaScript objects) on the same random single earliest-arrival queries as `transit-ab`,
 * alternating query by query so machine load falls on both alike. raptor-journey-planner is given
 * the snapshot's own network: every trip with its stop times and pickup/drop-off, the snapshot's
 * footpaths as its transfers, each stop's change time as its interchange, and only the services that
 * run on the date. It plans stop to stop (its footpaths do the walking at either end); the planner
 * gets the same stops with their footpaths as access and egress. Times are process CPU milliseconds
 * per query (p50/p95 each), and how many queries each answered, and with the same earliest arrival.
 * The queries are transit-ab's (same seed), less any between stops no trip of the date calls at.
 * Its model is built in memory (about 10 M stop-time objects on bench-7k): give node a larger heap
 * (NODE_OPTIONS=--max-old-space-size=8192).
 */
import {
  DepartAfterQuery,
  JourneyFactory,
  RaptorAlgorithmFactory,
  Service,
  type Interchange,
  type Trip,
  type TransfersByOrigin,
} from 'raptor-journey-planner';
import { parseDay } from '../../src/planner/timetable/gtfs-time';
import { DROP_OFF, PICKUP, serviceRunsOn, tripTimeBase, type Timetable } from '../../src/planner/timetable/model';
import { readSnapshotFile } from '../../src/planner/timetable/node-io';
import { decodeSnapshot } from '../../src/planner/timetable/snapshot';
import { accessFromStop, egressToStop } from '../../src/planner/transit/places';
import { Planner } from '../../src/planner/transit/planner';
import { pct } from './lib/figures';
import { randomStopQueries } from './lib/transit-queries';

function opt(args: string[], name: string): string | undefined {
  const i = args.lastIndexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The snapshot as raptor-journey-planner's GTFS-shaped input, for one date (days since 1970). */
function theirNetwork(
  tt: Timetable,
  day: number,
): { trips: Trip[]; transfers: TransfersByOrigin; interchange: Interchange } {
  const ymd = Number(new Date(day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, ''));
  const everyDay = { 0: true, 1: true, 2: true, 3: true, 4: true, 5: true, 6: true } as const;
  const services = tt.serviceIds.map((_, s) =>
    serviceRunsOn(tt, s, day) ? new Service(ymd, ymd, everyDay, {}) : new Service(0, 0, everyDay, {}),
  );
  const trips: Trip[] = [];
  for (let p = 0; p < tt.patternCount; p++) {
    const s0 = tt.patternStopStart[p] as number;
    const n = (tt.patternStopStart[p + 1] as number) - s0;
    for (let g = tt.patternTripStart[p] as number; g < (tt.patternTripStart[p + 1] as number); g++) {
      const service = tt.tripService[g] as number;
      if (!serviceRunsOn(tt, service, day)) continue;
      const base = tripTimeBase(tt, p, g);
      const stopTimes = [];
      for (let i = 0; i < n; i++) {
        const flags = tt.patternStopFlags[s0 + i] as number;
        stopTimes.push({
          stop: tt.stopIds[tt.patternStops[s0 + i] as number] as string,
          arrivalTime: tt.arrivals[base + i] as number,
          departureTime: tt.departures[base + i] as number,
          pickUp: (flags & PICKUP) !== 0,
          dropOff: (flags & DROP_OFF) !== 0,
        });
      }
      trips.push({ tripId: String(g), serviceId: String(service), service: services[service] as Service, stopTimes });
    }
  }
  const transfers: TransfersByOrigin = {};
  const interchange: Interchange = {};
  for (let s = 0; s < tt.stopCount; s++) {
    const origin = tt.stopIds[s] as string;
    interchange[origin] = tt.stopMinTransfer[s] as number;
    const list = [];
    for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++)
      list.push({
        origin,
        destination: tt.stopIds[tt.footTo[e] as number] as string,
        duration: tt.footDuration[e] as number,
        startTime: 0,
        endTime: Number.MAX_SAFE_INTEGER,
      });
    if (list.length) transfers[origin] = list;
  }
  return { trips, transfers, interchange };
}

export async function run(args: string[]): Promise<void> {
  const file = opt(args, 'snapshot');
  if (!file) throw new Error('usage: transit-vs --snapshot <file> [--date YYYY-MM-DD] [--n 200] [--seed 1]');
  const tt = decodeSnapshot(await readSnapshotFile(file));
  const day = parseDay(opt(args, 'date') ?? '2019-05-15');
  const n = Number(opt(args, 'n') ?? 200);
  const t0 = performance.now();
  const net = theirNetwork(tt, day);
  const raptor = RaptorAlgorithmFactory.create(net.trips, net.transfers, net.interchange);
  const theirs = new DepartAfterQuery(raptor, new JourneyFactory());
  const theirBuildMs = Math.round(performance.now() - t0);
  const ours = new Planner(tt);
  // raptor-journey-planner knows only the stops its trips of the day call at: queries between other
  // stops (none on bench-7k, where every trip runs) are left out for both.
  const served = new Set(net.trips.flatMap((trip) => trip.stopTimes.map((st) => st.stop)));
  const queries = randomStopQueries(tt, 4 * n, Number(opt(args, 'seed') ?? 1))
    .filter((q) => served.has(tt.stopIds[q.from] as string) && served.has(tt.stopIds[q.to] as string))
    .slice(0, n);
  const date = new Date(day * 86_400_000);
  // As transit-ab: access and egress (the stop and its footpaths) are made before the clock starts.
  const ends = queries.map((q) => ({ access: accessFromStop(tt, q.from), egress: egressToStop(tt, q.to) }));
  const planOurs = (q: (typeof queries)[number], i: number) => {
    const paths = ours.plan({ date: day, time: q.time, ...(ends[i] as (typeof ends)[number]) }).paths;
    return paths.length ? Math.min(...paths.map((p) => p.arrival)) : undefined;
  };
  const planTheirs = (q: (typeof queries)[number]) => {
    const journeys = theirs.plan(tt.stopIds[q.from] as string, tt.stopIds[q.to] as string, new Date(date), q.time);
    return journeys.length ? Math.min(...journeys.map((j) => j.arrivalTime)) : undefined;
  };
  const cpu = <T>(f: () => T): { ms: number; value: T } => {
    const c0 = process.cpuUsage();
    const value = f();
    const c = process.cpuUsage(c0);
    return { ms: (c.user + c.system) / 1000, value };
  };
  for (const [i, q] of queries.slice(0, 30).entries()) {
    planOurs(q, i);
    planTheirs(q);
  }
  const times = { ours: [] as number[], theirs: [] as number[] };
  const found = { ours: 0, theirs: 0, sameArrival: 0 };
  for (const [i, q] of queries.entries()) {
    const a = cpu(() => planOurs(q, i));
    const b = cpu(() => planTheirs(q));
    times.ours.push(a.ms);
    times.theirs.push(b.ms);
    if (a.value !== undefined) found.ours++;
    if (b.value !== undefined) found.theirs++;
    if (a.value !== undefined && a.value === b.value) found.sameArrival++;
  }
  const fig = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return { p50: Math.round(pct(s, 0.5) * 100) / 100, p95: Math.round(pct(s, 0.95) * 100) / 100 };
  };
  const o = fig(times.ours);
  const t = fig(times.theirs);
  console.log(
    JSON.stringify({
      snapshot: file,
      model: { stops: tt.stopCount, trips: tt.tripCount, stopTimes: tt.arrivals.length, theirTrips: net.trips.length },
      theirBuildMs,
      queries: queries.length,
      found,
      plannerCpuMs: o,
      raptorJourneyPlannerCpuMs: t,
      ratio: { p50: Math.round((t.p50 / o.p50) * 10) / 10, p95: Math.round((t.p95 / o.p95) * 10) / 10 },
    }),
  );
}
