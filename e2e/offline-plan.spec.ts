/**
 * Issue 20: plan with no signal. Home online keeps the region pack ("available offline"); then,
 * offline, a reload still plans Dundee -> Perth on the device (place search from the pack, cards
 * labelled "Planned on this device, offline") and opens a journey. With the signal back, the
 * journey offers to plan online to save it, and that opens the server's results. Offline again, a
 * journey from outside the pack's region (Aberdeen) is refused in words; axe on that page.
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { choosePlace } from './planning';

test('with the region pack kept, Dundee to Perth plans and opens offline; save once online; outside the region refused', async ({
  page,
  context,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand is enough: the pack is per region');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(
    page.getByText(
      /^Tayside is available offline \(prepared \d{1,2} \w+ \d{4}; 2022-23 rail timetable, moved onto this week's dates\)\.$/,
    ),
  ).toBeVisible({
    timeout: 60_000,
  });

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

  // The signal is back: the same search, planned online, can be saved.
  await context.setOffline(false);
  await expect(
    page.getByRole('status').filter({ hasText: 'You have a signal again. Plan this journey online to save it.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Plan online to save' }).click();
  await expect(page).toHaveURL(/\/search\/(?!device-)[^/]+\/results$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();

  // Offline again, from outside the region the pack covers: said in words, nothing planned.
  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your journey' })).toBeVisible();
  await choosePlace(page, 'From', 'Aberdeen');
  await choosePlace(page, 'To', 'Perth');
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is outside Tayside' })).toHaveText(
    'Aberdeen is outside Tayside, the area this device can plan without signal. Plan this journey when you are back online.',
  );
  await expect(page).toHaveURL(/\/$/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-plan-outside-region.png'), fullPage: true });

  await context.setOffline(false);
});
