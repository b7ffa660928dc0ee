/**
 * Issue 32 item 9, on every brand: Home, its date calendar, About and Register log nothing to
 * the console (Mantine's focus trap warned "Failed to find focusable element" while the calendar
 * loaded), no call answers an error, and the cookie banner, drawn after the app starts, moves
 * nothing on the page (no layout shift) while riding the bottom of the window.
 */
import { appRendered, expect, test } from './fixtures';

test('a first visit logs nothing and the cookie banner moves nothing', async ({ page, brand }) => {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    // SwiftShader's WebGL driver notes are the test browser's, not the app's.
    if (message.text().includes('GL Driver Message')) return;
    noise.push(`${message.type()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${response.url()}`);
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact-us');
  await appRendered(page);
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toBeVisible();
  await page.waitForTimeout(1500);
  const shift = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
  );
  expect(shift).toBeLessThan(0.01);
  // It rides the bottom of the window, not below it.
  const box = (await banner.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844 + 0.5);

  await page.goto('/');
  await appRendered(page);
  await page.getByRole('button', { name: 'Leaving date' }).click();
  await expect(page.getByRole('dialog', { name: 'Leaving date' }).locator('table button:focus')).toBeVisible({
    timeout: 15_000,
  });
  await page.keyboard.press('Escape');
  await page.goto('/about');
  await appRendered(page);
  if (brand.enableUserAccounts) {
    await page.goto('/register');
    await appRendered(page);
  }
  await page.waitForTimeout(1000);
  expect(noise).toEqual([]);
});
