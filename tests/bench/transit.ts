/**
 * `npm run bench -- transit [--feed rail|ember|porto-alegre|isle-of-wight|large|bench-7k|<zip|dir>]... [--snapshot <file>]
 *   [--date YYYY-MM-DD] [--queries <file.jsonl>] [--n 1000] [--window 120] [--seed 1] [--mc <n>] [--check <n>] [--json]`
 *
 * Times, in one process: the import (GTFS -> model), the snapshot (size, load), then per query (CPU
 * ms, p50/p95/p99) a single earliest-arrival search, a 2-hour range search with a run at every
 * departure (rRAPTOR) and one with a run a minute (rangeStep 60, as before every departure had its
 * run), with the range/single ratio of p50s; McRAPTOR on the first n queries with --mc n, and peak RSS. With --check n, the first n queries' earliest arrivals (the single
 * search, and the best of the range search leaving at the query time) from the planner the timings
 * used, after all of them, are compared with the tests' reference connection scan. Queries are
 * random stop pairs and times (seeded), or exactly those of a JSONL file, one
 * {"id","from","to","dep":"HH:MM:SS"} per line, so any engine can be timed on the same queries.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { CsvParser } from '../../src/planner/timetable/csv';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessFromStop, egressToStop, findStop } from '../../src/planner/transit/places';
import { Planner } from '../../src/planner/transit/planner';
import { buildTimetable } from '../../src/planner/timetable/build';
import { formatDay, parseDay, parseGtfsTime, weekdayOf } from '../../src/planner/timetable/gtfs-time';
import type { Timetable } from '../../src/planner/timetable/model';
import { connectionsOf, earliestArrival } from '../planner/transit/reference-csa';
import { openGtfs, readSnapshotFile, writeSnapshotFile } from '../../src/planner/timetable/node-io';
import { decodeSnapshot, encodeSnapshot } from '../../src/planner/timetable/snapshot';
import { seeded } from './lib/figures';

const shared = resolve(dirname(fileURLToPath(import.meta.url)), '../../data');
const NAMED: Record<string, { paths: string[]; date: string }> = {
  rail: { paths: ['tayside/gtfs/rail-scotland-2022.zip'], date: '2022-11-16' },
  ember: { paths: ['tayside/gtfs/ember-e1.zip'], date: '2026-11-25' },
  'porto-alegre': {
    paths: ['test/porto-alegre/gtfs-eptc-bus.zip', 'test/porto-alegre/gtfs-trensurb-metro.zip'],
    date: '2019-05-15',
  },
  'isle-of-wight': { paths: ['test/uk/isle-of-wight-bus-gtfs.zip'], date: '2019-05-15' },
};

/**
 * `--feed large`: a feed about 20x Porto Alegre assembled from real ones - Porto Alegre bus and metro
 * and rail, each trip repeated with small time offsets (a denser service on the same stops), plus Ember
 * and the Isle of Wight once. Calendars are moved by whole weeks onto Porto Alegre's dates so all
 * services run on one day. Written once to folders in the temp directory, one feed per source.
 */
const LARGE_PARTS: { file: string; prefix: string; copies: number; offsetMin: number }[] = [
  { file: 'test/porto-alegre/gtfs-eptc-bus.zip', prefix: 'pb', copies: 20, offsetMin: 3 },
  { file: 'test/porto-alegre/gtfs-trensurb-metro.zip', prefix: 'pm', copies: 20, offsetMin: 1 },
  { file: 'tayside/gtfs/rail-scotland-2022.zip', prefix: 'rl', copies: 7, offsetMin: 5 },
  { file: 'tayside/gtfs/ember-e1.zip', prefix: 'em', copies: 1, offsetMin: 0 },
  { file: 'test/uk/isle-of-wight-bus-gtfs.zip', prefix: 'iw', copies: 1, offsetMin: 0 },
  { file: 'test/flex/cobblinc-bus-30.gtfs.zip', prefix: 'cb', copies: 1, offsetMin: 0 },
];
const LARGE_START = '20190415';
/** A Wednesday on which every part of the large feed runs. */
const LARGE_DATE = '2019-05-01';

function rows(text: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  let header: string[] | undefined;
  const p = new CsvParser((f) => {
    if (!header) header = f.map((h) => h.trim());
    else out.push(Object.fromEntries(header.map((h, i) => [h, (f[i] ?? '').trim()])));
  });
  p.push(text);
  p.end();
  return out;
}

