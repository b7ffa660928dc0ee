/**
 * `npm run bench -- memory --server [--port P]`: the server's resident memory (issue 33 item 6).
 *
 * Starts the real server (src/server/main.ts, embedded PGlite) several times, each until its planner
 * threads have loaded their regions and its RSS has settled:
 *  - Tayside only, one planner thread;  - north-east only, one thread;
 *  - both regions with 1, 2 and 4 threads (`--threads` lists other counts);
 * and prints VmRSS and its peak (VmHWM) for each, with what they imply: a region's share (both
 * regions minus the other one alone) and a planner thread's share (N threads minus one, per extra
 * thread), and whether the regions' snapshot files were there (else the server builds them at
 * start). Then the same thread counts for the planner pool alone in a process of its own (and that
 * process without a pool), at load and after 120 searches: the server's own RSS moves by tens of MB
 * from run to run (its database, its start-up peak), the pool's far less, so its per-thread figure
 * is the one to compare. Figures, not a timed test; quote them with the load average printed.
 */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { loadManifest } from '../../src/planner/node';
import { snapshotIsStale } from '../../src/planner/region/build-node';
import { Temporal } from 'temporal-polyfill';
import type { PlanRequest } from '../../src/planner/index';
import { PlannerPool } from '../../src/server/jobs/planner-pool';
import { REPO_ROOT } from '../../src/server/config';
import { memory, startServer, TOWNS } from './api';

const TAYSIDE = path.join(REPO_ROOT, 'data/regions/tayside.json');
const NORTH_EAST = path.join(REPO_ROOT, 'data/regions/north-east.json');
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Resolves once the process's RSS has moved by 2 MB at most over 3 s (its threads done loading), or at `deadline`. */
export async function settled(pid: number, deadline: number): Promise<void> {
  let last = memory(pid).rss;
  let steady = 0;
  while (steady < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = memory(pid).rss;
    steady = Math.abs(now - last) <= 2 ? steady + 1 : 0;
    last = now;
  }
}

interface Reading {
  label: string;
  rss: number;
  peak: number;
  readyMs: number;
  /** The pool alone: RSS after its searches, and the CPU time they took (all threads). */
  after?: number;
  cpuMs?: number;
}

