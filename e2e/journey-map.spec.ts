/**
 * The journey map, stage page and print view on the real server, the real Tayside data and the
 * built PWA in Chromium (WebGL through SwiftShader): a Dundee to Perth and back journey, its map
 * drawn from the server's own region style, Outbound/Return, Show on map, the shared position
 * refreshing, a stage with its timetable and the operator confirm dialog, previous/next, a
 * reload on a stage URL, then the print view on screen and as print media. axe on each;
 * phone and desktop screenshots. Regional brand only (planning is the slow part).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { DUNDEE_STATION, planDundeeToPerth } from './planning';

const shot = (page: Page, name: string, options: { fullPage?: boolean } = {}) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), ...options });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The journey whose outbound leg has a train stage with a timetable (the planner also offers car and taxi). */
async function trainJourney(page: Page, hash: string, apiKey: string): Promise<{ id: string; trainStage: number }> {
  return page.evaluate(
    async ({ hash, apiKey }) => {
      const answer = (await (
        await fetch(`/v1/journey-planner/search/${hash}`, {
          headers: { 'X-Api-Key': apiKey, Accept: 'application/json' },
        })
      ).json()) as {
        data: { journeys: Array<{ id: string; depart: { steps: Array<{ type: string; timetable: unknown }> } }> };
      };
      for (const journey of answer.data.journeys) {
        const index = journey.depart.steps.findIndex((step) => step.type === 'train' && step.timetable);
        if (index >= 0) return { id: journey.id, trainStage: index + 1 };
      }
      throw new Error('no train journey planned');
    },
    { hash, apiKey },
  );
}

