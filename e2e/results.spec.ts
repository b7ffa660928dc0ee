/**
 * Results on the real server and Tayside data: a Dundee to Perth search posted through the API,
 * then /search/{hash}/results fills with cards over the realtime socket; sort goes to the URL;
 * axe finds nothing serious. Regional brand only (planning is the slow part on CI machines).
 */
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { planDundeeToPerth } from './planning';

/** The next weekday at 08:00 London, as the search form writes it. */
function nextWeekdayAtEight(): string {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day.year}/${two(day.month)}/${two(day.day)} 08:00:00`;
}

test('Dundee to Perth: the results stream in as cards, sort by cost, the Refine results sidebar on a phone, no serious axe findings', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans the search; the others share the screen');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  const form = {
    origin: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
    destination: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
    out_time: nextWeekdayAtEight(),
  };
  // Posted from the page, so the request carries the brand's host like the app's own calls.
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
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();
  await expect(page.getByText('Dundee Railway Station, Dundee')).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Gathering your results')).toHaveCount(0, { timeout: 90_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('status')).toHaveText(
    `${count} ${count === 1 ? 'journey' : 'journeys'} found, sorted by emissions.`,
  );
  await expect(cards.first().getByRole('link', { name: 'View journey details' })).toHaveAttribute(
    'href',
    new RegExp(`^/search/${hash}/results/`),
  );
  await expect(cards.first()).toContainText('kg CO2');
  await expect(cards.first()).toContainText('miles');

  // Sort by cost; the choice is kept in the URL.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Cost' });
  await expect(page).toHaveURL(/sort=cost/);
  await expect(page.getByRole('status')).toContainText('sorted by cost');

  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `results-${brand.key}-desktop.png`), fullPage: true });
  // A phone: the selects live in the 'Refine results' sidebar.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `results-${brand.key}-phone.png`), fullPage: false });
  await page.getByRole('button', { name: 'Refine results' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Refine results' });
  await expect(sidebar.getByRole('combobox', { name: 'Sort by' })).toHaveValue('cost');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `results-${brand.key}-phone-refine.png`), fullPage: false });
});

test('the city bus brand frames its house advert on Results, readable on a phone, no serious axe findings', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'citybus', 'the one brand with a house advert');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  const { hash } = await planDundeeToPerth(page, brand);
  await page.goto(`/search/${hash}/results`);
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 90_000 });
  const frame = page.frameLocator(`iframe[title="${brand.advertBanner!.title}"]`);
  await expect(frame.getByText('Aged 5 to 21? Your bus is free.')).toBeVisible();
  await expect(frame.getByRole('link')).toHaveAttribute('href', '/account');
  const advert = `iframe[title="${brand.advertBanner!.title}"]`;
  expect(await seriousA11yViolations(page, { exclude: advert })).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `results-advert-${brand.key}-desktop.png`),
    fullPage: false,
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(frame.getByText('Aged 5 to 21? Your bus is free.')).toBeVisible();
  await page.locator(advert).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `results-advert-${brand.key}-phone.png`), fullPage: false });
  // The frame's own page, where axe can run: what the frame shows, checked on its own.
  await page.goto(brand.advertBanner!.src);
  expect(await seriousA11yViolations(page)).toEqual([]);
});
