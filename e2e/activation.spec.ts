/**
 * Issue 32 item 6: opening an activation link posts the code once (no 409 in the console), and
 * opening it again answers that the account is already active, as a notice on Login, not an error.
 */
import { acceptCookies, appRendered, expect, seriousA11yViolations, test } from './fixtures';
import { apiCall, mailedCode, PASSWORD, uniqueEmail } from './account-helpers';

test('an activation link posts its code once; opened again it says the account is already active', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'the account screens are shared');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await appRendered(page);
  await acceptCookies(page);
  const email = uniqueEmail('activation');
  const registered = await apiCall(page, brand, 'POST', '/v1/users/register', {
    title: 'Ms',
    first_name: 'Isla',
    last_name: 'Morrison',
    email,
    dob: '1990-05-17',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accepts_terms: true,
    creation_origin: 'HOME_PAGE',
    profile: { has_car_access: false, has_concessionary_pass: false, has_young_scot_card: false, railcard: null },
  });
  expect(registered.status).toBe(201);
  const code = await mailedCode(email, '/auth/activation');

  const posts: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/v1/users/activation/') && response.request().method() === 'POST')
      posts.push(response.status());
  });
  await page.goto(`/auth/activation?code=${code}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account is activated')).toBeVisible();
  // Late duplicates would show up here.
  await page.waitForTimeout(1000);
  expect(posts).toEqual([200]);

  await page.goto(`/auth/activation?code=${code}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('This account is already activated. You can sign in.')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(posts).toEqual([200, 200]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors.filter((text) => /activation|409/.test(text))).toEqual([]);
});
