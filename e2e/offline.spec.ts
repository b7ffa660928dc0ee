/** PWA baseline: after the first visit, Home and the static pages open with no network. */
import { expect, STATIC_PAGES, test } from './fixtures';

test('Home and the static pages reload offline once the service worker controls the page', async ({ page, context, brand }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled; wait until the worker claims this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your journey' })).toBeVisible();
  await expect(page).toHaveTitle(brand.title);
  for (const staticPage of STATIC_PAGES) {
    await page.goto(staticPage.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticPage.heading);
  }
  await context.setOffline(false);
});

test('the app is installable (no installability errors)', async ({ page, brand }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  expect(installabilityErrors.map((error) => error.errorId), brand.key).toEqual([]);
});
