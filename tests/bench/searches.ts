/**
 * `npm run bench -- searches [--clients C] [--seconds S] [--threads T] [--workers W] [--port P] [--log-level L] [--json]`
 *
 * Search capacity end to end (issue 33 item 5): starts the real server (src/server/main.ts) and
 * has C clients (default 32), each with its own realtime connection, search for S seconds
 * (default 20) between Tayside towns, one search after another as a traveller's app does:
 * POST /v1/journey-planner/search, subscribe to query.{hash}, GET the search (events sent before
 * the subscription took hold are not lost), and wait for the last journey. Counts COMPLETED
 * searches (every journey at the client), not accepted ones.
 *
 * Modes:
 *  - default: embedded PGlite, planner threads in the server (PLANNER_THREADS, or --threads T);
 *  - DATABASE_URL and REDIS_URL set: a throwaway database on that PostgreSQL server, the BullMQ
 *    queue on that Redis, and W (default 1) `npm run worker` processes planning.
 * Prints completed searches/s, p50 and p99 from POST to the last journey, and the load average.
 *
 * `--profile [--searches N]` instead plans N searches (default 100) of the same kind in this
 * process, on the regions the server loads (REGIONS), and splits one search's planning into its
 * phases (PlanOptions.phases: regions, modes, transit, vehicle-to-station, returns, assembly) plus
 * serialisation (the journeys cloned to the request thread, as postMessage does, and JSON for
 * storage): mean ms per search and share. `--return` adds a way back to each search.
 * Figures, not a timed test. Target (issue 33): >= 100 completed/s on 2 cores at p99 <= 1 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import Pusher from 'pusher-js';
import { Temporal } from 'temporal-polyfill';
import { searchFormSchema } from '../../src/contract/search';
import { planAll, type PlanPhase } from '../../src/planner/plan/plan';
import { loadRegionFromManifest } from '../../src/planner/node';
import { loadSettings, REPO_ROOT } from '../../src/server/config';
import { planRequestForBrand } from '../../src/server/searches/plan-request';
import { memory, startServer, TOWNS } from './api';
import { settled } from './memory';

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (x: number): number => Math.round(x * 10) / 10;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** The bench's i-th search body (the same trips and times the clients send). */
function searchBody(i: number, day: Temporal.PlainDate, withReturn = false) {
  const from = TOWNS[i % TOWNS.length]!;
  const to = TOWNS[(i * 3 + 1 + Math.floor(i / TOWNS.length)) % TOWNS.length]!;
  const destination = to === from ? TOWNS[(i + 1) % TOWNS.length]! : to;
  const hour = 7 + (i % 12);
  const outTime = `${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00`;
  const date = `${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}`;
  const returnTime = `${date} ${String(Math.min(hour + 4, 21)).padStart(2, '0')}:30:00`;
  return { origin: from, destination, out_time: outTime, ...(withReturn ? { return_time: returnTime } : {}) };
}

function nextWeekday(): Temporal.PlainDate {
  let day = Temporal.Now.plainDateISO('Europe/London').add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return day;
}

/** One search's planning split into its phases, in this process (no server). */
async function profile(args: string[]): Promise<void> {
  const at = args.indexOf('--searches');
  const searches = at >= 0 ? Number(args[at + 1]) : 100;
  const withReturn = args.includes('--return');
  const manifests = loadSettings().regions;
  const loadStart = performance.now();
  const regions = [];
  for (const manifest of manifests) regions.push(await loadRegionFromManifest(manifest));
  const loadMs = performance.now() - loadStart;
  const day = nextWeekday();
  const brand = JSON.parse(
    (await import('node:fs')).readFileSync(path.join(REPO_ROOT, 'brands/regional/brand.json'), 'utf8'),
  ) as { blockedTravelTypes?: never[]; regions?: string[] };
  const requestFor = (i: number) =>
    planRequestForBrand(searchFormSchema(() => new Date()).parse(searchBody(i, day, withReturn)), {
      blockedTravelTypes: brand.blockedTravelTypes ?? [],
      regions: brand.regions,
    });
  // Warm-up (JIT, the stops' walk snaps) outside the figures.
  for (let i = 0; i < 5; i++) await planAll(requestFor(i), { regions });
  const phases: Partial<Record<PlanPhase | 'serialisation' | 'other', number>> = {};
  let total = 0;
  let journeys = 0;
  const loadAtStart = load();
  for (let i = 0; i < searches; i++) {
    const request = requestFor(100 + i);
    const t0 = performance.now();
    const found = await planAll(request, { regions, phases });
    const t1 = performance.now();
    structuredClone(found);
    JSON.stringify(found);
    const t2 = performance.now();
    phases.serialisation = (phases.serialisation ?? 0) + t2 - t1;
    total += t2 - t0;
    journeys += found.length;
  }
  const counted = Object.values(phases).reduce((a, b) => a + (b ?? 0), 0);
  phases.other = total - counted;
  console.log(
    `profile: ${searches} searches${withReturn ? ' with a return' : ''} planned in this process on ${regions.map((r) => r.name).join(' + ')} (loaded in ${Math.round(loadMs)} ms); ${round(journeys / searches)} journeys per search; load average ${loadAtStart} -> ${load()}`,
  );
  console.log(`one search: ${round(total / searches)} ms mean (planning + serialisation)`);
  for (const [phase, ms] of Object.entries(phases).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0)))
    console.log(
      `  ${phase.padEnd(20)} ${String(round((ms ?? 0) / searches)).padStart(7)} ms  ${Math.round(((ms ?? 0) / total) * 100)}%`,
    );
}

