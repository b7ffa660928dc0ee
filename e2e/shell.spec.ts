/** The app shell, routes and static pages of every brand (foundation issue). */
import path from 'node:path';
import {
  acceptCookies,
  appRendered,
  expect,
  SCREENSHOT_DIR,
  seriousA11yViolations,
  STATIC_PAGES,
  test,
} from './fixtures';

test('shell shows the brand and only the blocks its flags allow', async ({ page, brand }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`Plan your journey | ${brand.title}`);
  await expect(page.getByRole('link', { name: `${brand.title} home` })).toHaveAttribute('href', '/');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.theme.themeColor);
  await expect(page.getByRole('heading', { level: 1, name: 'Plan your journey' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  for (const name of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByText('Need support or advice?')).toHaveCount(brand.showNeedHelp ? 1 : 0);
  await expect(page.getByText(brand.updatesText)).toHaveCount(brand.showUpdatesFooter ? 1 : 0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(brand.enableUserAccounts ? 1 : 0);

  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(brand.showBreadcrumbs ? 1 : 0);
});

test('the web manifest belongs to the brand', async ({ page, brand }) => {
  await page.goto('/');
  // Fetched by the page itself: Node cannot resolve <brand>.localhost, Chromium can.
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({
    name: brand.title,
    short_name: brand.shortTitle,
    theme_color: brand.theme.themeColor,
    display: 'standalone',
    start_url: '/',
  });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
    expect(status, icon.src).toBe(200);
  }
});

test('accepting cookies hides the banner across reloads', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toContainText('This website uses cookies to ensure you get the best experience');
  await expect(banner.getByRole('link')).toHaveAttribute('href', '/cookie-policy');
  await banner.getByRole('button', { name: 'Accept Cookies' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  // Wait for the app to render, or the Tab lands on the first paint the app then replaces.
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
});

test('an unknown path shows the not-found page, also on a direct load', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('account routes exist only with accounts, and the guard sends anonymous users to Login', async ({
  page,
  brand,
}) => {
  for (const path of ['/account', '/edit-account', '/searches']) {
    await page.goto(path);
    if (brand.enableUserAccounts) {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  }
  for (const path of [
    '/login',
    '/register',
    '/reset-password',
    '/auth/activation?code=abc',
    '/auth/password-reset?code=abc',
  ]) {
    await page.goto(path);
    const notFound = page.getByRole('heading', { level: 1, name: 'Page not found' });
    await expect(notFound).toHaveCount(brand.enableUserAccounts ? 0 : 1);
  }
});

test('deep links to results and journey routes resolve on reload', async ({ page }) => {
  await page.goto('/search/abc123/results?sort=cost&filters=train,bus');
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();
  await page.reload();
  await appRendered(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeVisible();
  await page.goto('/search/abc123/results/j1?journeyType=return&show=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Journey details' })).toBeVisible();
  await page.goto('/search/abc123/results/j1/print');
  await expect(page.getByRole('heading', { level: 1, name: 'Print journey' })).toBeVisible();
});

test('every static page renders its content and passes axe', async ({ page, brand }) => {
  await page.goto('/');
  await acceptCookies(page);
  for (const staticPage of STATIC_PAGES) {
    await page.goto(staticPage.path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(staticPage.heading);
    await expect(page.locator('main')).toContainText(brand.title);
    expect(await page.locator('main p, main li, main td').count(), staticPage.path).toBeGreaterThan(3);
    expect(await seriousA11yViolations(page), staticPage.path).toEqual([]);
    if (staticPage.path === '/cookie-policy') {
      await acceptCookies(page);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `cookie-policy-${brand.key}-360.png`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `cookie-policy-${brand.key}-desktop.png`),
        fullPage: true,
      });
    }
  }
});

test('Home passes axe and is screenshotted on desktop and phone', async ({ page, brand }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${brand.key}-home-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${brand.key}-home-phone.png`), fullPage: true });
});

test.describe('first paint', () => {
  // The page's own HTML each time: an installed worker answers navigations with its app shell.
  test.use({ serviceWorkers: 'block' });

  test('the first paint draws the header and heading where the app then draws them, on a phone and a desktop', async ({
    page,
    brand,
  }) => {
    // Where the h1 and the header's bottom edge are; the app's shell is the one with the skip link.
    const layout = () =>
      page.evaluate(() => ({
        header: Math.round(document.querySelector('header')!.getBoundingClientRect().bottom),
        heading: Math.round(document.querySelector('h1')!.getBoundingClientRect().top),
        app: document.querySelector('a.skip-link') !== null,
      }));
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(size);
      for (const pagePath of ['/', '/search/abc123/results']) {
        // The HTML alone: the app's scripts never arrive.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.goto(pagePath);
        const first = await layout();
        expect(first.app).toBe(false);
        await expect(page.locator('.first-paint').getByText(brand.updatesText)).toHaveCount(
          brand.showUpdatesFooter ? 1 : 0,
        );
        await expect(page.locator('.first-paint').getByRole('link', { name: 'Sign in' })).toHaveCount(
          brand.enableUserAccounts ? 1 : 0,
        );
        await page.unroute(/\/assets\/.*\.js$/);
        await page.goto(pagePath);
        await appRendered(page);
        const drawn = await layout();
        expect(drawn.app).toBe(true);
        // Nothing jumps when the app takes over (Lighthouse does not count it: the nodes are replaced).
        expect(
          { header: first.header, heading: first.heading },
          `${brand.key} ${pagePath} at ${size.width} px`,
        ).toEqual({ header: drawn.header, heading: drawn.heading });
      }
    }
  });
});
