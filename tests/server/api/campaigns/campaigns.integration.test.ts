import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignListAnswerSchema, impressionAnswerSchema } from '../../../../src/contract/campaigns';
import { insertCampaign } from '../../../../src/server/api/campaigns/repository';
import { REPO_ROOT } from '../../../../src/server/config';
import { CommandError, runCampaignCommand } from '../../../../src/server/cli/campaign-commands';
import { campaignImpressions, campaigns } from '../../../../src/server/db/schema';
import { startApiServer, type ApiServer } from '../../helpers/api';

let server: ApiServer;
const DAY = 24 * 3_600_000;
const at = (days: number) => new Date(server.now().getTime() + days * DAY);
type Body = { message?: string; errors?: Record<string, string[]>; data?: unknown };

let soon: string;
let later: string;
let onlyResults: string;
let ended: string;
let scheduled: string;

beforeAll(async () => {
  server = await startApiServer();
  const add = async (title: string, starts: number, ends: number, extra: Partial<typeof campaigns.$inferInsert> = {}) =>
    (
      await insertCampaign(server.db, {
        brand: 'citybus',
        title,
        text: `${title} text`,
        appearOn: ['journey-planner', 'journey-results', 'journey-details', 'account-register'],
        startsAt: at(starts),
        endAt: at(ends),
        ...extra,
      })
    ).id;
  later = await add('Later', -5, 20, {
    url: 'https://example.org/later',
    urlButtonText: 'Read more',
    thumbnailUrl: 'https://example.org/later.png',
  });
  soon = await add('Soon', -1, 3);
  onlyResults = await add('Results only', -1, 10, { appearOn: ['journey-results'] });
  ended = await add('Ended', -10, -1);
  scheduled = await add('Scheduled', 2, 30);
  await add('Other brand', -1, 1, { brand: 'park' });
});
afterAll(async () => {
  await server?.close();
});

const list = async (query = '') => {
  const response = await server.call('GET', `/v1/campaign${query}`, { brand: 'citybus' });
  expect(response.status, response.text).toBe(200);
  return campaignListAnswerSchema.parse(response.json());
};

describe('GET /v1/campaign', () => {
  it('answers the soonest-ending active campaign of the calling brand, one per page', async () => {
    const body = await list('?order_by=end_at&order=asc&per_page=1');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: soon,
      title: 'Soon',
      text: 'Soon text',
      url: null,
      url_button_text: null,
      thumbnail: null,
    });
    expect(body.meta).toEqual({ total: 3, per_page: 1, current_page: 1, last_page: 3 });
    const all = await list('?per_page=10');
    expect(all.data.map((campaign) => campaign.id)).toEqual([soon, onlyResults, later]);
    expect(all.data[2]).toMatchObject({
      url: 'https://example.org/later',
      url_button_text: 'Read more',
      thumbnail: { cover_url: 'https://example.org/later.png' },
    });
    expect(all.data.map((campaign) => campaign.id)).not.toContain(ended);
    expect(all.data.map((campaign) => campaign.id)).not.toContain(scheduled);
    const desc = await list('?order=desc&per_page=10');
    expect(desc.data.map((campaign) => campaign.id)).toEqual([later, onlyResults, soon]);
    expect((await list('?appear_on=journey-planner&per_page=10')).data.map((campaign) => campaign.id)).toEqual([
      soon,
      later,
    ]);
    // Default page size is the SPEC's 1.
    expect((await list()).meta.per_page).toBe(1);
    const park = await server.call('GET', '/v1/campaign?per_page=10', { brand: 'park' });
    expect(campaignListAnswerSchema.parse(park.json()).data.map((campaign) => campaign.title)).toEqual(['Other brand']);
  });

  it('leaves out campaigns whose impressions the client holds (repeated, [] or comma-separated ids)', async () => {
    const view = await server.call('POST', `/v1/campaign/${soon}/impression`, {
      brand: 'citybus',
      body: { campaign_id: soon, action: 'view', impression_id: null },
    });
    const viewId = impressionAnswerSchema.parse(view.json()).data.id;
    const other = await server.call('POST', `/v1/campaign/${onlyResults}/impression`, {
      brand: 'citybus',
      body: { action: 'view' },
    });
    const otherId = impressionAnswerSchema.parse(other.json()).data.id;

    expect((await list(`?per_page=1&impression_ids[]=${viewId}`)).data[0]?.id).toBe(onlyResults);
    expect((await list(`?per_page=10&impression_ids=${viewId},${otherId}`)).data.map((c) => c.id)).toEqual([later]);
    expect(
      (await list(`?per_page=10&impression_ids=${viewId}&impression_ids=${otherId}`)).data.map((c) => c.id),
    ).toEqual([later]);
    expect((await list(`?per_page=10&impression_ids[]=${viewId}&impression_ids[]=${otherId}`)).meta.total).toBe(1);
    // Unknown (e.g. purged) impression ids exclude nothing.
    expect((await list('?per_page=10&impression_ids=00000000-0000-4000-8000-000000000000')).meta.total).toBe(3);
  });

  it('rejects bad query parameters with a 400 and field errors', async () => {
    for (const [query, field] of [
      ['?order_by=title', 'order_by'],
      ['?order=sideways', 'order'],
      ['?per_page=0', 'per_page'],
      ['?per_page=100', 'per_page'],
      ['?page=-1', 'page'],
      ['?impression_ids=1;drop table campaigns', 'impression_ids.0'],
      ['?appear_on=everywhere', 'appear_on'],
    ] as const) {
      const response = await server.call('GET', `/v1/campaign${encodeURI(query)}`, { brand: 'citybus' });
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.json<Body>().errors ?? {}), query).toEqual([field]);
    }
  });
});

