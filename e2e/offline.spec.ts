/** PWA baseline: after the first visit, Home and the static pages open with no network. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { appRendered, expect, SCREENSHOT_DIR, STATIC_PAGES, test } from './fixtures';
import { planDundeeToPerth } from './planning';
import { CHROMIUM_ARGS } from './playwright.config';

test('Home and the static pages reload offline once the service worker controls the page', async ({
  page,
  context,
  brand,
}) => {
  await page.goto('/');
  // The first load is not controlled; wait until the worker claims this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await appRendered(page);
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
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(
      installabilityErrors.map((error) => error.errorId),
      brand.key,
    ).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('a journey opened once reopens offline from IndexedDB (details, a stage, print), with the offline banner saying when it was fetched', async ({
  page,
  context,
  brand,
}) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const { hash, journeyIds } = await planDundeeToPerth(page, brand, { returning: true });
  const journeyId = journeyIds[0]!;
  await page.goto(`/search/${hash}/results/${journeyId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // The persister writes at most once a second; wait until the journey is in IndexedDB.
  await expect.poll(() => persistedCache(page), { timeout: 10_000 }).toContain(journeyId);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Step by step guide' })).toBeVisible();
  await expect(page.getByText('Arrive at the destination')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText(
    /^You are offline\. The information shown was fetched at \d{2}:\d{2} on \w{3} \d{1,2} \w{3}/,
  );
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-offline-${brand.key}.png`) });

  // Its stage page and print view read the same stored journey.
  await page.goto(`/search/${hash}/results/${journeyId}?stage=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stage details' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Step description' })).toBeVisible();
  await page.goto(`/search/${hash}/results/${journeyId}/print`);
  await expect(page.getByRole('heading', { level: 1, name: 'Print journey' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Journey details' }).getByText('Depart at').first()).toBeVisible();

  // A journey never opened on this device says so instead of spinning.
  await page.goto(`/search/${hash}/results/${journeyIds.at(-1)}`);
  if (journeyIds.length > 1)
    await expect(page.getByRole('alert')).toContainText(
      'You are offline and this journey has not been opened on this device before.',
    );
  await context.setOffline(false);
});

/** The persisted React Query cache as idb-keyval stores it (database keyval-store, store keyval). */
function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const read = db.transaction('keyval').objectStore('keyval').get('drover-query-cache');
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : '');
          read.onerror = () => reject(read.error);
        };
      }),
  );
}
