import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Brand, BrandKey } from '../src/contract/brand';
import { loadBrands } from '../src/server/brands/load';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const registry = loadBrands(path.join(repo, 'brands'));
export const SCREENSHOT_DIR = path.join(repo, 'test-results/screenshots');
fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

/** `brand`: the validated config of the brand this project visits. */
export const test = base.extend<{ brand: Brand }>({
  // Playwright reads the fixture's dependencies from this (empty) destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  brand: async ({}, use, testInfo) => {
    const key = testInfo.project.metadata.brand as BrandKey;
    await use(registry.brands.get(key)!);
  },
});
export { expect };

/** Runs axe (WCAG 2.0-2.2 A/AA rules) and returns the serious and critical violations; `exclude`: a selector axe skips. */
export async function seriousA11yViolations(page: Page, options: { exclude?: string } = {}) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  // axe cannot run inside a frame sandboxed without scripts (it waits for it until the test times out):
  // such frames (a brand's house advert on Results) are skipped everywhere and checked on their own.
  builder.exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])');
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Clicks an element that may first have to be scrolled to, once the scrolled page has been drawn.
 * Chromium sends a mouse event to a cross-process frame (the house advert's sandboxed frame on
 * Results) by the last drawn frame's layout: clicked the instant after Playwright scrolls, on a
 * loaded machine, the click at the element's new place went to the advert that was there before
 * the scroll (issue 28: the first card's 'View journey details' opened /account). No script moved
 * the page; a person cannot click that fast.
 */
export async function clickScrolledTo(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await target.click();
}

/** Accepts the cookie banner so it does not cover content in screenshots. */
export async function acceptCookies(page: Page) {
  const button = page.getByRole('button', { name: 'Accept Cookies' });
  // The banner renders with the shell: wait for the page's main landmark first, or a check made
  // before the app has rendered finds no banner and leaves it up for the rest of the test.
  await page.locator('main').first().waitFor({ state: 'visible' });
  if (await button.isVisible()) await button.click();
}

export const STATIC_PAGES = [
  { path: '/about', heading: /about/i },
  { path: '/privacy-policy', heading: /privacy/i },
  { path: '/hear-more', heading: /hear more/i },
  { path: '/terms-and-conditions', heading: /terms/i },
  { path: '/contact-us', heading: /contact/i },
  { path: '/cookie-policy', heading: /cookie/i },
  { path: '/site-map', heading: /site map/i },
  { path: '/statement', heading: /accessibility/i },
] as const;

/**
 * Waits for the app's own render. The server's first paint (brand header, and Home's or Results'
 * heading) is in the HTML before the app runs, so a heading alone does not show the app is there;
 * the skip link is drawn by the app only.
 */
export async function appRendered(page: Page): Promise<void> {
  await expect(page.locator('a.skip-link')).toBeAttached();
}
