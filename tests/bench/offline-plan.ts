/**
 * `npm run bench -- offline-plan [--port P] [--throttle 4]` (issue 20): the region pack and the
 * on-device planner in Chromium. Serves the built app (`npm run build` first) with the real server
 * (or uses --port), opens Home until the service worker has kept the pack, then starts the built
 * planner worker in the page at N x CPU throttling (CDP, default 4, as Lighthouse's mobile run)
 * and times: pack download size (gzip on the wire), pack load (read + SHA-256 + decode) in the
 * worker, and Dundee -> Perth planned in the worker (first and median of 5).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from '../../src/server/config';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { nextWeekdayAt, DUNDEE_STATION, PERTH } from '../../e2e/planning';
import { freePort } from '../server/helpers/search-events';
import { startServer } from './webjs';

/** Runs in the page: starts the built planner worker, plans once (loading the pack), then 5 more times. */
const IN_PAGE = `async ({ url, body }) => {
  const worker = new Worker(url, { type: 'module' });
  let id = 0;
  const ask = (call) => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage({ id: ++id, call }); });
  const search = { op: 'search', body, options: { blocked: [], regions: ['tayside'] } };
  const started = performance.now();
  const first = await ask(search);
  const firstWall = performance.now() - started;
  if (!first.ok) throw new Error(first.message);
  const calls = [];
  for (let i = 0; i < 5; i++) calls.push((await ask(search)).ms.call);
  worker.terminate();
  calls.sort((a, b) => a - b);
  return { load: first.ms.load, firstCall: first.ms.call, firstWall, median: calls[2], journeys: first.value.query.journeys.length };
}`;

export async function run(args: string[]): Promise<void> {
  const workerFile = fs
    .readdirSync(path.join(REPO_ROOT, 'dist/assets'))
    .find((f) => /^planner\.worker-.*\.js$/.test(f));
  if (!workerFile) throw new Error('no planner worker in dist/assets: run `npm run build` first');
  const portAt = args.indexOf('--port');
  const throttleAt = args.indexOf('--throttle');
  const throttle = throttleAt >= 0 ? Number(args[throttleAt + 1]) : 4;
  const port = portAt >= 0 ? Number(args[portAt + 1]) : await freePort();
  const stop = portAt >= 0 ? async () => {} : await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const base = `http://regional.localhost:${port}`;
    const info = (await (await fetch(`http://127.0.0.1:${port}/packs/region.json`)).json()) as {
      data: { bytes: number; gzip_bytes: number };
    };
    const page = await (await browser.newContext({ baseURL: base })).newPage();
    await page.goto('/');
    await page.getByText(/is available offline/).waitFor({ timeout: 120_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const body = { origin: DUNDEE_STATION, destination: PERTH, out_time: nextWeekdayAt('08:00') };
    // A string, not a function: tsx would wrap a function's inner arrows with its __name helper.
    const figures = (await page.evaluate(
      `(${IN_PAGE})(${JSON.stringify({ url: `/assets/${workerFile}`, body })})`,
    )) as {
      load: number;
      firstCall: number;
      firstWall: number;
      median: number;
      journeys: number;
    };
    const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
    console.log(`pack: ${mb(info.data.bytes)}, ${mb(info.data.gzip_bytes)} gzip on the wire`);
    console.log(`at ${throttle}x CPU, in the planner worker:`);
    console.log(`  pack load (Cache Storage read + SHA-256 + decode): ${figures.load.toFixed(0)} ms`);
    console.log(
      `  Dundee -> Perth plan: first ${figures.firstCall.toFixed(0)} ms, median of 5 ${figures.median.toFixed(0)} ms (${figures.journeys} journeys)`,
    );
    console.log(`  first search, worker start to answer: ${figures.firstWall.toFixed(0)} ms`);
  } finally {
    await browser.close();
    await stop();
  }
}