/** A server on `regions` with `threads` planner threads, measured once every thread has loaded. */
async function measure(label: string, regions: string[], threads: number, port: number | undefined): Promise<Reading> {
  const started = performance.now();
  const server = await startServer('warn', undefined, port, {
    REGIONS: regions.join(','),
    PLANNER_THREADS: String(threads),
  });
  try {
    const pid = server.child.pid!;
    const deadline = Date.now() + 300_000;
    // /readyz answers 200 once a planner thread has its regions; the others may still load, so wait
    // too until RSS stops moving (within 2 MB over 3 s).
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${label}: not ready in 300 s`);
      const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const readyMs = performance.now() - started;
    await settled(pid, deadline);
    const reading = memory(pid);
    return { label, rss: reading.rss, peak: reading.peak, readyMs: Math.round(readyMs) };
  } finally {
    await server.stop();
  }
}

/** Searches between the api bench's Tayside towns on the next weekday, 07:00-18:30, for the pool alone. */
function searches(count: number): PlanRequest[] {
  let day = Temporal.Now.plainDateISO('Europe/London').add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return Array.from({ length: count }, (_, i) => {
    const from = TOWNS[i % TOWNS.length]!;
    const to = TOWNS[(i * 3 + 1 + Math.floor(i / TOWNS.length)) % TOWNS.length]!;
    const hour = String(7 + (i % 12)).padStart(2, '0');
    return {
      origin: from,
      destination: to === from ? TOWNS[(i + 1) % TOWNS.length]! : to,
      out_time: `${day.toString()}T${hour}:${i % 2 ? '30' : '00'}`,
    };
  });
}

const POOL_SEARCHES = 120;

/**
 * In a child process (`memory --pool-child N`): a planner pool of N threads on both regions and
 * nothing else (no server, no database; N = 0: no pool), once all N are ready and RSS has settled,
 * and again after POOL_SEARCHES searches (the threads' working state grown). Prints one JSON line.
 */
async function poolChild(threads: number): Promise<void> {
  const pool = threads > 0 ? new PlannerPool({ manifests: [TAYSIDE, NORTH_EAST], size: threads }) : undefined;
  const deadline = Date.now() + 300_000;
  if (pool) {
    await pool.ready();
    while (pool.capacity() < threads && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  await settled(process.pid, deadline);
  const loaded = memory(process.pid);
  const cpu = process.cpuUsage();
  if (pool) await Promise.all(searches(POOL_SEARCHES).map((request) => pool.run(request, new Date())));
  const { user, system } = process.cpuUsage(cpu);
  await settled(process.pid, deadline + 300_000);
  const after = memory(process.pid).rss;
  console.log(JSON.stringify({ ...loaded, after, cpuMs: Math.round((user + system) / 1000) }));
  await pool?.close();
}

/** The planner pool alone with `threads` threads, in a child process of its own. */
async function measurePool(threads: number): Promise<Reading> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'tests/bench/index.ts'), 'memory', '--pool-child', String(threads)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`pool with ${threads} threads: exited ${code}`);
  const reading = JSON.parse(line) as { rss: number; peak: number; after: number; cpuMs: number };
  const label = threads === 0 ? 'no pool (code only)' : `pool, ${threads} thread${threads > 1 ? 's' : ''}`;
  return { label, ...reading, readyMs: Math.round(performance.now() - started) };
}

/** Whether each manifest's snapshot file exists (else every start builds the region from its sources). */
async function snapshotFiles(manifests: string[]): Promise<string> {
  const found = await Promise.all(
    manifests.map(async (m) => {
      const loaded = await loadManifest(m, new Date(), false);
      const file = loaded.snapshotPath;
      const state = !fs.existsSync(file)
        ? 'absent (built at start)'
        : (await snapshotIsStale(file, loaded))
          ? 'older than its sources (built at start)'
          : 'used';
      return `${path.basename(file)} ${state}`;
    }),
  );
  return found.join(', ');
}

export async function run(args: string[]): Promise<void> {
  const childAt = args.indexOf('--pool-child');
  if (childAt >= 0) return poolChild(Number(args[childAt + 1]));
  if (!args.includes('--server')) {
    console.error('usage: npm run bench -- memory --server [--port P] [--threads 1,2,4]');
    process.exitCode = 2;
    return;
  }
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
  const threadsAt = args.indexOf('--threads');
  const counts = (threadsAt >= 0 ? String(args[threadsAt + 1]) : '1,2,4').split(',').map(Number);
  if (!counts.includes(1) || counts.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error('--threads: planner thread counts, 1 among them (e.g. 1,2,4)');
    process.exitCode = 2;
    return;
  }
  const both = [TAYSIDE, NORTH_EAST];
  const files = await snapshotFiles(both);
  const loadBefore = load();
  const tayside = await measure('Tayside, 1 planner thread', [TAYSIDE], 1, port);
  const northEast = await measure('north-east, 1 planner thread', [NORTH_EAST], 1, port);
  const byThreads = new Map<number, Reading>();
  for (const n of [...new Set(counts)].sort((a, b) => a - b))
    byThreads.set(n, await measure(`both regions, ${n} planner thread${n > 1 ? 's' : ''}`, both, n, port));
  // The pool alone (no server, database or HTTP): the threads' cost without the server's noise.
  const pools = new Map<number, Reading>();
  for (const n of [0, ...new Set(counts)].sort((a, b) => a - b)) pools.set(n, await measurePool(n));
  const loadAfter = load();
  const one = byThreads.get(1) as Reading;
  console.log(`snapshot files: ${files}`);
  const line = (r: Reading) =>
    console.log(
      `${r.label.padEnd(32)} RSS ${String(r.rss).padStart(5)} MB, peak ${String(r.peak).padStart(5)} MB (ready in ${r.readyMs} ms)` +
        (r.after !== undefined && r.label.startsWith('pool')
          ? `; after ${POOL_SEARCHES} searches ${r.after} MB (${r.cpuMs} ms CPU)`
          : ''),
    );
  [tayside, northEast, ...byThreads.values()].forEach(line);
  console.log(`Tayside's share (both minus north-east alone):     ${one.rss - northEast.rss} MB`);
  console.log(`north-east's share (both minus Tayside alone):     ${one.rss - tayside.rss} MB`);
  console.log(
    `the server without regions (both minus the two shares): ${one.rss - (one.rss - northEast.rss) - (one.rss - tayside.rss)} MB`,
  );
  const perThread = (readings: Map<number, Reading>, what: string) => {
    const first = readings.get(1) as Reading;
    for (const [n, r] of readings) {
      if (n <= 1) continue;
      const searched =
        r.after !== undefined && first.after !== undefined
          ? `; after ${POOL_SEARCHES} searches ${Math.round((r.after - first.after) / (n - 1))} MB`
          : '';
      console.log(
        `${what}: a planner thread with both regions (${n} threads minus 1, per extra thread): ${Math.round((r.rss - first.rss) / (n - 1))} MB${searched}`,
      );
    }
  };
  perThread(byThreads, 'server');
  console.log('the planner pool alone, both regions (a process of its own):');
  [...pools.values()].forEach(line);
  console.log(
    `pool: the regions with their first thread (1 thread minus none): ${(pools.get(1) as Reading).rss - (pools.get(0) as Reading).rss} MB`,
  );
  perThread(pools, 'pool');
  console.log(
    `load average (1 5 15 min): before ${loadBefore}; after ${loadAfter}; ${os.availableParallelism()} cores`,
  );
}
