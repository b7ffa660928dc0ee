/**
 * The journey flow on every brand, in Chromium on the real server and Tayside data (issue 7):
 * Dundee to Perth planned from Home (single), the results streamed in (placeholders replaced),
 * sorted and filtered, made a return through the Edit journey sidebar, a journey's details with
 * the Viewing bar and each modal; the health brand's appointment length and early/later return;
 * the council brand's multi-select filter with no taxi, own car or cycle anywhere. axe finds
 * nothing serious; phone and desktop screenshots of results and details per brand.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptCookies, clickScrolledTo, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { choosePlace, nextWeekday, pickDate, watchPlaceholders } from './planning';

const BLOCKED_NAMES: Record<string, string> = { taxi: 'Taxi', 'own-car': 'Own car', cycle: 'Cycle' };

async function resultsDone(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();
  // The health brand waits 10 s before its first read.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ journeys? found, sorted by/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('[data-placeholder]')).toHaveCount(0);
}

async function shoot(page: Page, name: string) {
  await acceptCookies(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('plan, stream, sort and filter, edit to a return, open details and each modal', async ({ page, brand }) => {
  test.setTimeout(180_000);
  await watchPlaceholders(page);
  await page.goto('/');
  await acceptCookies(page);
  await choosePlace(page, 'From', 'Dundee');
  await choosePlace(page, 'To', 'Perth');
  await pickDate(page, 'Leaving date', nextWeekday());
  await page.getByLabel('Leaving time').fill('08:00');
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  await expect(page).toHaveURL(/\/search\/[^/]+\/results$/);
  if (brand.initialResultsDelayMs > 0)
    await expect(page.getByRole('heading', { name: 'Gathering your results' })).toBeVisible();
  await resultsDone(page);
  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  // Every placeholder the stream showed was replaced by a card.
  expect(
    await page.evaluate(() => (window as unknown as { maxPlaceholders: number }).maxPlaceholders),
  ).toBeLessThanOrEqual(count);
  await expect(cards.first()).toContainText("Times from the 2022-23 rail timetable, moved onto this week's dates");

  // Sort by cost, then filter to trains; both go to the URL.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Cost' });
  await expect(page).toHaveURL(/sort=cost/);
  const showing = page.getByRole('combobox', { name: 'Showing' });
  if (brand.enableMultipleJourneyTypeFilter) {
    await showing.click();
    const options = page.getByRole('option');
    for (const blocked of brand.blockedTravelTypes)
      await expect(options.filter({ hasText: new RegExp(`^${BLOCKED_NAMES[blocked] ?? blocked}$`) })).toHaveCount(0);
    await options.filter({ hasText: /^Train$/ }).click();
    await options.filter({ hasText: /^Walk$/ }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/filters=train(%2C|,)walk/);
  } else {
    await showing.selectOption({ label: 'Train' });
    await expect(page).toHaveURL(/filters=train/);
  }
  await expect(page.getByRole('status')).toContainText('sorted by cost');
  for (const card of await cards.all()) await expect(card.getByRole('img', { name: 'Train' }).first()).toBeVisible();
  // Blocked travel types appear nowhere: not in the filter, not on any card.
  for (const blocked of brand.blockedTravelTypes)
    await expect(page.getByRole('img', { name: BLOCKED_NAMES[blocked] ?? blocked, exact: true })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, `flow-results-${brand.key}`);

  // Edit journey: make it a return at 17:00 the same day; 'Update routes' plans a new search.
  const firstHash = /\/search\/([^/]+)\/results/.exec(page.url())![1]!;
  await page.getByRole('button', { name: 'Edit journey' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Edit journey' });
  await expect(sidebar.getByRole('combobox', { name: 'From' })).toHaveValue(/Dundee/);
  await sidebar.getByRole('radio', { name: 'Return' }).check();
  await sidebar.getByLabel('Returning time').fill('17:00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/v1/journey-planner/search') && request.method() === 'POST',
  );
  await sidebar.getByRole('button', { name: 'Update routes' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ return_time: expect.stringMatching(/ 17:00:00$/) });
  await expect(page).not.toHaveURL(new RegExp(firstHash));
  await resultsDone(page);
  await expect(page.getByRole('region', { name: 'Your search' })).toContainText('returning');

  // Details of the first journey: Viewing bar, modals. On the city bus brands (buses first) its
  // link is below the fold, scrolled to past the advert's frame (see clickScrolledTo).
  await clickScrolledTo(page, cards.first().getByRole('link', { name: 'View journey details' }));
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Viewing' });
  await bar.getByRole('link', { name: 'Step by step guide' }).click();
  await expect(bar.getByRole('link', { name: 'Step by step guide' })).toHaveAttribute('aria-current', 'location');
  await bar.getByRole('link', { name: 'Journey Details' }).click();
  await expect(bar.getByRole('link', { name: 'Journey Details' })).toHaveAttribute('aria-current', 'location');
  for (const name of ['Pricing Breakdown', 'Accepted payment methods']) {
    const button = page.getByRole('button', { name });
    if ((await button.count()) === 0) continue;
    await button.click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name })).toBeHidden();
  }
  await page.getByRole('button', { name: 'Show return journey' }).click();
  await expect(page.getByText('Return Home')).toBeVisible();
  if (brand.health.appointmentStep) await expect(page.getByText('Attend Appointment')).toBeVisible();
  if (brand.health.safetyNotices) await expect(page.getByText('Walking safely')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, `flow-details-${brand.key}`);
});

test('the first stage is a taxi: the local taxi operators modal', async ({ page, brand }) => {
  test.skip(brand.blockedTravelTypes.includes('taxi'), 'this brand offers no taxi');
  const { planDundeeToPerth } = await import('./planning');
  await page.goto('/');
  await acceptCookies(page);
  const { hash } = await planDundeeToPerth(page, brand);
  const journeys = await page.evaluate(
    async ({ hash, apiKey }) =>
      (
        (await (await fetch(`/v1/journey-planner/search/${hash}`, { headers: { 'X-Api-Key': apiKey } })).json()) as {
          data: { journeys: Array<{ id: string; depart: { stages: string[] } }> };
        }
      ).data.journeys,
    { hash, apiKey: brand.apiKey },
  );
  const taxi = journeys.find((journey) => journey.depart.stages[0] === 'taxi');
  test.skip(!taxi, 'the planner offered no taxi journey');
  await page.goto(`/search/${hash}/results/${taxi!.id}`);
  await page.getByRole('button', { name: 'Find local taxi operators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Local taxi operators' });
  await expect(dialog).toContainText(/tel|There are no local taxi operators\./);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('health brand: appointment length and the early and later return options update the journey in place', async ({
  page,
  brand,
}) => {
  test.skip(!brand.health.appointmentStep, 'health brand only');
  test.setTimeout(120_000);
  const { planDundeeToPerth } = await import('./planning');
  await page.goto('/');
  await acceptCookies(page);
  const { hash, journeyIds } = await planDundeeToPerth(page, brand, { returning: true });
  await page.goto(`/search/${hash}/results/${journeyIds[0]}`);
  await expect(page.getByText('Attend Appointment')).toBeVisible();
  await expect(page.getByText(/^1 hour, until \d{2}:\d{2}$/)).toBeVisible();
  const journeyUrl = /\/search\/([^/]+)\/results\/([^/?]+)/;
  const readReturnTime = (searchHash: string) =>
    page.evaluate(
      async ({ searchHash, apiKey }) =>
        (
          (await (
            await fetch(`/v1/journey-planner/search/${searchHash}`, { headers: { 'X-Api-Key': apiKey } })
          ).json()) as { data: { return_time: string } }
        ).data.return_time,
      { searchHash, apiKey: brand.apiKey },
    );
  const minutesOf = (text: string) => Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16));
  // Nothing sends the traveller back to Results behind the 10 s wait: the page stays a journey's.
  const resultsOpened: string[] = [];
  page.on(
    'framenavigated',
    (frame) =>
      frame === page.mainFrame() && /\/results$/.test(new URL(frame.url()).pathname) && resultsOpened.push(frame.url()),
  );

  // 90 minutes: the card says so, and the return is re-planned after the appointment, in place.
  const options = page.getByRole('region', { name: 'Your appointment and the way home' });
  await options.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.getByLabel('Appointment length').selectOption({ label: '1 hour 30 mins' });
  const update = page.waitForRequest((request) => request.url().endsWith(`/search/${hash}/update-return-time`));
  await page.getByRole('button', { name: 'Update' }).click();
  const body = (await update).postDataJSON() as { return_time: string };
  expect(body.return_time).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:00$/);
  await expect(page).toHaveURL(journeyUrl, { timeout: 30_000 });
  await expect(page).not.toHaveURL(new RegExp(hash));
  await expect(page.getByText(/^Your way home now leaves at \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(page.getByText(/^1 hour 30 mins, until/)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  const second = journeyUrl.exec(page.url())![1]!;
  const current = await readReturnTime(second);
  expect(current).toBe(body.return_time);

  // The return is now the appointment's end: no earlier way home is asked for, and the page says so.
  let asked = false;
  page.on('request', (request) => request.url().includes('/update-return-time') && (asked = true));
  await page.getByRole('button', { name: 'Show me an early return option' }).click();
  await expect(
    page.getByText(/^There is no earlier way home after your appointment ends at \d{2}:\d{2}: this is the earliest\.$/),
  ).toBeVisible();
  expect(asked).toBe(false);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shoot(page, 'health-return-options');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await options.screenshot({ path: path.join(SCREENSHOT_DIR, `health-return-options-${width}.png`) });
  }

  // The later option asks for the next way home the planner found (when it leaves, or a search
  // from a minute after the one shown), not a fixed shift, and stays on the journey.
  const later = page.waitForRequest((request) => request.url().endsWith(`/search/${second}/update-return-time`));
  await page.getByRole('button', { name: 'Show me a later return option' }).click();
  expect(minutesOf(((await later).postDataJSON() as { return_time: string }).return_time)).toBeGreaterThan(
    minutesOf(current),
  );
  await expect(page).not.toHaveURL(new RegExp(second), { timeout: 30_000 });
  await expect(page).toHaveURL(journeyUrl);
  const third = journeyUrl.exec(page.url())![1]!;

  // The early option from there goes back to the way home before it, never before the appointment's end.
  const early = page.waitForRequest((request) => request.url().endsWith(`/search/${third}/update-return-time`));
  await page.getByRole('button', { name: 'Show me an early return option' }).click();
  expect(minutesOf(((await early).postDataJSON() as { return_time: string }).return_time)).toBeGreaterThanOrEqual(
    minutesOf(current),
  );
  await expect(
    page.getByRole('status').filter({ hasText: /^(Your way home now leaves at|There is no earlier way home)/ }),
  ).toBeVisible({ timeout: 30_000 });
  expect(resultsOpened).toEqual([]);
});
