/**
 * Issue 21 item 9: the Results of an earlier search opened offline say what needs the network
 * and list the journeys of that search kept on the device, instead of 'Gathering your results'
 * for ever; back online, the results load. Regional brand only (planning is the slow part).
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { planDundeeToPerth } from './planning';

test('Results opened offline: what needs the network, the journeys kept on this device, then the results once online', async ({
  page,
  context,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans the search; the others share the screen');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const { hash, journeyIds } = await planDundeeToPerth(page, brand);
  // One journey opened (so kept on the device), then the results of its search offline.
  await page.goto(`/search/${hash}/results/${journeyIds[0]}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();
  await page.waitForTimeout(2_000); // the persister writes at most once a second

  await context.setOffline(true);
  await page.goto(`/search/${hash}/results`);
  await expect(page.getByRole('heading', { level: 2, name: 'You are offline' })).toBeVisible();
  await expect(
    page.getByText('The results of this search need the network. They will load here when you are back online.'),
  ).toBeVisible();
  await expect(page.getByText('Gathering your results')).toHaveCount(0);
  const kept = page.getByRole('list', { name: 'Journeys kept on this device' });
  await expect(kept.getByRole('article')).toHaveCount(1);
  await expect(kept.getByRole('link', { name: 'View journey details' })).toHaveAttribute(
    'href',
    `/search/${hash}/results/${journeyIds[0]}`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `results-offline-${brand.key}-desktop.png`),
    fullPage: true,
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `results-offline-${brand.key}-phone.png`), fullPage: true });

  await context.setOffline(false);
  await expect(page.getByRole('list', { name: 'Journey options' }).getByRole('article')).toHaveCount(
    journeyIds.length,
    { timeout: 30_000 },
  );
  await expect(page.getByRole('heading', { level: 2, name: 'You are offline' })).toHaveCount(0);
});
