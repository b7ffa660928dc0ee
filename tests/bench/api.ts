/**
 * `npm run bench -- api [--searches N] [--concurrency C] [--seconds S] [--connections K] [--log-level L] [--postgres URL] [--port P] [--json]`
 *
 * Starts the real server (`src/server/main.ts`, embedded PGlite in a temporary DATA_DIR, or with
 * --postgres a throwaway database on that PostgreSQL server; the Tayside region on planner threads)
 * as a child process on port P (default: a free one; on a shared machine pass your own), then:
 *  - N searches (default 200) between Tayside towns at 07:00-18:00 on the next weekday, C at a
 *    time (default 1): time from sending POST /v1/journey-planner/search to the first
 *    `journey processed` event on query.{hash} (pusher-js) and to the last (p50/p95/max);
 *  - GET /v1/journey-planner/search/{hash}/{journeyId} with autocannon, K connections (50) for
 *    S seconds (10): requests/s, latency, errors;
 *  - the server's resident memory (VmRSS and its peak, VmHWM, threads included).
 * Figures, not a timed test. Targets (issue 6): first event p95 <= 300 ms, all p95 <= 1 s,
 * GET >= 2,000 req/s with no errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Pusher from 'pusher-js';
import { Temporal } from 'temporal-polyfill';
import { REPO_ROOT } from '../../src/server/config';
import { createPostgresDatabase } from '../server/helpers/app-server';
import { freePort } from '../server/helpers/search-events';

export const TOWNS = [
  { label: 'Dundee Railway Station', lat: 56.4566, lng: -2.9713 },
  { label: 'Perth Railway Station', lat: 56.392, lng: -3.439 },
  { label: 'Arbroath', lat: 56.559, lng: -2.587 },
  { label: 'Kinross', lat: 56.206, lng: -3.43 },
  { label: 'Broughty Ferry', lat: 56.467, lng: -2.873 },
  { label: 'Carnoustie', lat: 56.501, lng: -2.707 },
  { label: 'Forfar', lat: 56.644, lng: -2.888 },
  { label: 'Montrose', lat: 56.708, lng: -2.467 },
];

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (x: number): number => Math.round(x * 10) / 10;

export interface Server {
  child: ChildProcess;
  port: number;
  apiKey: string;
  /** The throwaway PostgreSQL database the server runs on (--postgres), for workers to share. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/** Starts src/server/main.ts as a child process; `env` adds settings (REDIS_URL, PLANNER_THREADS...). */
