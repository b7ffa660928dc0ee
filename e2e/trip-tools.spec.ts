/**
 * The trip in the traveller's pocket (issue 31) on the real server and data: Share (the link
 * opened in a fresh browser context), Add to calendar (the downloaded .ics parsed back by ical.js,
 * on a trip across a clock change), the booking step of a community transport ride (Tayside's
 * Dial-a-Journey; a GTFS-Flex ride's deadline is tested on a planned journey in
 * tests/web/features/journey/booking-card.test.tsx) and the prefilled planner link with good and
 * bad input. Screenshots at 390 px, axe on each screen.
 */
import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { Brand } from '../src/contract/brand';
import { acceptCookies, appRendered, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { DUNDEE_STATION, PERTH, planDundeeToPerth } from './planning';

async function phoneShot(page: Page, name: string, locator?: ReturnType<Page['locator']>) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page), name).toEqual([]);
  const file = path.join(SCREENSHOT_DIR, `trip-tools-${name}-390.png`);
  if (locator) {
    await locator.scrollIntoViewIfNeeded();
    await locator.screenshot({ path: file });
  } else await page.screenshot({ path: file, fullPage: true });
}

/** Posts a search from the page (its host and API key) and waits until it is planned. */
async function planned(page: Page, brand: Brand, body: Record<string, unknown>) {
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
          data: {
            status: string;
            failure: string | null;
            journeys: Array<{ id: string; transport_mode: string; return?: unknown }>;
          };
        };
        if (read.data.status === 'failed') throw new Error(`planning failed: ${read.data.failure}`);
        if (read.data.status === 'done') return { hash: data.hash, journeys: read.data.journeys };
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('planning did not finish in 60 s');
    },
    { body, apiKey: brand.apiKey },
  );
}

const tripTools = (page: Page) => page.getByTestId('trip-tools');

test('Share: the link opens the same journey in a fresh context, and carries nothing of the sharer', async ({
  page,
  brand,
  browser,
  baseURL,
}) => {
  test.skip(brand.key !== 'regional', 'one brand is enough for the link');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await acceptCookies(page);
  const { hash, journeyIds } = await planDundeeToPerth(page, brand, { returning: true });
  const journeyPath = `/search/${hash}/results/${journeyIds[0]}`;
  await page.goto(`${journeyPath}?show=true`);
  await appRendered(page);
  const steps = page.locator('#step-by-step li');
  await expect(steps.first()).toBeVisible();
  const stepTexts = await steps.allInnerTexts();

  // Desktop Chromium on Linux has no share sheet: the link goes to the clipboard.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await tripTools(page).getByRole('button', { name: 'Share' }).click();
  await expect(tripTools(page).getByText('Link copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The search and the journey, nothing else: no stage, no show flag, no visitor or account.
  expect(copied).toBe(`${baseURL}${journeyPath}`);
  await phoneShot(page, 'share-copied', tripTools(page));

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(copied);
    await appRendered(other);
    await expect(other.locator('#step-by-step li').first()).toBeVisible();
    expect(await other.locator('#step-by-step li').allInnerTexts()).toEqual(stepTexts);
    // A stranger is not the owner: no cookie of the sharer came along.
    expect(await fresh.cookies()).not.toContainEqual(expect.objectContaining({ name: 'user-token' }));
  } finally {
    await fresh.close();
  }

  // Where the browser has a share sheet (phones), it gets the same link.
  await page.addInitScript(() => {
    const win = window as unknown as { shared: ShareData[] };
    win.shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => void win.shared.push(data),
      configurable: true,
    });
  });
  await page.reload();
  await tripTools(page).getByRole('button', { name: 'Share' }).click();
  await expect(tripTools(page).getByText('Shared.')).toBeVisible();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]!.url).toBe(copied);
  expect(shared[0]!.text).toMatch(/^Dundee Railway Station to Perth, \w{3} \d{1,2} \w{3}: leave \d\d:\d\d/);
});

