/**
 * Issue 20: plan with no signal. Home online keeps the region pack ("available offline"); then,
 * offline, a reload still plans Dundee -> Perth on the device (place search from the pack, cards
 * labelled "Planned on this device, offline") and opens a journey.
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, test } from './fixtures';
import { choosePlace } from './planning';

test('with the region pack kept, Dundee to Perth plans and opens offline', async ({ page, context, brand }) => {
  test.skip(brand.key !== 'regional', 'one brand is enough: the pack is per region');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText(/^Tayside is available offline \(timetable of \d{1,2} \w+ \d{4}\)\.$/)).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your journey' })).toBeVisible();
  await choosePlace(page, 'From', 'Dundee Rail');
  await choosePlace(page, 'To', 'Perth');
  await page.getByRole('button', { name: 'Plan my journey' }).click();

  await expect(page).toHaveURL(/\/search\/device-[0-9a-f]+\/results$/, { timeout: 30_000 });
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByText('Planned on this device, offline')).toHaveCount(count);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-plan-results.png'), fullPage: true });

  await cards.first().getByRole('link', { name: 'View journey details' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await expect(page.getByText(/Saving needs a connection/)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-plan-journey.png'), fullPage: true });

  await context.setOffline(false);
});
