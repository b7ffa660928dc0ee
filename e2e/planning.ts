/**
 * Searches for e2e specs that need journeys but are not testing the Home form: a Dundee to
 * Perth search posted from the page (so it carries the brand's host and key like the app's own
 * calls), then read back until the planner has stored every journey.
 */
import { expect, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { Brand } from '../src/contract/brand';

/** The next weekday at `hour` ('08:00') London, as the search form writes it. */
export function nextWeekdayAt(hour: string): string {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return `${day.toString().replace(/-/g, '/')} ${hour}:00`;
}

export const DUNDEE_STATION = { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 };
export const PERTH = { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 };

export interface PlannedSearch {
  hash: string;
  journeyIds: string[];
}

/** Posts Dundee to Perth (with a 17:00 return when asked) and waits until planning is done. */
export async function planDundeeToPerth(
  page: Page,
  brand: Brand,
  options: { returning?: boolean } = {},
): Promise<PlannedSearch> {
  const body = {
    origin: DUNDEE_STATION,
    destination: PERTH,
    out_time: nextWeekdayAt('08:00'),
    ...(options.returning ? { return_time: nextWeekdayAt('17:00') } : {}),
  };
  return planSearch(page, brand, body);
}

/** Posts a search form as the page's brand and waits until planning is done. */
export async function planSearch(page: Page, brand: Brand, body: Record<string, unknown>): Promise<PlannedSearch> {
  return page.evaluate(
    async ({ body, apiKey }) => {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': apiKey };
      const started = await fetch('/v1/journey-planner/search', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (started.status !== 201) throw new Error(`search answered ${started.status}: ${await started.text()}`);
      const { data } = (await started.json()) as { data: { hash: string } };
      for (let attempt = 0; attempt < 240; attempt++) {
        const read = (await (await fetch(`/v1/journey-planner/search/${data.hash}`, { headers })).json()) as {
          data: { status: string; failure: string | null; journeys: Array<{ id: string }> };
        };
        if (read.data.status === 'failed') throw new Error(`planning failed: ${read.data.failure}`);
        if (read.data.status === 'done')
          return { hash: data.hash, journeyIds: read.data.journeys.map((journey) => journey.id) };
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('planning did not finish in 60 s');
    },
    { body, apiKey: brand.apiKey },
  );
}

/** Types into a place field and takes the first suggestion by keyboard. */
export async function choosePlace(page: Page, name: 'From' | 'To', typed: string): Promise<void> {
  const field = page.getByRole('combobox', { name });
  await field.fill(typed);
  await page
    .getByRole('listbox', { name: `${name} suggestions` })
    .getByRole('option')
    .first()
    .waitFor();
  await field.press('ArrowDown');
  await field.press('Enter');
  await page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'false', await field.elementHandle());
}

/** Counts, from the first paint, the most skeleton placeholders the Results list showed at once. */
export async function watchPlaceholders(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as unknown as { maxPlaceholders: number };
    win.maxPlaceholders = 0;
    new MutationObserver(() => {
      win.maxPlaceholders = Math.max(win.maxPlaceholders, document.querySelectorAll('[data-placeholder]').length);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The next weekday in London. */
export function nextWeekday(): Temporal.PlainDate {
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  return day;
}

/** Opens a date field's calendar (weeks start on Monday) and picks `day`, moving a month on if needed. */
export async function pickDate(page: Page, field: string, day: Temporal.PlainDate): Promise<void> {
  await page.getByRole('button', { name: field }).click();
  const dialog = page.getByRole('dialog', { name: field });
  const button = dialog.getByRole('button', {
    name: day.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    exact: true,
  });
  // SPEC section 5: the week starts on Monday.
  await expect(dialog.locator('table thead th').first()).toHaveText('Mo');
  if (!(await button.isVisible())) await dialog.locator('button[data-direction="next"]').click();
  await button.click();
  await dialog.waitFor({ state: 'hidden' });
}
