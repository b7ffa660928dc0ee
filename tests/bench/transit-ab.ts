/**
 * `npm run bench -- transit-ab --before <src folder of another checkout> --snapshot <file> [--date YYYY-MM-DD] [--n 200]
 *   [--window <minutes>] [--range-step <seconds>]`
 *
 * Before and after in one run: the same random single earliest-arrival queries (or, with --window,
 * range queries over that many minutes) (seeded, as `transit`)
 * on this checkout's planner and on another checkout's (e.g. main, extracted with
 * `git archive main src | tar -x -C /tmp/before`), alternating query by query so machine load falls on
 * both alike. Times are process CPU milliseconds per query (steadier than wall time on a busy machine);
 * every query's journeys must be identical in both, and the count that are not is printed.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseDay } from '../../src/planner/timetable/gtfs-time';
import { readSnapshotFile } from '../../src/planner/timetable/node-io';
import { decodeSnapshot } from '../../src/planner/timetable/snapshot';
import { accessFromStop, egressToStop } from '../../src/planner/transit/places';
import { Planner } from '../../src/planner/transit/planner';
import { pct } from './lib/figures';
import { randomStopQueries } from './lib/transit-queries';

type PlanFn = (o: Parameters<Planner['plan']>[0]) => { paths: unknown[] };

function opt(args: string[], name: string): string | undefined {
  const i = args.lastIndexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function run(args: string[]): Promise<void> {
  const beforeDir = opt(args, 'before');
  const file = opt(args, 'snapshot');
  if (!beforeDir || !file) throw new Error('usage: transit-ab --before <src folder> --snapshot <file> [--date] [--n]');
  const bytes = await readSnapshotFile(file);
  const tt = decodeSnapshot(bytes);
  const load = async (rel: string) => import(pathToFileURL(resolve(beforeDir, rel)).href);
  const old = (await load('planner/transit/planner.ts')) as { Planner: new (tt: unknown) => { plan: PlanFn } };
  const oldSnapshot = (await load('planner/timetable/snapshot.ts')) as { decodeSnapshot(b: Uint8Array): unknown };
  const before = new old.Planner(oldSnapshot.decodeSnapshot(bytes.slice()));
  const after = new Planner(tt);
  const date = parseDay(opt(args, 'date') ?? '2019-05-15');
  const n = Number(opt(args, 'n') ?? 200);
  // --window <minutes>: range searches over that window instead of single ones.
  const window = Number(opt(args, 'window') ?? 0) * 60;
  // --range-step <seconds>: both planners' range searches run once per that many seconds (1: every departure).
  const rangeStep = Number(opt(args, 'range-step') ?? 0);
  const queries: Parameters<PlanFn>[0][] = randomStopQueries(tt, n, Number(opt(args, 'seed') ?? 1)).map((q) => ({
    date,
    time: q.time,
    access: accessFromStop(tt, q.from),
    egress: egressToStop(tt, q.to),
    ...(window > 0 ? { window } : {}),
    ...(rangeStep > 0 ? { rangeStep } : {}),
  }));
  const once = (plan: PlanFn, q: Parameters<PlanFn>[0]) => {
    const c0 = process.cpuUsage();
    const r = plan(q);
    const c = process.cpuUsage(c0);
    return { ms: (c.user + c.system) / 1000, paths: JSON.stringify(r.paths) };
  };
  const planBefore: PlanFn = (q) => before.plan(q);
  const planAfter: PlanFn = (q) => after.plan(q);
  for (const q of queries.slice(0, 30)) {
    once(planBefore, q);
    once(planAfter, q);
  }
  const times = { before: [] as number[], after: [] as number[] };
  let different = 0;
  for (const q of queries) {
    const a = once(planBefore, q);
    const b = once(planAfter, q);
    times.before.push(a.ms);
    times.after.push(b.ms);
    if (a.paths !== b.paths) different++;
  }
  const fig = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return { p50: Math.round(pct(s, 0.5) * 100) / 100, p95: Math.round(pct(s, 0.95) * 100) / 100 };
  };
  console.log(
    JSON.stringify({
      snapshot: file,
      model: { stops: tt.stopCount, trips: tt.tripCount, stopTimes: tt.arrivals.length },
      queries: n,
      differentResults: different,
      beforeCpuMs: fig(times.before),
      afterCpuMs: fig(times.after),
    }),
  );
}
