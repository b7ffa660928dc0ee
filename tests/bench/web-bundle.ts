/**
 * `npm run bench -- web-bundle [--page /path] [--json]` (after `npm run build`)
 *
 * What a browser downloads to show a page of the built PWA: the real server (in-process, the
 * built dist/, an in-memory database) and Chromium open the page as the regional brand, wait for
 * the network to settle, and list every script it fetched. Sizes are of the dist files, gzipped
 * here at level 9 (what Vite's build report calls gzip). The map chunk (MapLibre, react-map-gl,
 * our MapCanvas) and MapLibre's worker are measured apart, and the figure says whether the page
 * fetched them: Home must not (issue 7: initial JS <= 200 KB gzip, the map only on journey pages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildServer } from '../../src/server/app';
import { REPO_ROOT } from '../../src/server/config';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { openTestDatabase, realBrands } from '../server/helpers/app-server';

const DIST = path.join(REPO_ROOT, 'dist');
/** MapLibre and our map component: the chunks the journey pages load lazily. */
const MAP_CHUNK = /^assets\/(MapCanvas|maplibre-gl)[-.]/;

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const raw = (file: string) => fs.statSync(path.join(DIST, file)).size;

function total(files: string[]) {
  return {
    files: files.length,
    rawKb: kb(files.reduce((n, f) => n + raw(f), 0)),
    gzipKb: kb(files.reduce((n, f) => n + gzip(f), 0)),
  };
}

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--page');
  const pagePath = at >= 0 && args[at + 1] ? args[at + 1]! : '/';
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.error('no dist/index.html: run `npm run build` first');
    process.exit(2);
  }
  const { database, dispose } = await openTestDatabase();
  const app = await buildServer({
    settings: { distDir: DIST, logLevel: 'silent', requestTimeoutMs: 60_000, trustProxy: false },
    brands: realBrands(),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.port === String(port) && /\.m?js$/.test(url.pathname) && url.pathname !== '/sw.js')
        scripts.add(url.pathname.slice(1));
    });
    await page.goto(`http://regional.localhost:${port}${pagePath}`, { waitUntil: 'networkidle' });
    const fetched = [...scripts].filter((file) => fs.existsSync(path.join(DIST, file))).sort();
    const mapFiles = fs
      .readdirSync(path.join(DIST, 'assets'))
      .map((name) => `assets/${name}`)
      .filter((file) => MAP_CHUNK.test(file) && /\.(m?js|css)$/.test(file));
    const figures = {
      page: pagePath,
      initialJs: total(fetched.filter((file) => !MAP_CHUNK.test(file))),
      mapFetchedByPage: fetched.filter((file) => MAP_CHUNK.test(file)),
      mapChunk: total(mapFiles.filter((file) => /MapCanvas.*\.js$|maplibre-gl-(?!worker)[^/]*\.js$/.test(file))),
      mapWorker: total(mapFiles.filter((file) => /maplibre-gl-worker/.test(file))),
      mapCss: total(mapFiles.filter((file) => file.endsWith('.css'))),
      scripts: fetched.map((file) => ({ file, rawKb: kb(raw(file)), gzipKb: kb(gzip(file)) })),
    };
    if (args.includes('--json')) {
      console.log(JSON.stringify(figures, null, 2));
      return;
    }
    console.log(`page ${figures.page} (regional brand), scripts fetched until the network was idle:`);
    for (const script of figures.scripts)
      console.log(
        `  ${script.file.padEnd(58)} ${String(script.rawKb).padStart(8)} KB  ${String(script.gzipKb).padStart(7)} KB gzip`,
      );
    console.log(
      `initial JS, map chunk excluded: ${figures.initialJs.files} files, ${figures.initialJs.rawKb} KB, ${figures.initialJs.gzipKb} KB gzip (issue target <= 200 KB gzip)`,
    );
    console.log(
      `map chunk fetched by this page: ${figures.mapFetchedByPage.length ? figures.mapFetchedByPage.join(', ') : 'no'}`,
    );
    console.log(
      `map chunk (MapCanvas + MapLibre, lazy): ${figures.mapChunk.rawKb} KB, ${figures.mapChunk.gzipKb} KB gzip; its worker ${figures.mapWorker.rawKb} KB, ${figures.mapWorker.gzipKb} KB gzip; its CSS ${figures.mapCss.gzipKb} KB gzip`,
    );
  } finally {
    await browser.close();
    await app.close();
    await dispose();
  }
}
