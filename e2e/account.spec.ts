/**
 * The account journey on the regional brand against the real server, all through the screens:
 * Create Account, activation with the code from the server's outbox, Login, Account, Edit
 * Account with new passes (the next search carries them), a journey saved and found under
 * Saved, Plan Again from Recent, a password changed through the e-mailed reset link, Logout.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { mailedCode, PASSWORD, uniqueEmail } from './account-helpers';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { choosePlace, nextWeekday, pickDate } from './planning';

const NEW_PASSWORD = 'a brand new passphrase';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('register, activate, sign in, edit details and passes, search with them, save, Searches, Plan Again, change password, log out', async ({
  page,
  brand,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'regional', 'the account journey runs on the regional brand');
  test.setTimeout(240_000);
  const email = uniqueEmail('isla');
  await page.goto('/register');
  await acceptCookies(page);

  // Create Account: the terms are checked before anything is sent.
  await page.getByLabel('Title').selectOption('Ms');
  await page.getByLabel(/First Name/).fill('Isla');
  await page.getByLabel(/Last Name/).fill('Morrison');
  await page.getByLabel(/Email Address/).fill(email);
  await page.getByLabel(/Phone Number/).fill('01382 123456');
  await page.getByLabel(/Date of Birth/).fill('1990-05-17');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toContainText('You must accept the terms and conditions.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: /aged 12 or over/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();

  // Anonymous visitors opening Account land on Login.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/auth/activation?code=${await mailedCode(email, '/auth/activation')}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is activated')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-login.png'), fullPage: true });

  // A wrong password shows the server's error and keeps the visitor on Login.
  await signIn(page, email, 'not the password at all');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'user-token');
  expect(cookie?.sameSite).toBe('Lax');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'My journeys' })).toBeVisible();

  // The banner belongs to Home: opening another screen clears it.
  await account.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Successfully logged in')).toHaveCount(0);
  await expect(page.getByText('Ms Isla Morrison')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('+44 01382 123456')).toBeVisible();
  await expect(page.getByText('17-05-1990')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Consessionary Pass' })).toContainText('No');
  await expect(page.getByRole('listitem').filter({ hasText: 'Car Access' })).toContainText('Yes');

  // Edit Account: new name and passes; Update Details goes back to Account.
  await page.getByRole('link', { name: 'Edit Account' }).click();
  await expect(page.getByLabel(/First Name/)).toHaveValue('Isla');
  await expect(page.getByLabel(/Email Address/)).toHaveValue(email);
  await page.getByLabel(/First Name/).fill('Ailsa');
  const yesNo = (question: string, answer: 'Yes' | 'No') =>
    page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
  await yesNo('Do you have access to a car?', 'No');
  await yesNo('Do you have a concessionary travel pass?', 'Yes');
  await yesNo('Do you have a railcard?', 'Yes');
  await page.getByLabel('Which railcard?').selectOption('Senior Railcard');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Account successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Ms Ailsa Morrison')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Railcard' })).toContainText('Senior Railcard');
  await expect(page.getByRole('listitem').filter({ hasText: 'Consessionary Pass' })).toContainText('Yes');
  await expect(page.getByRole('listitem').filter({ hasText: 'Car Access' })).toContainText('No');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-account-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-account-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The next search carries the new passes from the profile (the questions are not asked).
  await page.goto('/');
  await expect(page.getByRole('radiogroup', { name: 'Do you have a railcard?' })).toHaveCount(0);
  await choosePlace(page, 'From', 'Dundee');
  await choosePlace(page, 'To', 'Perth');
  await pickDate(page, 'Leaving date', nextWeekday());
  await page.getByLabel('Leaving time').fill('08:00');
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/v1/journey-planner/search') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  const request = await sent;
  expect(request.headers().authorization).toMatch(/^Bearer /);
  expect(request.postDataJSON()).toMatchObject({
    has_access_to_car: false,
    has_concessionary_pass: true,
    has_railcard: true,
    railcard_type: 'Senior Railcard',
  });

  // Save the first journey.
  const details = page.getByRole('article').first().getByRole('link', { name: 'View journey details' });
  await expect(details).toBeVisible({ timeout: 90_000 });
  await details.click();
  await page.getByRole('button', { name: 'Save Journey' }).click();
  await expect(page.getByText('Journey saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();
  const journeyUrl = new URL(page.url()).pathname;

  // Searches: Recent by default, then Saved; the saved card opens the journey with show=true.
  await account.getByRole('link', { name: 'My journeys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My journeys' })).toBeVisible();
  await expect(page.getByText('Select a journey to plan again')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent searches' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('Dundee');
  await page.getByText('Saved', { exact: true }).click();
  await expect(page).toHaveURL(/\/searches\?list=saved$/);
  await expect(page.getByText('Select a journey to view details')).toBeVisible();
  const saved = page.getByRole('region', { name: 'Saved journeys' }).locator('li').first();
  await expect(saved).toContainText('Single');
  await expect(saved.getByRole('img').first()).toBeVisible();
  await saved.getByText('Outbound').click();
  await expect(page).toHaveURL(new RegExp(`${journeyUrl}\\?show=true$`));
  await expect(page.getByRole('button', { name: 'Journey Saved' })).toBeDisabled();

  // Plan Again from Recent opens Home with both places preset.
  await page.goto('/searches');
  await page
    .getByRole('button', { name: /^Plan Again/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(/^Dundee/);
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(/^Perth/);

  // Change Password on Edit Account mails a reset link; the link's screen sets the new password.
  const asked = Date.now();
  await page.goto('/edit-account');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status').first()).toBeVisible();
  await page.goto(`/auth/password-reset?code=${await mailedCode(email, '/auth/password-reset', asked - 1000)}`);
  await page.getByLabel(/Enter New Password/).fill(NEW_PASSWORD);
  await page.getByLabel(/Confirm New Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByText('Successfully logged in')).toBeVisible();

  await page.goto('/account');
  const signedInToken = (await page.context().cookies()).find((entry) => entry.name === 'user-token')?.value ?? '';
  expect(signedInToken).not.toBe('');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  // Issue 22: the token is revoked on the server, not only forgotten by the browser.
  const afterLogout = await page.evaluate(
    async ({ token, apiKey }) =>
      (
        await fetch('/v1/users/show', {
          headers: {
            Accept: 'application/json',
            'X-Api-Key': apiKey,
            Authorization: `Bearer ${decodeURIComponent(token)}`,
          },
        })
      ).status,
    { token: signedInToken, apiKey: brand.apiKey },
  );
  expect(afterLogout).toBe(401);
  await expect(page).toHaveURL(/\/$/);
  await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await page.context().cookies()).some((entry) => entry.name === 'user-token' && entry.value)).toBe(false);
  await page.goto('/searches');
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty Create Account form shows every field error on the first submit', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'regional', 'the form is shared by the brands with accounts');
  let sent = false;
  page.on('request', (request) => request.url().endsWith('/v1/users/register') && (sent = true));
  await page.goto('/register');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Register' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following errors' });
  await expect(summary.getByRole('listitem')).toHaveCount(6);
  for (const message of [
    'The first name is required.',
    'The last name is required.',
    'Enter a valid e-mail address.',
    'You must accept the terms and conditions.',
  ]) {
    await expect(summary).toContainText(message);
  }
  expect(sent).toBe(false);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'register-errors-360.png'), fullPage: true });
});
