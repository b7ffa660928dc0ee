/**
 * The campaign pop-up against a real server of its own, whose database is seeded with the
 * campaigns CLI before it starts (regional brand): the soonest-ending campaign for the
 * screen's place opens once with a 'view', its url button records a 'clickthrough' tied to
 * that view and opens a new window, the next visit asks without the seen campaign, and stored
 * impressions are dropped a day after they expire.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, SCREENSHOT_DIR, seriousA11yViolations, test } from './fixtures';
import { freePort, startOwnServer, type OwnServer } from './own-server';

const IMPRESSIONS_KEY = 'drover.campaign-impressions';
const DAY = 24 * 60 * 60 * 1000;
const FIRST = { title: 'Bus week in Tayside', button: 'Read about the scheme' };
const SECOND = { title: 'Walk to school week' };
const REGISTER = { title: 'Save your journeys' };

let server: OwnServer | undefined;
const base = () => `http://regional.localhost:${server!.port}`;

test.describe.configure({ mode: 'serial' });

// Playwright reads the fixtures a hook needs from this (empty) destructuring pattern.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'regional') return;
  testInfo.setTimeout(150_000);
  const port = await freePort();
  const host = `http://regional.localhost:${port}`;
  const days = (n: number) => new Date(Date.now() + n * DAY).toISOString();
  server = await startOwnServer('e2e-campaign', port, (run) => {
    const seed = path.join(path.dirname(new URL(import.meta.url).pathname), '../var/e2e-campaign/campaigns.json');
    const campaign = (title: string, end: number, extra: object) => ({
      brand: 'regional',
      title,
      text: `${title}: a campaign seeded by the e2e test.`,
      starts_at: days(-1),
      end_at: days(end),
      ...extra,
    });
    fs.writeFileSync(
      seed,
      JSON.stringify({
        campaigns: [
          campaign(FIRST.title, 10, {
            appear_on: ['journey-planner'],
            url: `${host}/about`,
            url_button_text: FIRST.button,
            thumbnail_url: `${host}/brands/regional/icon-maskable-512.png`,
          }),
          campaign(SECOND.title, 20, { appear_on: ['journey-planner'] }),
          campaign(REGISTER.title, 15, { appear_on: ['account-register'] }),
        ],
      }),
    );
    run('src/server/cli/campaigns.ts', ['seed', seed]);
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test.beforeEach(({ brand }) => {
  test.skip(brand.key !== 'regional', 'the campaign server serves the regional brand');
});

const isImpression = (request: Request) =>
  request.method() === 'POST' && /\/v1\/campaign\/[^/]+\/impression$/.test(new URL(request.url()).pathname);
const isCampaignList = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/v1/campaign';
const stored = (page: Page) =>
  page.evaluate(
    (key) =>
      JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{
        id: string;
        campaign_id: string;
        action: string;
        impression_id: string | null;
        expires_at: string;
      }>,
    IMPRESSIONS_KEY,
  );

test('Home opens the soonest-ending campaign once: a view, a clickthrough with its id in a new window, then the next campaign with Close', async ({
  page,
  context,
}) => {
  const listAsked = page.waitForRequest(isCampaignList);
  const view = page.waitForResponse(
    (response) => isImpression(response.request()) && response.request().postDataJSON().action === 'view',
  );
  await page.goto(`${base()}/`);
  const query = new URL((await listAsked).url()).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    order_by: 'end_at',
    order: 'asc',
    per_page: '1',
    appear_on: 'journey-planner',
  });

  const dialog = page.getByRole('dialog', { name: FIRST.title });
  await expect(dialog).toBeVisible();
  const viewAnswer = await view;
  expect(viewAnswer.status()).toBe(201);
  const viewImpression = ((await viewAnswer.json()) as { data: { id: string; campaign_id: string } }).data;
  expect(viewAnswer.request().postDataJSON()).toEqual({
    campaign_id: viewImpression.campaign_id,
    action: 'view',
    impression_id: null,
  });
  await expect(dialog.locator('img')).toHaveAttribute('src', /icon-maskable-512\.png$/);
  await expect(dialog).toContainText('a campaign seeded by the e2e test');

  // Focus stays in the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-campaign-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'regional-campaign-phone.png') });

  const opened = context.waitForEvent('page');
  const clickthrough = page.waitForRequest(
    (request) => isImpression(request) && request.postDataJSON().action === 'clickthrough',
  );
  await dialog.getByRole('button', { name: FIRST.button }).click();
  expect((await clickthrough).postDataJSON()).toEqual({
    campaign_id: viewImpression.campaign_id,
    action: 'clickthrough',
    impression_id: viewImpression.id,
  });
  const popup = await opened;
  await popup.waitForLoadState();
  expect(popup.url()).toBe(`${base()}/about`);
  await popup.close();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await stored(page)).map((impression) => impression.action))
    .toEqual(['view', 'clickthrough']);
  const ids = (await stored(page)).map((impression) => impression.id);

  // The next visit sends the impressions it holds, so the seen campaign stays away and the next one opens.
  const again = page.waitForRequest(isCampaignList);
  await page.reload();
  expect(new URL((await again).url()).searchParams.get('impression_ids')?.split(',')).toEqual(ids);
  const second = page.getByRole('dialog', { name: SECOND.title });
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(second).toBeHidden();

  // Both seen: nothing opens.
  const last = page.waitForResponse((response) => isCampaignList(response.request()));
  await page.reload();
  expect(((await (await last).json()) as { data: unknown[] }).data).toEqual([]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('stored impressions are kept until a day after expires_at, then dropped at start (the campaign returns)', async ({
  page,
}) => {
  await page.goto(`${base()}/`);
  const first = page.getByRole('dialog', { name: FIRST.title });
  await expect(first).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  await expect.poll(async () => (await stored(page)).length).toBe(1);
  const [seen] = await stored(page);

  const expireFirst = (agoMs: number) =>
    page.evaluate(
      ({ key, id, at }) => {
        const list = JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ id: string; expires_at: string }>;
        for (const impression of list) if (impression.id === id) impression.expires_at = at;
        localStorage.setItem(key, JSON.stringify(list));
      },
      { key: IMPRESSIONS_KEY, id: seen!.id, at: new Date(Date.now() - agoMs).toISOString() },
    );

  // Expired 23 hours ago: still within the day, kept; the first campaign stays away.
  await expireFirst(23 * 60 * 60 * 1000);
  await page.reload();
  const second = page.getByRole('dialog', { name: SECOND.title });
  await expect(second).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(second).toBeHidden();
  expect((await stored(page)).map((impression) => impression.id)).toContain(seen!.id);

  // Expired 25 hours ago: dropped at start, so the first campaign is offered again.
  await expireFirst(25 * 60 * 60 * 1000);
  await page.reload();
  await expect(page.getByRole('dialog', { name: FIRST.title })).toBeVisible();
  expect((await stored(page)).map((impression) => impression.id)).not.toContain(seen!.id);
});

test('the Register screen is an account-register place', async ({ page }) => {
  await page.goto(`${base()}/register`);
  const dialog = page.getByRole('dialog', { name: REGISTER.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
});
