/**
 * `npm run bench -- webjs [--port P] [--json] [--list]` (--list: every script of each page with its size)
 *
 * The web app's JavaScript as a first visit loads it (issue 7 figures): serves the built app
 * (`npm run build` first) with the real server on a free port (or --port), opens Home, Results of
 * a real Dundee to Perth search and Journey details in Chromium, and for each page sums the gzip
 * size (level 9) of every script it fetched before the network went quiet. Says whether the map
 * chunk (maplibre) was among them. Target: Home <= 200 KB gzip, the map chunk on journey pages only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { REPO_ROOT } from '../../src/server/config';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { freePort } from '../server/helpers/search-events';

const DIST = path.join(REPO_ROOT, 'dist');
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const isMapChunk = (file: string) =>
  /maplibre|map-gl/i.test(file) || fs.readFileSync(file, 'utf8').includes('maplibregl');

export async function startServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-bench-webjs-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export async function run(args: string[]): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('no build: run `npm run build` first');
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : await freePort();
  const stop = portAt >= 0 ? async () => {} : await startServer(port);
  // Without Chromium the server started above would keep this process alive: stop it first.
  const browser = await chromium
    .launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
    .catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  const origin = `http://regional.localhost:${port}`;
  const rows: Array<{ page: string; scripts: number; gzipKB: number; withoutMapKB: number; mapChunk: boolean }> = [];
  try {
    const measure = async (name: string, url: string, ready: string) => {
      // A fresh context each time: nothing cached, no service worker yet (a first visit).
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'script' && pathname.startsWith('/assets/'))
          scripts.add(path.join(DIST, pathname));
      });
      await page.goto(origin + url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: ready }).waitFor();
      await page.waitForLoadState('networkidle');
      const files = [...scripts].filter((file) => fs.existsSync(file));
      if (args.includes('--list'))
        for (const file of files.sort((a, b) => gzipSize(b) - gzipSize(a)))
          console.log(`  ${name}: ${path.basename(file)} ${(gzipSize(file) / 1024).toFixed(1)} KB`);
      const kb = (list: string[]) => Math.round(list.reduce((sum, file) => sum + gzipSize(file), 0) / 102.4) / 10;
      // The map (MapLibre, its worker: isMapChunk names both) loads after the page has drawn: the page's own script is the rest.
      const mapFiles = files.filter(isMapChunk);
      rows.push({
        page: name,
        scripts: files.length,
        gzipKB: kb(files),
        withoutMapKB: kb(files.filter((file) => !mapFiles.includes(file))),
        mapChunk: mapFiles.length > 0,
      });
      await context.close();
    };
    await measure('Home', '/', 'Plan your journey');
    const key = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'brands/regional/brand.json'), 'utf8'))
      .apiKey as string;
    const headers = { 'Content-Type': 'application/json', 'X-Api-Key': key, Host: `regional.localhost:${port}` };
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '/');
    const started = await fetch(`http://127.0.0.1:${port}/v1/journey-planner/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
        destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
        out_time: `${day} 08:00:00`,
      }),
    });
    const { hash } = ((await started.json()) as { data: { hash: string } }).data;
    let journeys: Array<{ id: string }> = [];
    for (let i = 0; i < 120 && journeys.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const read = (await (
        await fetch(`http://127.0.0.1:${port}/v1/journey-planner/search/${hash}`, { headers })
      ).json()) as { data: { status: string; journeys: Array<{ id: string }> } };
      if (read.data.status === 'done') journeys = read.data.journeys;
    }
    await measure('Results', `/search/${hash}/results`, 'Journey results');
    if (journeys[0]) await measure('Journey details', `/search/${hash}/results/${journeys[0].id}`, 'Journey details');
  } finally {
    await browser.close();
    await stop();
  }
  if (args.includes('--json')) console.log(JSON.stringify(rows));
  else
    for (const row of rows)
      console.log(
        `${row.page.padEnd(16)} ${String(row.scripts).padStart(3)} scripts  ${row.gzipKB.toFixed(1).padStart(6)} KB gzip  map chunk: ${row.mapChunk ? `yes (without it ${row.withoutMapKB.toFixed(1)} KB)` : 'no'}`,
      );
}
