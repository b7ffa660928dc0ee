/**
 * A deploy while tabs are open (issue 31). The next release is a real second build
 * (DROVER_BUILD_ID=e2e-next into var/e2e-deploy/dist-next); the deploy restarts the server on the
 * same port and database with it, as a release does. An installed tab is told "A new version is
 * ready - Reload" instead of being taken over, reloads onto the new build when asked, and still
 * opens the saved journey with no signal. A tab without a service worker, whose lazy chunks the
 * new build no longer has, reloads once onto the new version instead of breaking.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, signedInUser, uniqueEmail } from './account-helpers';
import { acceptCookies, appRendered, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { freePort, startOwnServer, type OwnServer } from './own-server';
import { planDundeeToPerth } from './planning';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEXT_DIST = path.join(repo, 'var/e2e-deploy/dist-next');
const NEXT_BUILD = 'e2e-next';

let server: OwnServer;
let port: number;

// Playwright reads the fixtures a hook needs from this (empty) destructuring pattern.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.metadata.brand !== 'regional') return;
  testInfo.setTimeout(300_000);
  // The release to deploy: the same sources, another build id, so every chunk has a new name.
  execFileSync('npx', ['vite', 'build'], {
    cwd: repo,
    env: { ...process.env, DROVER_OUT_DIR: NEXT_DIST, DROVER_BUILD_ID: NEXT_BUILD },
    stdio: 'pipe',
  });
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/web/precompress.ts', NEXT_DIST], {
    cwd: repo,
    stdio: 'pipe',
  });
  port = await freePort();
  server = await startOwnServer('e2e-deploy/data', port, () => undefined);
});
test.afterAll(async () => server?.stop());

async function deploy() {
  await server.stop();
  server = await startOwnServer('e2e-deploy/data', port, () => undefined, {
    env: { DIST_DIR: NEXT_DIST },
    keepData: true,
  });
}

test('a deploy: the open tab offers Reload, takes the new build when asked, and keeps the saved journey offline', async ({
  browser,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand is enough for a deploy');
  test.setTimeout(240_000);
  const origin = `http://regional.localhost:${port}`;
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  // A second tab with no service worker, left on Home: its lazy chunks will be gone after the deploy.
  const staleContext = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await acceptCookies(page);
    const before = await page.locator('html').getAttribute('data-build');
    expect(before).not.toBe(NEXT_BUILD);
    const token = await signedInUser(page, brand, uniqueEmail('deploy'), path.join(server.dataDir, 'outbox'));
    const { hash, journeyIds } = await planDundeeToPerth(page, brand);
    const id = journeyIds[0]!;
    expect((await apiCall(page, brand, 'POST', `/v1/journey/save/${id}`, undefined, token)).status).toBe(200);
    const journeyUrl = `${origin}/search/${hash}/results/${id}`;
    await page.goto(journeyUrl);
    await appRendered(page);
    await expect(page.getByText('Journey Saved')).toBeVisible();
    const steps = await page.locator('#step-by-step li').allInnerTexts();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const stale = await staleContext.newPage();
    await stale.goto(`${origin}/`);
    await acceptCookies(stale);
    await appRendered(stale);

    await deploy();

    // The open tab looks for a release when it comes back into view: it waits, and says so.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is ready', { timeout: 30_000 });
    // Not taken over: the page still runs the old build until the traveller says so.
    expect(await page.locator('html').getAttribute('data-build')).toBe(before);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'safe-update-prompt-390.png') });
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.locator('html')).toHaveAttribute('data-build', NEXT_BUILD);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);

    // The saved journey, offline, on the new version.
    await context.setOffline(true);
    await page.goto(journeyUrl);
    await appRendered(page);
    await expect(page.locator('html')).toHaveAttribute('data-build', NEXT_BUILD);
    await expect(page.locator('#step-by-step li').first()).toBeVisible();
    expect(await page.locator('#step-by-step li').allInnerTexts()).toEqual(steps);
    await context.setOffline(false);

    // The tab without a worker asks for a screen whose chunk the new build does not have: one reload, onto it.
    await stale.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(stale.locator('html')).toHaveAttribute('data-build', NEXT_BUILD, { timeout: 20_000 });
    await expect(stale.getByRole('heading', { level: 1 })).toContainText(/terms/i);
  } finally {
    await context.close();
    await staleContext.close();
    fs.rmSync(NEXT_DIST, { recursive: true, force: true });
  }
});
