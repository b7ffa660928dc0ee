/**
 * `npm run bench -- memory --server [--port P]`: the server's resident memory (issue 33 item 6).
 *
 * Starts the real server (src/server/main.ts, embedded PGlite) four times, each until its planner
 * threads have loaded their regions and its RSS has settled:
 *  - Tayside only, one planner thread;  - north-east only, one thread;
 *  - both regions, one thread;          - both regions, two threads;
 * and prints VmRSS and its peak (VmHWM) for each, with what they imply: a region's share (both
 * regions minus the other one alone) and a planner thread's share (two threads minus one).
 * Each planner thread holds its own copy of the regions, so the thread's share is roughly
 * the regions' again. Figures, not a timed test; quote them with the load average printed.
 */
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/server/config';
import { memory, startServer } from './api';

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

export async function run(args: string[]): Promise<void> {
  if (!args.includes('--server')) {
    console.error('usage: npm run bench -- memory --server [--port P]');
    process.exitCode = 2;
    return;
  }
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : undefined;
  const loadBefore = load();
  const tayside = await measure('Tayside, 1 planner thread', [TAYSIDE], 1, port);
  const northEast = await measure('north-east, 1 planner thread', [NORTH_EAST], 1, port);
  const both = await measure('both regions, 1 planner thread', [TAYSIDE, NORTH_EAST], 1, port);
  const bothTwo = await measure('both regions, 2 planner threads', [TAYSIDE, NORTH_EAST], 2, port);
  const loadAfter = load();
  for (const r of [tayside, northEast, both, bothTwo])
    console.log(
      `${r.label.padEnd(32)} RSS ${String(r.rss).padStart(5)} MB, peak ${String(r.peak).padStart(5)} MB (ready in ${r.readyMs} ms)`,
    );
  console.log(`Tayside's share (both minus north-east alone):     ${both.rss - northEast.rss} MB`);
  console.log(`north-east's share (both minus Tayside alone):     ${both.rss - tayside.rss} MB`);
  console.log(
    `the server without regions (both minus the two shares): ${both.rss - (both.rss - northEast.rss) - (both.rss - tayside.rss)} MB`,
  );
  console.log(`a planner thread with both regions (2 threads minus 1): ${bothTwo.rss - both.rss} MB`);
  console.log(
    `load average (1 5 15 min): before ${loadBefore}; after ${loadAfter}; ${os.availableParallelism()} cores`,
  );
}
