/**
 * The Home search form in Chromium on the real server and Tayside data: From and To chosen by
 * keyboard, the next weekday at 08:00, 'Plan my journey', and the results page filling with
 * journey cards. axe on the filled form finds nothing serious. Regional brand only.
 */
import path from 'node:path';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { Temporal } from 'temporal-polyfill';
import { nextWeekday, pickDate } from './planning';

const nextWeekdayAtEight = () => `${nextWeekday().toString()}T08:00`;

test('plan Dundee to Perth from the Home form and land on its results', async ({ page, brand }) => {
  test.skip(brand.key !== 'regional', 'one brand plans the search; the form is shared');
  test.setTimeout(120_000);
  await page.goto('/');
  await acceptCookies(page);

  for (const [name, typed] of [
    ['From', 'Dundee'],
    ['To', 'Perth'],
  ] as const) {
    const field = page.getByRole('combobox', { name });
    await field.fill(typed);
    await expect(
      page
        .getByRole('listbox', { name: `${name} suggestions` })
        .getByRole('option')
        .first(),
    ).toContainText(typed);
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue(new RegExp(`^${typed}`));
  }

  // The date from the calendar (weeks start on Monday), the time typed on the 24-hour clock.
  await pickDate(page, 'Leaving date', nextWeekday());
  const leavingTime = page.getByLabel('Leaving time');
  // A 24-hour text field (issue 32): no AM/PM half kept from a 12-hour locale's native picker.
  await expect(leavingTime).toHaveAttribute('inputmode', 'numeric');
  await expect(leavingTime).toHaveAccessibleDescription(/24-hour/);
  await leavingTime.fill('08:00');
  await page.getByRole('radiogroup', { name: 'Do you have a railcard?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByLabel('Which railcard?')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Do you have a railcard?' }).getByRole('radio', { name: 'No' }).check();
  await expect(page.getByLabel('Which railcard?')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'search-form-regional.png'), fullPage: true });

  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/v1/journey-planner/search') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body.out_time).toBe(nextWeekdayAtEight().replace(/-/g, '/').replace('T', ' ') + ':00');
  expect(body).not.toHaveProperty('arrive_time');
  expect(body).not.toHaveProperty('return_time');

  await expect(page).toHaveURL(/\/search\/[^/]+\/results$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('Gathering your results')).toHaveCount(0, { timeout: 90_000 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'search-form-results-regional.png'), fullPage: true });
});

test('the Leaving date calendar works with the keyboard alone (WCAG 2.1.1)', async ({ page, brand }) => {
  test.skip(brand.key !== 'regional', 'the form is shared');
  await page.goto('/');
  await acceptCookies(page);
  const dateButton = page.getByRole('button', { name: 'Leaving date' });
  await dateButton.focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Leaving date' });
  await expect(dialog).toBeVisible();
  // Focus moves into the calendar, onto the chosen day (today, the form's default).
  const focusedDay = dialog.locator('table button:focus');
  await expect(focusedDay).toHaveAttribute('data-date', /^\d{4}-\d\d-\d\d$/);
  const start = Temporal.PlainDate.from((await focusedDay.getAttribute('data-date'))!);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'date-keyboard-regional.png') });
  // Arrow keys move the day: a week on (into the next month if need be), then a day back.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  const picked = start.add({ days: 6 });
  await expect(focusedDay).toHaveAttribute('data-date', picked.toString());
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(dateButton).toBeFocused();
  const label = picked
    .toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
    .replace(/,/g, '');
  await expect(dateButton).toHaveText(label);
  // Enter opens it again on the picked day; Escape closes without picking and gives focus back.
  await page.keyboard.press('Enter');
  await expect(focusedDay).toHaveAttribute('data-date', picked.toString());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(dateButton).toBeFocused();
  await expect(dateButton).toHaveText(label);
  await page.setViewportSize({ width: 360, height: 740 });
  await dateButton.scrollIntoViewIfNeeded();
  await dateButton.focus();
  await page.keyboard.press('Enter');
  await expect(focusedDay).toHaveAttribute('data-date', picked.toString());
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'date-keyboard-regional-360.png') });
});
