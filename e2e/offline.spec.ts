/** PWA baseline: after the first visit, Home and the static pages open with no network. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, STATIC_PAGES, test } from './fixtures';
import { CHROMIUM_ARGS } from './playwright.config';

test('Home and the static pages reload offline once the service worker controls the page', async ({ page, context, brand }) => {
  await page.goto('/');
  // The first load is not controlled; wait until the worker claims this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your journey' })).toBeVisible();
  await expect(page).toHaveTitle(`Plan your journey | ${brand.title}`);
  for (const staticPage of STATIC_PAGES) {
    await page.goto(staticPage.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticPage.heading);
  }
  await context.setOffline(false);
});

test('the app is installable (no installability errors)', async ({ brand, baseURL }) => {
  // Chromium reports 'in-incognito' for Playwright's throwaway contexts; installability
  // needs a real profile, so this test opens a persistent one.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors.map((error) => error.errorId), brand.key).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
