/**
 * The account journey on the regional brand against the real server: register through the
 * API, activate with the code from the server's outbox, sign in on the Login screen, see the
 * passes on Account and log out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';

const outbox = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../var/e2e/outbox');
const PASSWORD = 'correct horse battery';

/** The activation code from the newest mail in the outbox for `email` (the server writes it after answering 201). */
async function activationCode(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith(`-${email}.json`)).sort() : [];
    const newest = files.at(-1);
    if (newest) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, newest), 'utf8')) as { link?: string };
      const code = mail.link ? new URL(mail.link).searchParams.get('code') : null;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no activation mail for ${email} in ${outbox}`);
}

test('register, activate, sign in, see the passes on Account, log out', async ({ page, brand }, testInfo) => {
  test.skip(testInfo.project.name !== 'regional', 'the account journey runs on the regional brand');
  const email = `e2e.${Date.now().toString(36)}@example.org`;
  await page.goto('/');
  await acceptCookies(page);

  // Register through the API from the page, so the request carries the brand's hostname.
  const status = await page.evaluate(
    async ({ apiKey, body }) => {
      const response = await fetch('/v1/users/register', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Api-Key': apiKey, 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    {
      apiKey: brand.apiKey,
      body: {
        title: 'Ms', first_name: 'Isla', last_name: 'Morrison', email, phone_number: '01382 123456', country_code_phone_number: '+44',
        dob: '1990-05-17', password: PASSWORD, password_confirmation: PASSWORD, accepts_terms: true, creation_origin: 'HOME_PAGE',
        profile: { has_car_access: false, has_concessionary_pass: true, has_young_scot_card: false, railcard: 'Senior Railcard' },
      },
    },
  );
  expect(status).toBe(201);

  // Anonymous visitors opening Account land on Login.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/auth/activation?code=${await activationCode(email)}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is activated')).toBeVisible();

  // A wrong password shows the server's error and keeps the visitor on Login.
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-login.png'), fullPage: true });
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'user-token');
  expect(cookie?.sameSite).toBe('Lax');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Ms Isla Morrison')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('17-05-1990')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Passes' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Railcard' })).toContainText('Senior Railcard');
  await expect(page.getByRole('listitem').filter({ hasText: 'Consessionary Pass' })).toContainText('Yes');
  await expect(page.getByRole('listitem').filter({ hasText: 'Car Access' })).toContainText('No');
  await expect(page.getByRole('link', { name: 'Edit Account' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-account.png'), fullPage: true });

  // Edit Account: the shared form starts from the user; Update Details goes back to Account.
  await page.getByRole('link', { name: 'Edit Account' }).click();
  await expect(page.getByLabel(/First Name/)).toHaveValue('Isla');
  await expect(page.getByLabel(/Email Address/)).toHaveValue(email);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByLabel(/First Name/).fill('Ailsa');
  await page.getByRole('button', { name: 'Update Details' }).click();
  await expect(page.getByText('Account successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Ms Ailsa Morrison')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).some((entry) => entry.name === 'user-token' && entry.value)).toBe(false);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});