export async function startServer(
  logLevel: string,
  postgres: string | undefined,
  fixedPort: number | undefined,
  env: Record<string, string> = {},
): Promise<Server> {
  // --postgres: a throwaway database beside the given one (the server runs its migrations there).
  const database = postgres ? await createPostgresDatabase(postgres) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-bench-api-'));
  const distDir = path.join(dataDir, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><!--brand-head--></head><body><!--brand-config--></body></html>',
  );
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
    cwd: REPO_ROOT,
    // The load comes from one IP and may queue more than SEARCH_QUEUE_LIMIT on purpose: lift both limits.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      LOG_LEVEL: logLevel,
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      SEARCH_RATE_LIMIT: '1000000',
      SEARCH_QUEUE_LIMIT: '1000000',
      ...env,
    },
    // Logs go to /dev/null: written, as in a deployment, but not read.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('server did not answer /healthz in 120 s');
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const brand = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'brands/regional/brand.json'), 'utf8')) as {
    apiKey: string;
  };
  return {
    child,
    port,
    apiKey: brand.apiKey,
    databaseUrl: database?.url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS / VmHWM of a process in MB (Linux). */
export function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

interface SearchTiming {
  first: number;
  last: number;
  journeys: number;
  hash: string;
  /** GET paths of its journeys. */
  paths: string[];
}

export async function run(args: string[]): Promise<void> {
  const arg = (name: string, fallback: number): number => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
  };
  const searches = arg('--searches', 200);
  const concurrency = arg('--concurrency', 1);
  const seconds = arg('--seconds', 10);
  const connections = arg('--connections', 50);

  const started = performance.now();
  // The default level (info) logs every request, as a deployment would.
  const logLevelAt = args.indexOf('--log-level');
  const postgresAt = args.indexOf('--postgres');
  const postgres = postgresAt >= 0 ? args[postgresAt + 1] : undefined;
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
  const server = await startServer(logLevelAt >= 0 ? (args[logLevelAt + 1] ?? 'info') : 'info', postgres, port);
  const startMs = performance.now() - started;
  const memoryAtStart = memory(server.child.pid!);
  // Never leave the server behind, whatever fails below.
  process.once('exit', () => server.child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${server.port}`;
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-api-key': server.apiKey,
    'x-requested-with': 'XMLHttpRequest',
  };
  const pusher = new Pusher(server.apiKey, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  });
  let day = Temporal.Now.plainDateISO('Europe/London').add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  let missed = 0;
  let failed = 0;
  let fromGet = 0;

  const search = async (i: number): Promise<SearchTiming | null> => {
    const from = TOWNS[i % TOWNS.length]!;
    const to = TOWNS[(i * 3 + 1 + Math.floor(i / TOWNS.length)) % TOWNS.length]!;
    const destination = to === from ? TOWNS[(i + 1) % TOWNS.length]! : to;
    const hour = 7 + (i % 12);
    const outTime = `${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`;
    const t0 = performance.now();
    const response = await fetch(`${base}/v1/journey-planner/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ origin: from, destination, out_time: outTime }),
    });
    if (response.status !== 201) throw new Error(`search ${i}: ${response.status} ${await response.text()}`);
    const { data } = (await response.json()) as { data: { hash: string } };
    const channelName = `query.${data.hash}`;
    const channel = pusher.subscribe(channelName);
    try {
      return await new Promise<SearchTiming | null>((resolve) => {
        // As the app does (ARCHITECTURE.md step 2): subscribe, then GET the search, so events
        // sent before the subscription took hold are not lost. A journey counts as delivered
        // at whichever comes first.
        const known = new Set<string>();
        let expected = -1;
        let first = NaN;
        let done = false;
        const finish = (timing: SearchTiming | null) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve(timing);
        };
        const timer = setTimeout(() => {
          missed++;
          finish(null);
        }, 10_000);
        const check = () => {
          const paths = () => [...known].map((id) => `/v1/journey-planner/search/${data.hash}/${id}`);
          if (expected === 0)
            finish({ first: NaN, last: performance.now() - t0, journeys: 0, hash: data.hash, paths: [] });
          else if (expected > 0 && known.size >= expected)
            finish({ first, last: performance.now() - t0, journeys: known.size, hash: data.hash, paths: paths() });
        };
        const learn = (id: string, viaGet: boolean) => {
          if (known.has(id)) return;
          if (known.size === 0) first = performance.now() - t0;
          known.add(id);
          if (viaGet) fromGet++;
        };
        channel.bind('results retrieved', (event: { journey_count: number }) => {
          expected = event.journey_count;
          check();
        });
        channel.bind('journey processed', (event: { journeyID: string }) => {
          learn(event.journeyID, false);
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
          for (const journey of answer.data.journeys) learn(journey.id, true);
          check();
        });
      });
    } finally {
      pusher.unsubscribe(channelName);
    }
  };

  await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
  // The first search waits for the planner thread to load the region.
  const cold = performance.now();
  await search(0);
  const coldMs = performance.now() - cold;
  for (let i = 1; i <= 5; i++) await search(i);

  const timings: SearchTiming[] = [];
  let next = 0;
  missed = failed = fromGet = 0;
  const runStart = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < searches) {
        const timing = await search(100 + next++);
        if (timing) timings.push(timing);
      }
    }),
  );
  const runMs = performance.now() - runStart;
  const memoryAfterSearches = memory(server.child.pid!);

  const withJourneys = timings.filter((t) => t.journeys > 0);
  const firsts = withJourneys.map((t) => t.first).sort((a, b) => a - b);
  const lasts = withJourneys.map((t) => t.last).sort((a, b) => a - b);
  const counts = withJourneys.map((t) => t.journeys).sort((a, b) => a - b);
  pusher.disconnect();

  // GET every journey the searches found, round and round.
  const paths = withJourneys.flatMap((t) => t.paths);
  if (paths.length === 0) throw new Error('no journey to GET');
  let turn = 0;
  const cannon = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { accept: 'application/json', 'x-api-key': server.apiKey },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]! }) }],
  });
  const memoryEnd = memory(server.child.pid!);
  await server.stop();

  const figures = {
    server_start_ms: Math.round(startMs),
    first_search_ms_incl_region_load: Math.round(coldMs),
    searches: {
      measured: timings.length,
      concurrency,
      with_journeys: withJourneys.length,
      journeys_seen_first_by_get: fromGet,
      timed_out: missed,
      failed,
      seconds: round(runMs / 1000),
    },
    journeys_per_search: { min: counts[0], p50: pct(counts, 50), max: counts.at(-1) },
    first_journey_processed_ms: {
      p50: round(pct(firsts, 50)),
      p95: round(pct(firsts, 95)),
      max: round(firsts.at(-1) ?? NaN),
    },
    last_journey_processed_ms: {
      p50: round(pct(lasts, 50)),
      p95: round(pct(lasts, 95)),
      max: round(lasts.at(-1) ?? NaN),
    },
    get_journey: {
      connections,
      seconds,
      requests_per_s_avg: Math.round(cannon.requests.average),
      latency_ms: { p50: cannon.latency.p50, p97_5: cannon.latency.p97_5, p99: cannon.latency.p99 },
      requests: cannon.requests.total,
      non_2xx: cannon.non2xx,
      errors: cannon.errors,
      timeouts: cannon.timeouts,
    },
    server_memory_mb: {
      at_start_rss: memoryAtStart.rss,
      after_searches_rss: memoryAfterSearches.rss,
      end_rss: memoryEnd.rss,
      peak_rss: memoryEnd.peak,
    },
  };
  if (args.includes('--json')) {
    console.log(JSON.stringify(figures, null, 2));
    return;
  }
  const target = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
  console.log(
    `database ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}; server start ${figures.server_start_ms} ms; first search (region load on the planner thread) ${figures.first_search_ms_incl_region_load} ms`,
  );
  console.log(
    `${timings.length} searches, ${concurrency} at a time, ${figures.searches.seconds} s; ${withJourneys.length} with journeys (${counts[0]}-${counts.at(-1)}, median ${pct(counts, 50)}); ${fromGet} journeys reached the client by its GET before their event; timed out ${missed}, failed ${failed}`,
  );
  console.log(
    `POST -> first journey at the client ('journey processed' or its GET): p50 ${figures.first_journey_processed_ms.p50} ms, p95 ${figures.first_journey_processed_ms.p95} ms, max ${figures.first_journey_processed_ms.max} ms (${target(pct(firsts, 95) <= 300)} p95 <= 300 ms)`,
  );
  console.log(
    `POST -> last journey at the client:                                 p50 ${figures.last_journey_processed_ms.p50} ms, p95 ${figures.last_journey_processed_ms.p95} ms, max ${figures.last_journey_processed_ms.max} ms (${target(pct(lasts, 95) <= 1000)} p95 <= 1 s)`,
  );
  const g = figures.get_journey;
  console.log(
    `GET journey (${paths.length} journeys in turn), ${connections} connections, ${seconds} s: ${g.requests_per_s_avg} req/s, latency p50 ${g.latency_ms.p50} ms p97.5 ${g.latency_ms.p97_5} ms, ${g.requests} requests, non-2xx ${g.non_2xx}, errors ${g.errors}, timeouts ${g.timeouts} (${target(g.requests_per_s_avg >= 2000 && g.non_2xx === 0 && g.errors === 0)} >= 2,000 req/s, no errors)`,
  );
  console.log(
    `server memory: RSS ${memoryAtStart.rss} MB once healthy, ${figures.server_memory_mb.after_searches_rss} MB after searches, ${figures.server_memory_mb.end_rss} MB at end, peak ${figures.server_memory_mb.peak_rss} MB`,
  );
}
