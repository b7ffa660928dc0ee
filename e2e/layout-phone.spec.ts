/**
 * Issue 32 item 7, at 390 px and on a desktop: the offline box's "Remove" button is shown whole
 * (it was cut to "Rem"), and the map's Start/End labels neither overlap each other nor run off
 * the map's edge, on the journey map and on a short stage's map (the walk to the station).
 * Screenshots of each at both widths; axe on each page. Regional brand only.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { planDundeeToPerth } from './planning';

const SIZES = [
  { name: '390', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const shot = (page: Page, name: string, locator?: Locator) =>
  (locator ?? page).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The Start and End labels of the map in `scope`, checked against each other and the map's box. */
async function checkEndLabels(page: Page, scope: Locator, name: string): Promise<void> {
  const map = scope.locator('[data-map-state="ready"]');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await map.scrollIntoViewIfNeeded();
  // Labels are placed once the map has settled.
  await page.waitForTimeout(500);
  await shot(page, name, map);
  const start = (await map.getByText(/^Start: /).boundingBox())!;
  const end = (await map.getByText(/^End: /).boundingBox())!;
  const area = (await map.boundingBox())!;
  expect.soft(overlaps(start, end), `${name}: Start ${JSON.stringify(start)} End ${JSON.stringify(end)}`).toBe(false);
  expect.soft(inside(start, area), `${name}: Start ${JSON.stringify(start)} in ${JSON.stringify(area)}`).toBe(true);
  expect.soft(inside(end, area), `${name}: End ${JSON.stringify(end)} in ${JSON.stringify(area)}`).toBe(true);
}

test('at 390 px and desktop: the offline box shows "Remove" whole; map labels do not overlap or leave the map', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand is enough: the layout is shared');
  test.setTimeout(240_000);
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const box = page.getByRole('region', { name: 'Planning without signal' });
  await expect(box.getByText(/is available offline/)).toBeVisible({ timeout: 60_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await box.scrollIntoViewIfNeeded();
    await shot(page, `offline-box-${size.name}`, box);
    const remove = box.getByRole('button', { name: 'Remove' });
    const label = await remove.evaluate((button) => {
      const text = button.querySelector('.mantine-Button-label') as HTMLElement;
      return { scroll: text.scrollWidth, client: text.clientWidth, button: button.getBoundingClientRect().width };
    });
    expect.soft(label.scroll, `Remove at ${size.name}: ${JSON.stringify(label)}`).toBeLessThanOrEqual(label.client);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Layout shifts of each page load (issue 32 item 10: the footer jumped as Journey's content arrived, CLS 0.3).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const { hash, journeyIds } = await planDundeeToPerth(page, brand);
  const journeyUrl = `/search/${hash}/results/${journeyIds[0]}`;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(journeyUrl);
    await checkEndLabels(page, page.locator('#journey-map'), `map-labels-journey-${size.name}`);
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect.soft(shift, `Journey details CLS at ${size.name}`).toBeLessThan(0.1);
    await page.goto(`${journeyUrl}?stage=1`);
    await checkEndLabels(page, page.locator('main'), `map-labels-stage-${size.name}`);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
});
