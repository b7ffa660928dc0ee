/**
 * Searches on the real server (regional brand): a signed-in traveller with 11 recent searches
 * and 11 saved journeys pages through both lists 10 at a time, then, with the network off,
 * reopens the Saved list (both pages) and a saved journey it never opened before.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiCall, plannedSearch, signedInUser, uniqueEmail } from './account-helpers';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { DUNDEE_STATION, nextWeekdayAt, PERTH } from './planning';

/** Longer than the cards' 34 characters, so the Recent cards cut it. */
const LONG_ORIGIN = { ...DUNDEE_STATION, label: 'Dundee Railway Station, Riverside Esplanade, Dundee' };

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `regional-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page), name).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `regional-${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** How many of `ids` the persisted React Query cache in IndexedDB (idb-keyval's default store) mentions. */
function persistedCount(page: Page, ids: string[]) {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const value = await new Promise<unknown>((resolve) => {
        const read = db.transaction('keyval').objectStore('keyval').get('drover-query-cache');
        read.onsuccess = () => resolve(read.result);
        read.onerror = () => resolve(null);
      });
      return typeof value === 'string' ? wanted.filter((id) => value.includes(id)).length : 0;
    } finally {
      db.close();
    }
  }, ids);
}

test('Recent and Saved page 10 at a time; Saved and a saved journey open with the network off', async ({
  page,
  context,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans the searches');
  test.setTimeout(240_000);
  await page.goto('/');
  await acceptCookies(page);
  const token = await signedInUser(page, brand, uniqueEmail('calum'));

  // 11 searches, an hour apart; 11 of their journeys saved.
  const searches = [];
  for (let hour = 7; hour < 18; hour++) {
    const started = await apiCall<{ data: { hash: string } }>(
      page,
      brand,
      'POST',
      '/v1/journey-planner/search',
      { origin: LONG_ORIGIN, destination: PERTH, out_time: nextWeekdayAt(`${String(hour).padStart(2, '0')}:00`) },
      token,
    );
    expect(started.status).toBe(201);
    searches.push(started.body.data.hash);
  }
  const saved: Array<{ hash: string; id: string }> = [];
  let planned = 0;
  for (let hour = 8; saved.length < 11; hour += 3, planned++) {
    const { hash, journeyIds } = await plannedSearch(
      page,
      brand,
      token,
      nextWeekdayAt(`${String(hour).padStart(2, '0')}:30`),
    );
    for (const id of journeyIds.slice(0, 11 - saved.length)) saved.push({ hash, id });
  }
  for (const { id } of saved)
    expect((await apiCall(page, brand, 'POST', `/v1/journey/save/${id}`, undefined, token)).status).toBe(200);

  // Recent (the default): 10, then 1 on page 2; addresses cut to 34 characters.
  await page.goto('/searches');
  await expect(page.getByText('Select a journey to plan again')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent searches' }).locator('li');
  await expect(recent).toHaveCount(10);
  // Newest first: the searches plannedSearch made, then the first of the 11 with the long origin.
  await expect(recent.filter({ hasText: `${LONG_ORIGIN.label.slice(0, 34).trimEnd()}…` })).toHaveCount(10 - planned);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await screenshots(page, 'searches-recent');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/searches\?page=2$/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(recent).toHaveCount(11 + planned - 10);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(recent).toHaveCount(10);

  // Saved: 10, then 1 on page 2.
  await page.getByText('Saved', { exact: true }).click();
  await expect(page.getByText('Select a journey to view details')).toBeVisible();
  const cards = page.getByRole('region', { name: 'Saved journeys' }).locator('li');
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText('Single');
  await expect(cards.first()).toContainText('Leave');
  await screenshots(page, 'searches-saved');
  await cards.first().screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-searches-saved-card.png') });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/searches\?list=saved&page=2$/);
  await expect(cards).toHaveCount(1);

  // Everything saved reaches IndexedDB without being opened: the list pages and all 11 journeys.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(
      () =>
        persistedCount(
          page,
          saved.map((journey) => journey.id),
        ),
      { timeout: 30_000 },
    )
    .toBe(11);

  await context.setOffline(true);
  await page.goto('/searches?list=saved');
  await expect(cards).toHaveCount(10);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(cards).toHaveCount(1);
  const last = saved.at(0)!; // saved first, so listed last
  await cards.first().getByRole('link', { name: 'View journey details' }).click();
  await expect(page).toHaveURL(new RegExp(`/search/${last.hash}/results/${last.id}\\?show=true$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step by step guide' })).toBeVisible();
  // Offline the token stays (no answer is not a refusal); Account says what needs the network.
  await page.goto('/account');
  await expect(page.getByText('Your account details need a connection.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Calum Stewart', { exact: false })).toBeVisible();
  expect(searches).toHaveLength(11);
});