const csv = (fields: (string | number)[]) =>
  fields.map((f) => (/[",\n]/.test(String(f)) ? `"${String(f).replace(/"/g, '""')}"` : String(f))).join(',');

function shiftTime(t: string, minutes: number, seconds = 0): string {
  if (!t) return t;
  const total = parseGtfsTime(t) + minutes * 60 + seconds;
  const h = Math.floor(total / 3600);
  return `${String(h).padStart(2, '0')}:${String(Math.floor((total % 3600) / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Writes the large feed once, one folder per source feed (its own calendar, transfers.txt and generated
 * footpaths, as a region of several feeds is imported), and returns the folders.
 */
async function assembleLargeFeed(): Promise<string[]> {
  const root = join(tmpdir(), 'drover-large-feed-v2');
  const dirs = LARGE_PARTS.map((part) => join(root, part.prefix));
  if (dirs.every((dir) => existsSync(join(dir, 'stop_times.txt')))) return dirs;
  for (const [i, part] of LARGE_PARTS.entries()) await writeLargePart(part, dirs[i] as string);
  return dirs;
}

async function writeLargePart(part: (typeof LARGE_PARTS)[number], dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const out: Record<string, string[]> = {
    'agency.txt': ['agency_id,agency_name,agency_url,agency_timezone'],
    'stops.txt': ['stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station'],
    'routes.txt': ['route_id,agency_id,route_short_name,route_long_name,route_type'],
    'trips.txt': ['route_id,service_id,trip_id,trip_headsign,direction_id'],
    'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type'],
    'calendar.txt': ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date'],
    'calendar_dates.txt': ['service_id,date,exception_type'],
  };
  const files = unzipSync(new Uint8Array(readFileSync(join(shared, part.file))));
  const t = (name: string) => (files[name] ? rows(strFromU8(files[name] as Uint8Array)) : []);
  const p = part.prefix;
  const calendar = t('calendar.txt');
  const dates = t('calendar_dates.txt');
  const first = Math.min(
    ...calendar.map((c) => parseDay(c.start_date ?? '')),
    ...dates.map((c) => parseDay(c.date ?? '')),
  );
  const weeks = Math.round((parseDay(LARGE_START) - first) / 7) * 7;
  const moved = (d: string) => formatDay(parseDay(d) + weeks).replace(/-/g, '');
  const agencies = t('agency.txt');
  for (const a of agencies)
    out['agency.txt']?.push(
      csv([p + (a.agency_id ?? ''), a.agency_name ?? '', a.agency_url ?? '', a.agency_timezone ?? '']),
    );
  for (const s of t('stops.txt'))
    out['stops.txt']?.push(
      csv([
        p + s.stop_id,
        s.stop_name ?? '',
        s.stop_lat ?? '',
        s.stop_lon ?? '',
        s.location_type ?? '',
        s.parent_station ? p + s.parent_station : '',
      ]),
    );
  for (const r of t('routes.txt'))
    out['routes.txt']?.push(
      csv([
        p + r.route_id,
        p + (r.agency_id ?? agencies[0]?.agency_id ?? ''),
        r.route_short_name ?? '',
        r.route_long_name ?? '',
        r.route_type ?? '3',
      ]),
    );
  for (const c of calendar) {
    out['calendar.txt']?.push(
      csv([
        p + c.service_id,
        c.monday ?? 0,
        c.tuesday ?? 0,
        c.wednesday ?? 0,
        c.thursday ?? 0,
        c.friday ?? 0,
        c.saturday ?? 0,
        c.sunday ?? 0,
        moved(c.start_date ?? ''),
        moved(c.end_date ?? ''),
      ]),
    );
  }
  for (const c of dates)
    out['calendar_dates.txt']?.push(csv([p + c.service_id, moved(c.date ?? ''), c.exception_type ?? '1']));
  const transfers = t('transfers.txt');
  if (transfers.length) {
    out['transfers.txt'] = ['from_stop_id,to_stop_id,transfer_type,min_transfer_time'];
    for (const x of transfers)
      out['transfers.txt'].push(
        csv([p + x.from_stop_id, p + x.to_stop_id, x.transfer_type ?? '0', x.min_transfer_time ?? '']),
      );
  }
  const trips = t('trips.txt');
  const stopTimes = t('stop_times.txt');
  for (let k = 0; k < part.copies; k++) {
    for (const tr of trips)
      out['trips.txt']?.push(
        csv([
          p + tr.route_id,
          p + tr.service_id,
          `${p}${tr.trip_id}~${k}`,
          tr.trip_headsign ?? '',
          tr.direction_id ?? '',
        ]),
      );
    for (const st of stopTimes) {
      out['stop_times.txt']?.push(
        csv([
          `${p}${st.trip_id}~${k}`,
          shiftTime(st.arrival_time ?? '', k * part.offsetMin),
          shiftTime(st.departure_time ?? '', k * part.offsetMin),
          p + st.stop_id,
          st.stop_sequence ?? '',
          st.pickup_type ?? '',
          st.drop_off_type ?? '',
        ]),
      );
    }
  }
  for (const [name, lines] of Object.entries(out)) await writeFile(join(dir, name), `${lines.join('\n')}\n`);
}

/**
 * `--feed bench-7k` (for speed only, never for truth): Porto Alegre's bus network (3,986 stops, 2,374
 * trips) as two copies of its stops 200 m apart (so walks join them into one network of about 8k stops),
 * each running every trip 38 times at shifted times (2-3 minutes apart, offsets drawn from --seed): about
 * 180k trips, the size of a large regional network. Written once per seed to the temp directory.
 */
const BENCH_7K = { file: 'test/porto-alegre/gtfs-eptc-bus.zip', stopCopies: 2, timeCopies: 38, date: '2019-05-15' };

async function assembleBench7k(seed: number): Promise<string> {
  const dir = join(tmpdir(), `drover-bench-7k-v1-seed${seed}`);
  if (existsSync(join(dir, 'stop_times.txt'))) return dir;
  await mkdir(dir, { recursive: true });
  const files = unzipSync(new Uint8Array(readFileSync(join(shared, BENCH_7K.file))));
  const t = (name: string) => (files[name] ? rows(strFromU8(files[name] as Uint8Array)) : []);
  const rnd = seeded(seed);
  const out: Record<string, string[]> = {
    'agency.txt': [strFromU8(files['agency.txt'] as Uint8Array).trim()],
    'calendar.txt': [strFromU8(files['calendar.txt'] as Uint8Array).trim()],
    'calendar_dates.txt': [strFromU8(files['calendar_dates.txt'] as Uint8Array).trim()],
    'routes.txt': [strFromU8(files['routes.txt'] as Uint8Array).trim()],
    'stops.txt': ['stop_id,stop_name,stop_lat,stop_lon'],
    'trips.txt': ['route_id,service_id,trip_id,direction_id'],
    'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'],
  };
  const stops = t('stops.txt');
  const trips = t('trips.txt');
  const byTrip = new Map<string, Record<string, string>[]>();
  for (const st of t('stop_times.txt')) {
    const list = byTrip.get(st.trip_id ?? '') ?? (byTrip.set(st.trip_id ?? '', []).get(st.trip_id ?? '') as []);
    list.push(st);
  }
  for (let c = 0; c < BENCH_7K.stopCopies; c++) {
    for (const s of stops)
      out['stops.txt']?.push(
        csv([`${c}_${s.stop_id}`, s.stop_name ?? '', (Number(s.stop_lat) + c * 0.0018).toFixed(6), s.stop_lon ?? '']),
      );
    for (let k = 0; k < BENCH_7K.timeCopies; k++) {
      // One offset per copy (so trips of a pattern keep their order): k * 150 s plus up to a minute.
      const offset = k * 150 + Math.floor(rnd() * 60);
      for (const tr of trips) {
        const id = `${c}_${tr.trip_id}~${k}`;
        out['trips.txt']?.push(csv([tr.route_id ?? '', tr.service_id ?? '', id, tr.direction_id ?? '']));
        for (const st of byTrip.get(tr.trip_id ?? '') ?? [])
          out['stop_times.txt']?.push(
            csv([
              id,
              shiftTime(st.arrival_time ?? '', 0, offset),
              shiftTime(st.departure_time ?? '', 0, offset),
              `${c}_${st.stop_id}`,
              st.stop_sequence ?? '',
            ]),
          );
      }
    }
  }
  for (const [name, lines] of Object.entries(out)) await writeFile(join(dir, name), `${lines.join('\n')}\n`);
  return dir;
}

interface Query {
  id: string;
  from: number;
  to: number;
  dep: number;
}

function opt(args: string[], name: string): string | undefined {
  const i = args.lastIndexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function percentiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: s.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(s[s.length - 1] ?? NaN),
  };
}

/** A mid-week date two weeks into the timetable, when no date is given. */
function defaultDate(tt: Timetable): number {
  let d = tt.feeds.reduce((m, f) => Math.max(m, f.firstDay), -Infinity) + 14;
  while (weekdayOf(d) !== 2) d++;
  return d;
}

export async function run(args: string[]): Promise<void> {
  const feeds: string[] = [];
  args.forEach((a, i) => a === '--feed' && args[i + 1] && feeds.push(args[i + 1] as string));
  const json = args.includes('--json');
  const n = Number(opt(args, 'n') ?? 1000);
  const windowSec = Number(opt(args, 'window') ?? 120) * 60;
  let seed = Number(opt(args, 'seed') ?? 1);
  const figures: Record<string, unknown> = { feeds };

  let tt: Timetable;
  let date = opt(args, 'date') ? parseDay(opt(args, 'date') as string) : Number.NaN;
  const snapshotArg = opt(args, 'snapshot');
  if (snapshotArg) {
    const t0 = performance.now();
    tt = decodeSnapshot(await readSnapshotFile(snapshotArg));
    figures.snapshotLoadMs = Math.round(performance.now() - t0);
    figures.snapshotBytes = (await stat(snapshotArg)).size;
  } else {
    const list = feeds.length ? feeds : ['porto-alegre'];
    const paths: string[] = [];
    for (const f of list)
      paths.push(
        ...(f === 'large'
          ? await assembleLargeFeed()
          : f === 'bench-7k'
            ? [await assembleBench7k(seed)]
            : (NAMED[f]?.paths.map((p) => join(shared, p)) ?? [f])),
      );
    if (Number.isNaN(date) && list.length === 1 && NAMED[list[0] as string])
      date = parseDay((NAMED[list[0] as string] as { date: string }).date);
    if (Number.isNaN(date) && list.length === 1 && list[0] === 'large') date = parseDay(LARGE_DATE);
    if (Number.isNaN(date) && list.length === 1 && list[0] === 'bench-7k') date = parseDay(BENCH_7K.date);
    const t0 = performance.now();
    const built = await buildTimetable(await Promise.all(paths.map(async (p) => ({ source: await openGtfs(p) }))));
    figures.importMs = Math.round(performance.now() - t0);
    const dir = await mkdtemp(join(tmpdir(), 'drover-bench-'));
    const file = join(dir, 'timetable.bin');
    await writeSnapshotFile(file, encodeSnapshot(built));
    figures.snapshotBytes = (await stat(file)).size;
    const t1 = performance.now();
    tt = decodeSnapshot(await readSnapshotFile(file));
    figures.snapshotLoadMs = Math.round(performance.now() - t1);
    await rm(dir, { recursive: true });
  }
  if (Number.isNaN(date)) date = defaultDate(tt);
  figures.date = formatDay(date);
  figures.model = {
    stops: tt.stopCount,
    patterns: tt.patternCount,
    trips: tt.tripCount,
    stopTimes: tt.arrivals.length,
    footpaths: tt.footTo.length,
  };

  const queries: Query[] = [];
  const file = opt(args, 'queries');
  if (file) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const q = JSON.parse(line) as { id: string; from: string; to: string; dep: string };
      const from = findStop(tt, q.from);
      const to = findStop(tt, q.to);
      if (from === undefined || to === undefined) throw new Error(`query ${q.id}: unknown stop`);
      queries.push({ id: q.id, from, to, dep: parseGtfsTime(q.dep) });
    }
  } else {
    const routed = new Uint8Array(tt.stopCount);
    for (const s of tt.patternStops) routed[s] = 1;
    const stops = [...Array(tt.stopCount).keys()].filter((s) => routed[s] === 1);
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
    while (queries.length < n) {
      const from = stops[Math.floor(rnd() * stops.length)] as number;
      const to = stops[Math.floor(rnd() * stops.length)] as number;
      // Times follow the timetable's own busy hours: a random scheduled departure, minus up to 30 minutes.
      const scheduled = tt.departures[Math.floor(rnd() * tt.departures.length)] as number;
      const dep = Math.max(0, (scheduled % 86_400) - Math.floor(rnd() * 1800));
      if (from !== to) queries.push({ id: String(queries.length), from, to, dep });
    }
  }

  const planner = new Planner(tt);
  const prepared = queries.map((q) => ({ q, access: accessFromStop(tt, q.from), egress: egressToStop(tt, q.to) }));
  // Warm up the JIT and the reversed view's lazy build outside the timings.
  for (const p of prepared.slice(0, 20)) planner.plan({ date, time: p.q.dep, access: p.access, egress: p.egress });
  const single: number[] = [];
  const range: number[] = [];
  const stepped: number[] = [];
  let found = 0;
  let rangeOptions = 0;
  let steppedOptions = 0;
  // Process CPU time (steadier than wall time on a shared machine), the three searches of a query one
  // after the other so load falls on them alike: single, range at every departure (rRAPTOR), and range
  // at one run a minute (the default before every departure had its run).
  const cpu = (f: () => void) => {
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  for (const p of prepared) {
    const base = { date, time: p.q.dep, access: p.access, egress: p.egress };
    single.push(cpu(() => (found += planner.plan(base).paths.length > 0 ? 1 : 0)));
    range.push(cpu(() => (rangeOptions += planner.plan({ ...base, window: windowSec }).paths.length)));
    stepped.push(
      cpu(() => (steppedOptions += planner.plan({ ...base, window: windowSec, rangeStep: 60 }).paths.length)),
    );
  }
  figures.queries = queries.length;
  figures.singleMs = percentiles(single);
  figures.singleFound = found;
  figures.rangeMs = percentiles(range);
  figures.rangeWindowMin = windowSec / 60;
  figures.rangeOptionsAvg = Math.round((rangeOptions / queries.length) * 10) / 10;
  figures.rangeStep60Ms = percentiles(stepped);
  figures.rangeStep60OptionsAvg = Math.round((steppedOptions / queries.length) * 10) / 10;
  // Range over single, p50 to p50 (the target: under 3 on the large network).
  const ratio = (a: { p50: number }, b: { p50: number }) => Math.round((a.p50 / b.p50) * 100) / 100;
  figures.rangeOverSingleP50 = ratio(figures.rangeMs as { p50: number }, figures.singleMs as { p50: number });
  figures.rangeStep60OverSingleP50 = ratio(
    figures.rangeStep60Ms as { p50: number },
    figures.singleMs as { p50: number },
  );
  // McRAPTOR (arrival, transfers, walking) on the first --mc queries, when asked.
  const mcCount = Math.min(prepared.length, Number(opt(args, 'mc') ?? 0));
  if (mcCount > 0) {
    const mc: number[] = [];
    let mcOptions = 0;
    for (const p of prepared.slice(0, mcCount)) {
      const t0 = performance.now();
      mcOptions += planner.plan({ date, time: p.q.dep, access: p.access, egress: p.egress, multiCriteria: true }).paths
        .length;
      mc.push(performance.now() - t0);
    }
    figures.mcMs = percentiles(mc);
    figures.mcOptionsAvg = Math.round((mcOptions / mcCount) * 10) / 10;
  }
  // Correctness on this feed, after the timings on the same (reused) planner: any state one search
  // leaves behind for the next shows up here.
  const checkCount = Math.min(prepared.length, Number(opt(args, 'check') ?? 0));
  if (checkCount > 0) {
    const connections = connectionsOf(tt, date);
    let mismatches = 0;
    for (const p of prepared.slice(0, checkCount)) {
      const expected = earliestArrival(tt, connections, p.access, p.egress, p.q.dep);
      const single = Math.min(
        Infinity,
        ...planner.plan({ date, time: p.q.dep, access: p.access, egress: p.egress }).paths.map((x) => x.arrival),
      );
      const ranged = planner.plan({ date, time: p.q.dep, access: p.access, egress: p.egress, window: windowSec }).paths;
      const rangeBest = Math.min(Infinity, ...ranged.filter((x) => x.departure >= p.q.dep).map((x) => x.arrival));
      if (single !== expected || rangeBest !== expected) {
        mismatches++;
        if (mismatches <= 3)
          console.error(
            `check: query ${p.q.id} (${tt.stopIds[p.q.from]} -> ${tt.stopIds[p.q.to]} at ${p.q.dep}s): reference ${expected}, single ${single}, range ${rangeBest}`,
          );
      }
    }
    figures.referenceChecked = checkCount;
    figures.referenceMismatches = mismatches;
  }
  figures.peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);

  if (json) console.log(JSON.stringify(figures));
  else {
    for (const [k, v] of Object.entries(figures))
      console.log(`${k.padEnd(16)} ${typeof v === 'object' ? JSON.stringify(v) : v}`);
  }
}
