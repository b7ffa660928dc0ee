/**
 * e2e: the real built PWA served by the real server (PGlite in a throwaway data folder),
 * in Debian's Chromium. One project per brand; each visits <brand>.localhost, which
 * Chromium resolves to loopback, so one server serves all six brands by hostname.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { brandKeysIn } from '../src/server/brands/load';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  outputDir: path.join(repo, 'test-results/e2e'),
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repo, 'test-results/e2e-results.json') }]],
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
  },
  projects: brandKeysIn(path.join(repo, 'brands')).map((brand) => ({
    name: brand,
    use: { ...devices['Desktop Chrome'], baseURL: `http://${brand}.localhost:${E2E_PORT}`, channel: undefined },
    metadata: { brand },
  })),
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    cwd: repo,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // Every brand's browser searches from 127.0.0.1: the per-IP search limit would count them as one traveller.
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(repo, 'var/e2e'),
      LOG_LEVEL: 'warn',
      BRAND: 'regional',
      SEARCH_RATE_LIMIT: '100000',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
