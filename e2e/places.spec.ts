/**
 * The From/To place fields on Home, in Chromium against the real server and its Tayside
 * place index: keyboard choice, the brand's ranking, 'use my current location', and axe
 * with the suggestion list open.
 */
import { expect, seriousA11yViolations, test } from './fixtures';

test('From suggests as you type; Down and Enter choose; axe passes with the list open', async ({ page, brand }) => {
  test.skip(brand.googleMapsKey !== null, 'this brand uses Google Places');
  await page.goto('/');
  const from = page.getByRole('combobox', { name: 'From' });
  await from.fill('dunde');
  const options = page.getByRole('listbox', { name: 'From suggestions' }).getByRole('option');
  await expect(options.first()).toContainText('Dundee');
  await expect(from).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await from.press('ArrowDown');
  await expect(from).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
  await from.press('Enter');
  await expect(from).toHaveValue('Dundee');
  await expect(from).toHaveAttribute('aria-expanded', 'false');
});

test("the brand's box ranks same-named places", async ({ page, brand }) => {
  test.skip(brand.key !== 'council' && brand.key !== 'regional', 'council and regional differ on Newburgh');
  await page.goto('/');
  await page.getByRole('combobox', { name: 'To' }).fill('Newburgh');
  const first = page.getByRole('listbox', { name: 'To suggestions' }).getByRole('option').first();
  await expect(first).toContainText(brand.key === 'council' ? 'Aberdeenshire' : 'Fife');
});

test("'Use my current location' fills From, or says it cannot", async ({ page, context, brand }) => {
  test.skip(brand.key !== 'regional', 'one brand is enough');
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Use my current location for From' });
  // No permission granted: the browser refuses.
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot get the current location' })).toBeVisible();
  // DD1 4HN's own point (ONS Postcode Directory).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 56.457345, longitude: -2.978269 });
  await button.click();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('DD1 4HN');
  await expect(page.getByText('Cannot get the current location')).toHaveCount(0);
});