/** The next Sunday the London clocks change that journeys can still be planned for (six months ahead). */
function nextClockChange(): Temporal.PlainDate {
  const today = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate();
  const offset = (d: Temporal.PlainDate) =>
    d.toZonedDateTime({ timeZone: 'Europe/London', plainTime: '12:00' }).offsetNanoseconds;
  for (let i = 2; i < 180; i++) {
    const day = today.add({ days: i });
    if (offset(day) !== offset(day.subtract({ days: 1 }))) return day;
  }
  throw new Error('no clock change in the next six months');
}

test('Add to calendar: the .ics, parsed back by ical.js, holds each leg at its instant across the clock change', async ({
  page,
  brand,
}) => {
  test.skip(
    brand.key !== 'regional' && brand.key !== 'health',
    'the regional planner, and the health brand with its appointment',
  );
  test.setTimeout(120_000);
  // From November the six-month window reaches March's change, not October's (October 2027 is
  // held by the unit test, tests/web/features/calendar); from April on this is October's.
  const sunday = nextClockChange();
  const saturday = sunday.subtract({ days: 1 });
  const at = (d: Temporal.PlainDate, hhmm: string) => `${d.toString().replace(/-/g, '/')} ${hhmm}:00`;
  await page.goto('/');
  await acceptCookies(page);
  const { hash, journeys } = await planned(page, brand, {
    origin: DUNDEE_STATION,
    destination: PERTH,
    out_time: at(saturday, '08:00'),
    return_time: at(sunday, '17:00'),
  });
  const journey = journeys.find((j) => j.transport_mode === 'transit' && j.return) ?? journeys.find((j) => j.return);
  expect(journey, 'a journey with a way home').toBeTruthy();
  await page.goto(`/search/${hash}/results/${journey!.id}`);
  await appRendered(page);
  const summary = page.locator('#journey-details');
  await summary.getByRole('button', { name: 'Show return journey' }).click();
  const facts = async (section: string) => {
    const block = summary
      .locator('h3', { hasText: section })
      .locator('xpath=ancestor::div[1]/following-sibling::dl[1]');
    return {
      depart: (await block.locator('dt:text-is("Depart at") + dd').innerText()).trim(),
      arrive: (await block.locator('dt:text-is("Arrive at") + dd').innerText()).trim(),
    };
  };
  const outbound = await facts('Outbound');
  const back = await facts('Return');

  const download = page.waitForEvent('download');
  await tripTools(page).getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^journey-dundee-railway-station-to-perth-\d{4}-\d{2}-\d{2}\.ics$/);
  const text = fs.readFileSync(await file.path(), 'utf8');
  await expect(tripTools(page).getByText('Calendar file downloaded')).toBeVisible();
  await phoneShot(page, `calendar-${brand.key}`, tripTools(page));

  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const instant = (d: Temporal.PlainDate, hhmm: string) =>
    d.toZonedDateTime({ timeZone: 'Europe/London', plainTime: hhmm }).epochMilliseconds;
  const out = events.find((e) => e.summary.startsWith('Travel to'))!;
  const home = events.find((e) => e.summary.startsWith('Return to'))!;
  expect(out.startDate.toJSDate().getTime()).toBe(instant(saturday, outbound.depart));
  expect(out.endDate.toJSDate().getTime()).toBe(instant(saturday, outbound.arrive));
  expect(home.startDate.toJSDate().getTime()).toBe(instant(sunday, back.depart));
  expect(home.endDate.toJSDate().getTime()).toBe(instant(sunday, back.arrive));
  // The two legs sit on either side of the change: their UTC offsets differ by an hour.
  const offsetOf = (d: Temporal.PlainDate) =>
    d.toZonedDateTime({ timeZone: 'Europe/London', plainTime: '12:00' }).offsetNanoseconds / 3.6e12;
  expect(Math.abs(offsetOf(saturday) - offsetOf(sunday))).toBe(1);
  for (const e of [out, home]) {
    const alarms = e.component.getAllSubcomponents('valarm');
    expect(alarms.map((a) => String(a.getFirstPropertyValue('trigger')))).toContain('PT0S');
    expect(e.location).not.toBe('');
    expect(e.description).toContain('Journey details: ');
  }
  if (brand.key === 'health') expect(events.map((e) => e.summary)).toContain('Appointment at Perth, Perth and Kinross');
  else expect(events).toHaveLength(2);
});