test('Dundee to Perth: map, stage page with timetable and operator link, print view; no serious axe findings', async ({
  page,
  context,
  brand,
}) => {
  test.skip(brand.key !== 'regional', 'one brand plans the search; the others share the screens');
  test.setTimeout(240_000);
  // Nothing leaves this machine: the operator's site (opened by 'Yes, I'm sure') is answered here.
  await context.route(/scotrail\.co\.uk/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Operator site</title>' }),
  );
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: DUNDEE_STATION.lat, longitude: DUNDEE_STATION.lng });
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await acceptCookies(page);
  // The service worker controls the page before the map loads, so it keeps the map's files.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const { hash } = await planDundeeToPerth(page, brand, { returning: true });
  const { id, trainStage } = await trainJourney(page, hash, brand.apiKey);
  const journeyUrl = `/search/${hash}/results/${id}`;

  // ---- Map of journey ------------------------------------------------------------------------
  const style = page.waitForResponse(
    (response) => response.url().endsWith('/map/fallback/style.json') && response.ok(),
  );
  await page.goto(journeyUrl);
  await acceptCookies(page);
  await style;
  const section = page.locator('#journey-map');
  await expect(section.getByRole('heading', { level: 2, name: 'Map of journey' })).toBeVisible();
  await expect(section.locator('[data-map-state="ready"][data-map-style="fallback"]')).toBeVisible({ timeout: 30_000 });
  const canvas = section.locator('canvas');
  await expect(canvas).toHaveAttribute(
    'aria-label',
    `Map of the outbound journey from ${DUNDEE_STATION.label} to Perth, Perth and Kinross`,
  );
  await expect(canvas).toHaveAttribute('tabindex', '0');
  await expect(section.getByText(/^The map shows the outbound journey/)).toContainText(
    'straight lines: there is no street map for this area',
  );
  await expect(section.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(section.getByText('Start: Dundee Railway Station, Dundee')).toBeVisible();
  // The Viewing bar's middle link scrolls here.
  await page.getByRole('navigation', { name: 'Viewing' }).getByRole('link', { name: 'Map of journey' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Viewing' }).getByRole('link', { name: 'Map of journey' }),
  ).toHaveAttribute('aria-current', 'location');
  await page.waitForTimeout(500);
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'journey-map-regional-desktop.png') });
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Keyboard: the canvas takes focus and + zooms in (the map moves, so the picture changes).
  const before = await canvas.screenshot();
  await canvas.focus();
  await page.keyboard.press('Equal');
  await page.waitForTimeout(800);
  expect(Buffer.compare(before, await canvas.screenshot())).not.toBe(0);

  // Show on map: Tayside has no toilet data, so None and All; All numbers the stages.
  const filter = section.getByRole('combobox', { name: 'Show on map' });
  await expect(filter.locator('option')).toHaveText(['None', 'All']);
  await filter.selectOption('all');
  await expect(section.locator('.maplibregl-marker', { hasText: /^[1-3]$/ })).toHaveCount(3);
  // Each stage point is the brand's map icon for its mode (SPEC section 3), loaded from the brand's path.
  const icons = section.locator('.maplibregl-marker img');
  await expect(icons).toHaveCount(3);
  for (const src of await icons.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).getAttribute('src')),
  )) {
    expect(src).toMatch(/^\/brands\/regional\/map-icons\/(walk|train|bus|taxi|bike|car)\.svg$/);
  }
  expect(
    await icons.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
  ).toBe(true);
  await page.waitForTimeout(500);
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'journey-map-regional-all-desktop.png') });
  await expect(section.getByText(/No public toilets are recorded near the destination/)).toBeVisible();

  // Return pill: the orange line the other way.
  await section.locator('label', { hasText: /^Return$/ }).click();
  await expect(canvas).toHaveAttribute(
    'aria-label',
    /^Map of the return journey from Perth, Perth and Kinross to Dundee/,
  );
  await expect(section.getByText('Start: Perth, Perth and Kinross')).toBeVisible();
  await page.waitForTimeout(500);
  await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'journey-map-regional-return-desktop.png') });

  // Shared position: shown, then moved by the next 10-second refresh.
  await section.getByRole('button', { name: 'Show my location' }).click();
  const me = section.getByRole('img', { name: 'Your position' });
  await expect(me).toBeVisible({ timeout: 15_000 });
  const first = await me.boundingBox();
  await context.setGeolocation({ latitude: DUNDEE_STATION.lat + 0.004, longitude: DUNDEE_STATION.lng + 0.01 });
  await expect.poll(async () => (await me.boundingBox())?.x, { timeout: 15_000 }).not.toBe(first?.x);
  await section.getByRole('button', { name: 'Stop showing my location' }).click();
  await expect(me).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await shot(page, 'journey-map-regional-phone');
  await page.setViewportSize({ width: 360, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await shot(page, 'journey-map-regional-360');
  await page.setViewportSize(DESKTOP);

  // ---- Stage page ----------------------------------------------------------------------------
  await page.getByRole('link', { name: `Stage details: outbound stage ${trainStage}, Train` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]stage=${trainStage}`));
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^Stage ${trainStage} of \\d+: Train$`) });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Stage details' })).toBeVisible();
  // Issue 32: the stage's map waits; a picture of the route stands in, and the map comes when asked.
  const picture = page.locator('[data-map-preview] svg');
  await expect(picture).toHaveAttribute('aria-label', new RegExp(`^Map of stage ${trainStage}: `));
  await expect(picture.locator('path')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Show interactive map' }).click();
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(picture).toHaveCount(0);
  const description = page.getByRole('region', { name: 'Step description' });
  await expect(description).toContainText('ScotRail');
  const guide = page.getByRole('region', { name: 'Travel guide' });
  await expect(guide.getByRole('listitem').first()).toHaveText(/^Board .* at Dundee Rail Station\.$/);
  await shot(page, 'stage-regional-desktop', { fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The timetable: stops x departures, HH:mm or '-'.
  await guide.getByRole('button', { name: 'View timetable' }).click();
  const timetable = page.getByRole('dialog', { name: /^Rail timetable: .+ to .+$/ });
  await expect(timetable).toBeVisible();
  await expect(timetable.getByRole('row').nth(1)).toBeVisible();
  const cells = await timetable.getByRole('cell').allTextContents();
  expect(cells.length).toBeGreaterThan(10);
  for (const cell of cells) expect(cell).toMatch(/^(\d{2}:\d{2}|-)$/);
  await expect(timetable.getByText('(board here)')).toHaveCount(1);
  await expect(timetable.getByText('(get off here: arrives)')).toHaveCount(1);
  await expect(timetable.getByText('Yours')).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shot(page, 'stage-timetable-regional-desktop');
  await page.keyboard.press('Escape');
  await expect(timetable).toBeHidden();

  // The operator's site, behind 'Are you sure?'.
  await guide.getByRole('button', { name: 'Visit the ScotRail website' }).click();
  let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'No, take me back' }).click();
  await expect(confirm).toBeHidden();
  await guide.getByRole('button', { name: 'Visit the ScotRail website' }).click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  const popup = page.waitForEvent('popup');
  await confirm.getByRole('link', { name: "Yes, I'm sure" }).click();
  const operator = await popup;
  await operator.waitForLoadState();
  expect(operator.url()).toMatch(/^http:\/\/www\.scotrail\.co\.uk\//);
  await operator.close();
  await expect(confirm).toBeHidden();

  // One step at a time, and the stage URL survives a reload.
  await page.getByRole('link', { name: 'View next stage' }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Stage ${trainStage + 1} of`) })).toBeVisible();
  await page.getByRole('link', { name: 'View previous stage' }).click();
  await expect(heading).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(800);
  await shot(page, 'stage-regional-phone', { fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: '< Back to journey details' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Journey Details' })).toBeVisible();

  // ---- Print ---------------------------------------------------------------------------------
  await page.getByRole('navigation', { name: 'Viewing' }).getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`${journeyUrl}/print$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Print journey' })).toBeVisible();
  await expect(page.getByText('Outbound journey', { exact: true })).toBeVisible();
  await expect(page.getByText('Return journey', { exact: true })).toBeVisible();
  await expect(page.getByText('Return home')).toBeVisible();
  await expect(page.getByText('Arrive at the destination')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await acceptCookies(page);
  await shot(page, 'print-regional-desktop', { fullPage: true });
  await page.setViewportSize(PHONE);
  await shot(page, 'print-regional-phone', { fullPage: true });
  // As paper: no shell, no buttons.
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print this page' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByText('Return home')).toBeVisible();
  // The paper carries the brand's logo (brand.logo) and dates as 'Thu 26 Nov 2026'.
  await expect(page.getByRole('img', { name: brand.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outbound' })).toContainText(
    /Date(Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}/,
  );
  await shot(page, 'print-regional-paper', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('img', { name: brand.title })).toBeHidden();

  // ---- Offline: the opened journey's map still draws (worker precached, style and layers kept) --
  await page.goto(journeyUrl);
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500); // the query cache persists at most once a second
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Map of journey' })).toBeVisible();
  await expect(page.locator('[data-map-state="ready"][data-map-style="fallback"]')).toBeVisible({ timeout: 30_000 });
  await page.goto(`${journeyUrl}?stage=${trainStage}`);
  await expect(heading).toBeVisible();
  await context.setOffline(false);
});