/** `npm run worker` as a child process on the server's database and Redis; resolves once it is ready. */
async function startWorker(databaseUrl: string, redisUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/worker.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('worker not ready in 180 s')), 180_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (buffered.includes('search worker ready')) {
        clearTimeout(timer);
        buffered = '';
        resolve();
      } else if (buffered.length > 100_000) buffered = buffered.slice(-1000);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

export async function run(args: string[]): Promise<void> {
  if (args.includes('--profile')) return profile(args);
  const arg = (name: string, fallback: number): number => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
  };
  const clients = arg('--clients', 32);
  const seconds = arg('--seconds', 20);
  const workerCount = arg('--workers', 1);
  const threads = arg('--threads', 0);
  const portAt = args.indexOf('--port');
  const fixedPort = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
  const logLevelAt = args.indexOf('--log-level');
  const logLevel = logLevelAt >= 0 ? (args[logLevelAt + 1] ?? 'info') : 'info';
  const postgres = process.env.DATABASE_URL && process.env.REDIS_URL ? process.env.DATABASE_URL : undefined;
  const redisUrl = postgres ? process.env.REDIS_URL! : '';

  const loadBefore = load();
  const server = await startServer(logLevel, postgres, fixedPort, {
    REDIS_URL: redisUrl,
    ...(threads > 0 ? { PLANNER_THREADS: String(threads) } : {}),
  });
  const workers: ChildProcess[] = [];
  process.once('exit', () => {
    server.child.kill('SIGKILL');
    for (const worker of workers) worker.kill('SIGKILL');
  });
  try {
    if (postgres) for (let i = 0; i < workerCount; i++) workers.push(await startWorker(server.databaseUrl!, redisUrl));
    const base = `http://127.0.0.1:${server.port}`;
    const headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-api-key': server.apiKey,
      'x-requested-with': 'XMLHttpRequest',
    };
    const day = nextWeekday();

    const connect = async () => {
      const pusher = new Pusher(server.apiKey, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: server.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
      });
      await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
      return pusher;
    };

    let failed = 0;
    let timedOut = 0;
    let withoutJourneys = 0;
    /** One search as the app makes it; resolves with ms from POST to the last journey, or null. */
    const search = async (pusher: Pusher, i: number): Promise<number | null> => {
      const t0 = performance.now();
      const response = await fetch(`${base}/v1/journey-planner/search`, {
        method: 'POST',
        headers,
        body: JSON.stringify(searchBody(i, day)),
      });
      if (response.status !== 201) throw new Error(`search ${i}: ${response.status} ${await response.text()}`);
      const { data } = (await response.json()) as { data: { hash: string } };
      const channelName = `query.${data.hash}`;
      const channel = pusher.subscribe(channelName);
      try {
        return await new Promise<number | null>((resolve) => {
          const known = new Set<string>();
          let expected = -1;
          let done = false;
          const finish = (ms: number | null) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve(ms);
          };
          const timer = setTimeout(() => {
            timedOut++;
            finish(null);
          }, 60_000);
          const check = () => {
            if (expected === 0 && !done) withoutJourneys++;
            if (expected >= 0 && known.size >= expected) finish(performance.now() - t0);
          };
          channel.bind('results retrieved', (event: { journey_count: number }) => {
            expected = event.journey_count;
            check();
          });
          channel.bind('journey processed', (event: { journeyID: string }) => {
            known.add(event.journeyID);
            check();
          });
          channel.bind('pusher:subscription_succeeded', async () => {
            const answer = (await (
              await fetch(`${base}/v1/journey-planner/search/${data.hash}`, { headers })
            ).json()) as {
              data: { status: string; results_retrieved: number | null; journeys: Array<{ id: string }> };
            };
            if (answer.data.status === 'failed') {
              failed++;
              return finish(null);
            }
            if (answer.data.results_retrieved !== null) expected = answer.data.results_retrieved;
            for (const journey of answer.data.journeys) known.add(journey.id);
            check();
          });
        });
      } finally {
        pusher.unsubscribe(channelName);
      }
    };

    const pushers = await Promise.all(Array.from({ length: clients }, connect));
    // Warm up: the planners load the regions on their first search.
    const coldStart = performance.now();
    await search(pushers[0]!, 0);
    const coldMs = performance.now() - coldStart;
    // The other planner threads may still be loading the regions: measure once they are done.
    if (!postgres) await settled(server.child.pid!, Date.now() + 180_000);
    for (let i = 1; i <= 4; i++) await search(pushers[0]!, i);
    failed = timedOut = withoutJourneys = 0;

    const loadAtStart = load();
    const memoryAtStart = memory(server.child.pid!);
    const latencies: number[] = [];
    let completedInWindow = 0;
    let started = 0;
    let next = 100;
    const runStart = performance.now();
    const endAt = runStart + seconds * 1000;
    await Promise.all(
      pushers.map(async (pusher) => {
        while (performance.now() < endAt) {
          started++;
          const ms = await search(pusher, next++);
          if (ms === null) continue;
          latencies.push(ms);
          if (performance.now() <= endAt) completedInWindow++;
        }
      }),
    );
    const drainMs = performance.now() - endAt;
    const loadAtEnd = load();
    const memoryEnd = memory(server.child.pid!);
    for (const pusher of pushers) pusher.disconnect();
    latencies.sort((a, b) => a - b);

    const figures = {
      database: postgres
        ? `PostgreSQL + ${workerCount} worker(s) (BullMQ on Redis)`
        : 'PGlite (embedded), planner threads',
      cores: os.availableParallelism(),
      planner_threads: postgres ? null : threads > 0 ? threads : 'default (PLANNER_THREADS)',
      clients,
      seconds,
      first_search_ms_incl_region_load: Math.round(coldMs),
      searches_started: started,
      completed_in_window: completedInWindow,
      completed_per_s: round(completedInWindow / seconds),
      completed_total: latencies.length,
      drain_after_window_ms: Math.round(drainMs),
      failed,
      timed_out: timedOut,
      without_journeys: withoutJourneys,
      post_to_last_journey_ms: {
        p50: round(pct(latencies, 50)),
        p99: round(pct(latencies, 99)),
        max: round(latencies.at(-1) ?? NaN),
      },
      load_average: { before_server: loadBefore, at_start: loadAtStart, at_end: loadAtEnd },
      server_memory_mb: { rss_at_start: memoryAtStart.rss, rss_end: memoryEnd.rss, peak: memoryEnd.peak },
    };
    if (args.includes('--json')) {
      console.log(JSON.stringify(figures, null, 2));
      return;
    }
    console.log(
      `${figures.database}; ${figures.cores} cores; planner threads ${figures.planner_threads ?? '-'}; first search (region load) ${figures.first_search_ms_incl_region_load} ms`,
    );
    console.log(
      `${clients} clients, ${seconds} s: ${completedInWindow} searches completed (${figures.completed_per_s}/s) of ${started} started; failed ${failed}, timed out ${timedOut}, without journeys ${withoutJourneys}; the last ones drained in ${figures.drain_after_window_ms} ms`,
    );
    console.log(
      `POST -> last journey at the client: p50 ${figures.post_to_last_journey_ms.p50} ms, p99 ${figures.post_to_last_journey_ms.p99} ms, max ${figures.post_to_last_journey_ms.max} ms (${figures.completed_per_s >= 100 && pct(latencies, 99) <= 1000 ? 'meets' : 'MISSES'} target >= 100/s at p99 <= 1 s)`,
    );
    console.log(`load average (1 5 15 min): before ${loadBefore}; at start ${loadAtStart}; at end ${loadAtEnd}`);
    console.log(
      `server RSS ${memoryAtStart.rss} MB at start, ${memoryEnd.rss} MB at end, peak ${memoryEnd.peak} MB${postgres ? ' (workers apart)' : ''}`,
    );
  } finally {
    for (const worker of workers) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await server.stop();
  }
}
