/**
 * Issue 32 item 8: the region's map goes with the region pack. A first visit to Home (online,
 * no map ever opened) keeps the fallback map's style and layers with the timetables; then, with
 * no signal, a journey planned on the device draws its map: the style and the council areas,
 * railways and routes come from the service worker, not a blank box under floating labels.
 * Screenshots at 390 px and desktop; axe on the journey page. Regional brand only.
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { choosePlace } from './planning';

// Soft: every step runs (and its screenshots are taken) so a failure shows all that is missing.
const soft = expect.configure({ soft: true });

test('with no map ever opened online, a journey planned offline draws its map from the kept layers', async ({
  page,
  context,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'the pack is per region');
  test.setTimeout(180_000);
  await page.goto('/');
  await acceptCookies(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText(/is available offline/)).toBeVisible({ timeout: 60_000 });
  // The map is kept beside the pack: the style and each layer its sources name.
  const kept = async () =>
    page.evaluate(async () => {
      const cache = await caches.open('drover-map');
      return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
    });
  await soft
    .poll(kept, { timeout: 30_000 })
    .toEqual(
      expect.arrayContaining([
        '/map/fallback/areas.geojson',
        '/map/fallback/railways.geojson',
        '/map/fallback/routes.geojson',
        '/map/fallback/style.json',
      ]),
    );

  await context.setOffline(true);
  await page.reload();
  await choosePlace(page, 'From', 'Dundee Rail');
  await choosePlace(page, 'To', 'Perth');
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  await expect(page).toHaveURL(/\/search\/device-[0-9a-f]+\/results$/, { timeout: 30_000 });
  const layers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/map/fallback/') && response.ok() && response.fromServiceWorker())
      layers.push(new URL(response.url()).pathname);
  });
  await page.getByRole('article').first().getByRole('link', { name: 'View journey details' }).click();
  const map = page.locator('#journey-map [data-map-state]');
  await soft(map).toHaveAttribute('data-map-state', 'ready', { timeout: 30_000 });
  await soft(map).toHaveAttribute('data-map-style', 'fallback');
  await soft
    .poll(() => [...new Set(layers)].sort(), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['/map/fallback/areas.geojson', '/map/fallback/railways.geojson']));
  for (const size of [
    { name: '390', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await map.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await map.screenshot({ path: path.join(SCREENSHOT_DIR, `offline-map-${size.name}.png`) });
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
});