describe('POST /v1/campaign/{campaign_id}/impression', () => {
  it('records a view, then a clickthrough naming it; expires_at is the campaign end', async () => {
    const view = await server.call('POST', `/v1/campaign/${later}/impression`, {
      brand: 'citybus',
      body: { campaign_id: later, action: 'view', impression_id: null },
    });
    expect(view.status).toBe(201);
    const viewed = impressionAnswerSchema.parse(view.json()).data;
    const [campaign] = await server.db.select().from(campaigns).where(eq(campaigns.id, later));
    expect(viewed).toEqual({
      id: viewed.id,
      campaign_id: later,
      action: 'view',
      impression_id: null,
      expires_at: campaign!.endAt.toISOString(),
    });

    const click = await server.call('POST', `/v1/campaign/${later}/impression`, {
      brand: 'citybus',
      body: { campaign_id: later, action: 'clickthrough', impression_id: viewed.id },
    });
    expect(click.status).toBe(201);
    expect(impressionAnswerSchema.parse(click.json()).data).toMatchObject({
      campaign_id: later,
      action: 'clickthrough',
      impression_id: viewed.id,
    });
    expect(
      await server.db.select().from(campaignImpressions).where(eq(campaignImpressions.campaignId, later)),
    ).toHaveLength(2);
  });

  it('validates the action, the impression id and the campaign', async () => {
    const post = (id: string, body: unknown, brand = 'citybus') =>
      server.call('POST', `/v1/campaign/${id}/impression`, { brand, body });
    const cases: Array<[string, unknown, number, Record<string, string[]> | string]> = [
      [
        later,
        { action: 'clickthrough' },
        422,
        { impression_id: ['A clickthrough needs the impression id of the view it follows.'] },
      ],
      [
        later,
        { action: 'view', impression_id: '00000000-0000-4000-8000-000000000000' },
        422,
        { impression_id: ['A view has no impression id: send null.'] },
      ],
      [later, { action: 'like' }, 422, { action: ['The action must be view or clickthrough.'] }],
      [
        later,
        { action: 'view', campaign_id: soon },
        422,
        { campaign_id: ['The campaign id must match the one in the address.'] },
      ],
      [
        later,
        { action: 'clickthrough', impression_id: '00000000-0000-4000-8000-000000000000' },
        422,
        { impression_id: ['The impression id must be the id of a view of this campaign.'] },
      ],
      [later, [1, 2], 422, { _: ['Send the impression as a JSON object.'] }],
      [ended, { action: 'view' }, 409, 'This campaign has ended.'],
      [scheduled, { action: 'view' }, 404, 'Campaign not found.'],
      ['00000000-0000-4000-8000-000000000000', { action: 'view' }, 404, 'Campaign not found.'],
      ['not-an-id', { action: 'view' }, 404, 'Campaign not found.'],
    ];
    for (const [id, body, status, expected] of cases) {
      const response = await post(id, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (typeof expected === 'string') expect(response.json<Body>().message).toBe(expected);
      else expect(response.json<Body>().errors).toEqual(expected);
    }
    // Another brand's campaign is not found with this brand's key.
    expect((await post(later, { action: 'view' }, 'park')).status).toBe(404);
  });
});

describe('campaigns CLI', () => {
  it('adds, lists, ends and seeds (idempotently); bad input is a CommandError', async () => {
    const now = server.now();
    const added = await runCampaignCommand(
      server.db,
      [
        'add',
        '--brand',
        'council',
        '--title',
        'Winter timetable',
        '--text',
        'New times from Monday',
        '--url',
        'https://example.org/winter',
        '--button',
        'See times',
        '--appear-on',
        'journey-planner,journey-results',
        '--ends',
        at(7).toISOString(),
      ],
      { now },
    );
    expect(added[0]).toMatch(/^added [0-9a-f-]{36}\s+council\s+active/);
    const id = /^added ([0-9a-f-]{36})/.exec(added[0]!)![1]!;
    const visible = await server.call('GET', '/v1/campaign', { brand: 'council' });
    expect(campaignListAnswerSchema.parse(visible.json()).data[0]).toMatchObject({
      id,
      title: 'Winter timetable',
      url_button_text: 'See times',
      appear_on: ['journey-planner', 'journey-results'],
    });

    expect(
      (await runCampaignCommand(server.db, ['list', '--brand', 'council', '--active'], { now })).join('\n'),
    ).toContain('Winter timetable');
    expect((await runCampaignCommand(server.db, ['end', id], { now }))[0]).toMatch(/^ended .* ended /);
    expect(
      campaignListAnswerSchema.parse((await server.call('GET', '/v1/campaign', { brand: 'council' })).json()).data,
    ).toEqual([]);

    const first = await runCampaignCommand(server.db, ['seed', 'data/campaigns.seed.json'], { now, cwd: REPO_ROOT });
    expect(first).toHaveLength(6);
    expect(first.every((line) => line.startsWith('added ') && line.includes(' ended '))).toBe(true);
    const second = await runCampaignCommand(server.db, ['seed', path.join(REPO_ROOT, 'data/campaigns.seed.json')], {
      now,
    });
    expect(second.every((line) => line.startsWith('skipped'))).toBe(true);
    // The samples have ended: the app shows no made-up campaign.
    expect(
      campaignListAnswerSchema.parse((await server.call('GET', '/v1/campaign', { brand: 'regional' })).json()).data,
    ).toEqual([]);

    await expect(
      runCampaignCommand(server.db, [
        'add',
        '--brand',
        'nowhere',
        '--title',
        'x',
        '--text',
        'y',
        '--ends',
        '2030-01-01',
      ]),
    ).rejects.toThrow(/brand must be one of/);
    await expect(
      runCampaignCommand(server.db, [
        'add',
        '--brand',
        'park',
        '--title',
        'x',
        '--text',
        'y',
        '--url',
        'https://e.org',
        '--ends',
        '2030-01-01',
      ]),
    ).rejects.toThrow(/url_button_text is required/);
    await expect(
      runCampaignCommand(server.db, [
        'add',
        '--brand',
        'park',
        '--title',
        'x',
        '--text',
        'y',
        '--starts',
        '2030-02-01',
        '--ends',
        '2030-01-01',
      ]),
    ).rejects.toThrow(/end_at must be after/);
    await expect(runCampaignCommand(server.db, ['end', 'nope'])).rejects.toBeInstanceOf(CommandError);
    await expect(runCampaignCommand(server.db, ['frobnicate'])).rejects.toThrow(/unknown command/);
    await expect(runCampaignCommand(server.db, ['seed', '/nonexistent.json'])).rejects.toThrow(/cannot read/);
  });
});