/** Stirling to Bridge of Allan: inside Stirling council area, where Dial-a-Journey takes bookings (region data drt.json). */
const STIRLING = { label: 'Stirling, Stirling', lat: 56.1165, lng: -3.9369 };
const BRIDGE_OF_ALLAN = { label: 'Bridge of Allan, Stirling', lat: 56.154, lng: -3.944 };

test('a community transport journey shows its booking as a step before the trip', async ({ page, brand }) => {
  test.skip(brand.key !== 'regional', 'one brand is enough');
  test.setTimeout(120_000);
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  await page.goto('/');
  await acceptCookies(page);
  const { hash, journeys } = await planned(page, brand, {
    origin: STIRLING,
    destination: BRIDGE_OF_ALLAN,
    out_time: `${day.toString().replace(/-/g, '/')} 10:00:00`,
  });
  const ride = journeys.find((j) => j.transport_mode === 'drt');
  expect(ride, 'a community transport option').toBeTruthy();
  await page.goto(`/search/${hash}/results/${ride!.id}`);
  await appRendered(page);
  const card = page.getByTestId('booking-step');
  await expect(card).toBeVisible();
  // The first card of the guide: booked before the trip.
  await expect(page.locator('#step-by-step li').first()).toContainText('Book your outbound ride: Dial-a-Journey');
  // Our sources give its notice as text only: no deadline is made up, and the card says so.
  await expect(card).toContainText("Book before you travel: the service's rules give no deadline we can count");
  await expect(card).toContainText('Cancel by 4pm the day before to avoid a charge');
  await expect(card.getByRole('link', { name: 'Book online' })).toHaveAttribute(
    'href',
    'http://dial-a-journey.org.uk/',
  );
  await phoneShot(page, 'booking-step', card);
  // The calendar file carries the booking line too.
  const download = page.waitForEvent('download');
  await tripTools(page).getByRole('button', { name: 'Add to calendar' }).click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
  expect(event.description).toContain('Book Dial-a-Journey (Forth Valley) before you travel');
});

test('the prefilled planner link fills the form and plans nothing until asked', async ({ page, brand }) => {
  test.skip(brand.key !== 'regional' && brand.key !== 'council', 'a brand with accounts and one without');
  let day = Temporal.Now.zonedDateTimeISO('Europe/London').toPlainDate().add({ days: 1 });
  while (day.dayOfWeek > 5) day = day.add({ days: 1 });
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/journey-planner/search')) searches.push(request.url());
  });
  const [from, to] = brand.key === 'council' ? ['Inverurie', 'Huntly'] : ['Dundee', 'Perth'];
  await page.goto(`/?from=${from}&to=${to}&time=${day}T08:32`);
  await acceptCookies(page);
  await expect(page.getByText('Your journey is filled in from the link')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue(new RegExp(`^${from}`));
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(new RegExp(`^${to}`));
  await phoneShot(page, `prefilled-${brand.key}`);
  expect(searches).toEqual([]);
  await page.getByRole('button', { name: 'Plan my journey' }).click();
  await expect(page).toHaveURL(/\/search\/[^/]+\/results$/);
});

test('a bad planner link: unknown place, past time, script: clear messages, nothing run', async ({ page, brand }) => {
  test.skip(brand.key !== 'regional', 'the checks are the same for every brand');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const script = '<script>window.ran=1;alert(1)</script>';
  const link = `/?from=Atlantis%20Spaceport&to=${encodeURIComponent(script)}&time=2020-01-06T08:00`;
  await page.goto(link);
  await acceptCookies(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Some of this link could not be used' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('We could not find "Atlantis Spaceport" (From in the link)');
  await expect(alert).toContainText('The To place in this link is not a place name, postcode or coordinates');
  await expect(alert).toContainText('The time in this link (08:00 on Mon 6 Jan) has passed');
  await expect(alert).not.toContainText('<script');
  await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('');
  expect(await page.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await phoneShot(page, 'prefilled-bad');
  // A time that is not one.
  await page.goto('/?time=tomorrow%20at%20eight');
  await expect(page.getByRole('alert')).toContainText(
    'The time in this link is not a date and time like 2026-12-01T08:30.',
  );
});
