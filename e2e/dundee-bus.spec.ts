/**
 * Dundee's buses (issue 28), planned from route patterns without departure times: the city bus brand's
 * bus option says "Bus times estimated" on the card; the journey's bus step says what
 * is known and gives the wait to allow; the stage lists the stops with their codes and its timetable
 * says there is none and gives the span. At 390 px, with axe; screenshots for a person to look at.
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { nextWeekdayAt, planSearch } from './planning';

const LOCHEE = { label: 'Lochee, Dundee', lat: 56.4745, lng: -3.016 };
const CITY_CENTRE = { label: 'Dundee City Centre', lat: 56.4605, lng: -2.97 };
const PHONE = { width: 390, height: 844 };

test('Lochee to the city centre by bus: estimated times said on the card, the steps, the stage and its timetable', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'citybus', 'the city bus brand; the planner is the same for every brand');
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await acceptCookies(page);
  const { hash } = await planSearch(page, brand, {
    origin: LOCHEE,
    destination: CITY_CENTRE,
    out_time: nextWeekdayAt('10:00'),
  });

  await page.goto(`/search/${hash}/results`);
  await expect(page.getByText('Gathering your results')).toHaveCount(0, { timeout: 90_000 });
  // The bus option (walking and cycling, which emit less, come first in the default order).
  const first = page
    .getByRole('article')
    .filter({ hasText: /^Option \d+: Walk, bus, walk/ })
    .first();
  await expect(first.getByRole('list', { name: 'Modes of travel' })).toContainText(/bus/i);
  await expect(first.getByText(/^Bus times estimated: departure times are not in our data/)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dundee-bus-results-citybus-390.png'), fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);

  await first
    .getByRole('link', { name: /view journey|details/i })
    .first()
    .click();
  await expect(page.getByText(/^Bus times estimated/).first()).toBeVisible();
  const step = page.getByText(/^Bus \w+, [^,]+, towards .+, from .+ \(stop 640\w+\) to .+, about \d+ min; runs about/);
  await expect(step.first()).toBeVisible();
  await expect(step.first()).toContainText(/departure times are not in our data, allow up to \d+ min to wait$/);
  await expect(page.getByText(/^by about \d{2}:\d{2}$/).first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dundee-bus-journey-citybus-390.png'), fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
  // No horizontal scroll at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The bus stage: its stops with codes, and a timetable that says there is none.
  await page
    .getByRole('link', { name: /^Stage details: outbound stage \d+, bus/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Stops on this ride' })).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /\(stop 640\w+\)/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/^Times estimated: leaves by about/)).toBeVisible();
  await page.getByRole('button', { name: 'View timetable' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/There is no timetable for this service in our data/)).toBeVisible();
  await expect(dialog.getByText(/runs from about \d{2}:\d{2} to \d{2}:\d{2}/).first()).toBeVisible();
  // The modal fades in: its picture once it has.
  await expect(dialog).toHaveCSS('opacity', '1');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dundee-bus-stage-timetable-390.png'), fullPage: false });
  expect(await seriousA11yViolations(page)).toEqual([]);
});
