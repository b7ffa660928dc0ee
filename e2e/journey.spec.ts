/**
 * Journey details on the real server and Tayside data: a Dundee to Perth search posted through
 * the API, the first journey opened from Results, the Pricing Breakdown modal, a step's
 * instructions toggle (where the planner produced directions), the Viewing bar, axe, a screenshot.
 * Regional brand only (planning is the slow part).
 */
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';

function nextWeekdayAt(hour: string): string {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return `${day.toString().replace(/-/g, '/')} ${hour}:00`;
}

test('Dundee to Perth and back: open a journey, its pricing breakdown, the return, the step guide; no serious axe findings', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans the search; the others share the screen');
  test.setTimeout(150_000);
  await page.goto('/');
  await acceptCookies(page);
  const form = {
    origin: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
    destination: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
    out_time: nextWeekdayAt('08:00'),
    return_time: nextWeekdayAt('17:00'),
  };
  const started = await page.evaluate(
    async ({ body, apiKey }) => {
      const response = await fetch('/v1/journey-planner/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': apiKey },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data?: { hash?: string } } };
    },
    { body: form, apiKey: brand.apiKey },
  );
  expect(started.status).toBe(201);
  const hash = started.body.data!.hash!;

  await page.goto(`/search/${hash}/results`);
  const details = page.getByRole('article').first().getByRole('link', { name: 'View journey details' });
  await expect(details).toBeVisible({ timeout: 90_000 });
  const viewed = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().includes('/v1/journey/viewed/'),
  );
  await details.click();
  await expect(page).toHaveURL(new RegExp(`/search/${hash}/results/[^/]+$`));
  await viewed;

  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await expect(page.getByText('Total estimated cost:')).toBeVisible();
  const bar = page.getByRole('navigation', { name: 'Viewing' });
  await expect(bar.getByRole('link', { name: 'Journey Details' })).toHaveAttribute('aria-current', 'location');

  await page.getByRole('button', { name: 'Pricing Breakdown' }).click();
  const pricing = page.getByRole('dialog', { name: 'Pricing Breakdown' });
  await expect(pricing).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(pricing).toBeHidden();

  await page.getByRole('button', { name: 'Show return journey' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Return' })).toBeVisible();
  await expect(page.getByText('Arrive at the destination')).toBeVisible();
  await expect(page.getByText('Return Home')).toBeVisible();
  // Tayside has no street network, so street steps may carry no directions; toggle one when present.
  const toggle = page.getByRole('button', { name: /^Show instructions \(\d+\)$/ }).first();
  if ((await toggle.count()) > 0) {
    await toggle.click();
    await expect(page.getByRole('button', { name: /^Hide instructions \(\d+\)$/ }).first()).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }

  // Scrolling to the guide moves the Viewing highlight.
  await bar.getByRole('link', { name: 'Step by step guide' }).click();
  await expect(bar.getByRole('link', { name: 'Step by step guide' })).toHaveAttribute('aria-current', 'location');

  expect(await seriousA11yViolations(page)).toEqual([]);
  // The cookie banner came back after the in-app navigations; keep it off the screenshot.
  await acceptCookies(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-${brand.key}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `journey-${brand.key}-phone.png`), fullPage: false });

  // On a phone the bar keeps one height whichever section is highlighted, and a section it
  // scrolls to starts below it, not under it.
  const heights = new Set<number>();
  for (const [name, heading] of [
    ['Map of journey', 'Map of journey'],
    ['Step by step guide', 'Step by step guide'],
    ['Journey Details', 'Journey Details'],
  ] as const) {
    await bar.getByRole('link', { name }).click();
    await expect(bar.getByRole('link', { name })).toHaveAttribute('aria-current', 'location');
    await expect(bar.getByRole('link', { name })).toBeInViewport();
    const title = page.getByRole('heading', { level: 2, name: heading, exact: true });
    await expect
      .poll(async () => Math.round((await title.boundingBox())!.y))
      .toBeGreaterThanOrEqual(Math.round((await bar.boundingBox())!.height));
    await expect.poll(async () => Math.round((await title.boundingBox())!.y)).toBeLessThan(300);
    heights.add(Math.round((await bar.boundingBox())!.height));
  }
  expect(heights.size).toBe(1);

  // At 360 px every section's link is whole on screen: none cut off at the edge of a scrolling row.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const { name } of [{ name: 'Journey Details' }, { name: 'Map of journey' }, { name: 'Step by step guide' }]) {
    const link = bar.getByRole('link', { name });
    await expect(link).toBeInViewport({ ratio: 1 });
    const [box, row] = await Promise.all([link.boundingBox(), link.locator('xpath=..').boundingBox()]);
    expect(box!.x, name).toBeGreaterThanOrEqual(row!.x);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(row!.x + row!.width + 0.5);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await bar.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewing-bar-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await bar.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewing-bar-1280.png') });
});
