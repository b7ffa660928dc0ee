/**
 * Issue 32, keyboard only, in a browser whose locale shows AM/PM (en-US): Tab reaches each of the
 * Home form's controls in order, each with a focus ring you can see (an outline at least 2 px wide,
 * in the brand's colour, not `none`); the trip is planned at 08:00 typed as "0800", and 08:00 is
 * what is sent - not 20:00 from a 12-hour field that kept the afternoon half of "now".
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, appRendered, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

interface Ring {
  tag: string;
  name: string;
  outline: string;
  width: number;
}

/** The focused element's accessible-ish name and its focus outline. */
async function focusedRing(page: Page): Promise<Ring> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      name: label.trim().replace(/\s+/g, ' ').slice(0, 60),
      outline: style.outlineStyle === 'none' ? 'none' : style.outlineColor,
      width: parseFloat(style.outlineWidth),
    };
  });
}

async function tabTo(page: Page, target: Locator, seen: Ring[], limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focusedRing(page));
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached the control; focus went through ${JSON.stringify(seen.map((r) => r.name))}`);
}

test('plan at 08:00 with the keyboard alone on a 12-hour browser; every control shows its focus ring', async ({
  page,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans; the ring colour is checked on every brand below');
  test.setTimeout(120_000);
  await page.goto('/');
  await appRendered(page);
  await acceptCookies(page);
  await page.locator('body').focus();

  const seen: Ring[] = [];
  const from = page.getByRole('combobox', { name: 'From' });
  await tabTo(page, from, seen);
  await page.keyboard.type('Dundee');
  await expect(page.getByRole('listbox', { name: 'From suggestions' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(from).toHaveAttribute('aria-expanded', 'false');

  const to = page.getByRole('combobox', { name: 'To' });
  await tabTo(page, to, seen);
  await page.keyboard.type('Perth');
  await expect(page.getByRole('listbox', { name: 'To suggestions' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(to).toHaveAttribute('aria-expanded', 'false');

  // Tomorrow, from the calendar by keyboard.
  const date = page.getByRole('button', { name: 'Leaving date' });
  await tabTo(page, date, seen);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'focus-ring-date-regional.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Leaving date' })).toBeVisible();
  const today = await page.locator('[role="dialog"] table button:focus').getAttribute('data-date');
  await page.keyboard.press('ArrowRight');
  const tomorrow = await page.locator('[role="dialog"] table button:focus').getAttribute('data-date');
  expect(tomorrow).not.toBe(today);
  await page.keyboard.press('Enter');
  await expect(date).toBeFocused();

  const time = page.getByRole('textbox', { name: 'Leaving time' });
  await tabTo(page, time, seen);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0800');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'focus-ring-time-regional.png') });

  const submit = page.getByRole('button', { name: 'Plan my journey' });
  await tabTo(page, submit, seen);
  await expect(time).toHaveValue('08:00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'focus-ring-submit-regional.png') });

  // Every stop on the way showed a ring: an outline, in the brand's ring colour, 3 px wide.
  const ring = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.color = 'var(--drover-focus-ring)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  const names = seen.map((stop) => stop.name);
  for (const control of ['From', 'To', 'Leaving date', 'Leaving time', 'Plan my journey'])
    expect(names.some((name) => name.startsWith(control))).toBe(true);
  for (const stop of seen) {
    expect(stop.outline, `${stop.tag} "${stop.name}"`).toBe(ring);
    expect(stop.width, `${stop.tag} "${stop.name}"`).toBeGreaterThanOrEqual(3);
  }

  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/v1/journey-planner/search') && request.method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const body = (await sent).postDataJSON() as { out_time: string };
  expect(body.out_time).toBe(`${tomorrow!.replace(/-/g, '/')} 08:00:00`);
  await expect(page).toHaveURL(/\/search\/[^/]+\/results$/, { timeout: 30_000 });

  // Focus after navigation: on the new screen's heading, and the count said once streaming ends.
  await expect(page.getByRole('heading', { level: 1, name: 'Journey results' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ journeys? found, sorted by/ })).toBeAttached({
    timeout: 90_000,
  });
  expect(await seriousA11yViolations(page)).toEqual([]);
  // On to a journey's details by keyboard: focus lands on its heading too.
  const firstCard = page.getByRole('article').first().getByRole('link').first();
  await firstCard.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/results\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Journey details' })).toBeFocused();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'focus-journey-heading-regional.png') });
});

test("the focus ring is drawn in the brand's colour, with 3:1 or more against the page", async ({ page, brand }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await appRendered(page);
    await acceptCookies(page);
    const time = page.getByRole('textbox', { name: 'Leaving time' });
    await time.focus();
    const { ring, background, brandShade } = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const probe = document.createElement('div');
      probe.style.color = 'var(--mantine-primary-color-8)';
      document.body.append(probe);
      const brandShade = getComputedStyle(probe).color;
      probe.remove();
      return {
        ring: getComputedStyle(el).outlineColor,
        background: getComputedStyle(document.body).backgroundColor,
        brandShade,
      };
    });
    expect(
      getComputedStyleWidth(await time.evaluate((el) => getComputedStyle(el).outlineWidth)),
    ).toBeGreaterThanOrEqual(3);
    expect(ring).toBe(brandShade);
    expect(contrast(ring, background)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `focus-ring-${brand.key}-${width}.png`) });
  }
});

const getComputedStyleWidth = (value: string) => parseFloat(value);

/** WCAG contrast ratio of two computed 'rgb(r, g, b)' colours. */
function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
