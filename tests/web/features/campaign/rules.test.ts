/** The campaign pop-up's rules (SPEC sections 4, 7 and 9): places, the query, the one-campaign rule and the impressions' expiry. */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../../src/contract/campaigns';
import {
  campaignPlaceFor,
  campaignQuery,
  chooseCampaign,
  keepFreshImpressions,
  readableImpressions,
} from '../../../../src/web/features/campaign/rules';

const campaign = (id: string, appear_on: Campaign['appear_on'] = ['journey-planner']): Campaign => ({
  id,
  title: 'Bus week',
  text: 'Try the bus.',
  url: null,
  url_button_text: null,
  appear_on,
  end_at: '2026-12-01T00:00:00.000Z',
  thumbnail: null,
});
/** A UUID whose last group spells the test's name for the impression. */
const uuid = (name: string) =>
  `00000000-0000-4000-8000-${[...name]
    .reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7)
    .toString(16)
    .padStart(12, '0')
    .slice(-12)}`;
const impression = (name: string, expires_at: string) => ({
  id: uuid(name),
  campaign_id: 'c1',
  action: 'view',
  impression_id: null,
  expires_at,
});

describe('campaignPlaceFor', () => {
  it('maps the SPEC route names to appear_on: Home, Results, Journey, and Register or Account', () => {
    expect(['Home', 'Results', 'Journey', 'Register', 'Account'].map(campaignPlaceFor)).toEqual([
      'journey-planner',
      'journey-results',
      'journey-details',
      'account-register',
      'account-register',
    ]);
  });
  it('offers nothing on other screens', () => {
    for (const name of ['Login', 'Edit', 'Searches', 'TermsConditions', undefined, ''])
      expect(campaignPlaceFor(name)).toBeNull();
  });
});

describe('campaignQuery', () => {
  it('asks for one campaign by end_at ascending, with the held impression ids comma-separated', () => {
    expect(campaignQuery('journey-results', ['a', 'b'])).toEqual({
      order_by: 'end_at',
      order: 'asc',
      per_page: 1,
      impression_ids: 'a,b',
      appear_on: 'journey-results',
    });
    expect(campaignQuery('journey-planner', [])).not.toHaveProperty('impression_ids');
  });
});

describe('chooseCampaign', () => {
  it('uses the campaign only when exactly one is returned', () => {
    expect(chooseCampaign({ data: [campaign('c1')] }, 'journey-planner')?.id).toBe('c1');
    expect(chooseCampaign({ data: [] }, 'journey-planner')).toBeNull();
    expect(chooseCampaign({ data: [campaign('c1'), campaign('c2')] }, 'journey-planner')).toBeNull();
    expect(chooseCampaign(null, 'journey-planner')).toBeNull();
    expect(chooseCampaign({}, 'journey-planner')).toBeNull();
  });
  it('and only where its appear_on fits the screen', () => {
    expect(chooseCampaign({ data: [campaign('c1', ['journey-details'])] }, 'journey-planner')).toBeNull();
  });
});

describe('stored impressions', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('keeps an impression until one day after its expires_at, then drops it', () => {
    const kept = keepFreshImpressions(
      [
        impression('future', '2026-12-01T00:00:00Z'),
        impression('expired-23h', '2026-11-22T13:00:00Z'),
        impression('expired-exactly-a-day', '2026-11-22T12:00:00Z'),
        impression('expired-25h', '2026-11-22T11:00:00Z'),
      ],
      now,
    );
    expect(kept.map((item) => item.id)).toEqual(['future', 'expired-23h', 'expired-exactly-a-day'].map(uuid));
  });
  it('ignores what storage holds that is not an impression', () => {
    expect(readableImpressions('not a list')).toEqual([]);
    const junk = [
      null,
      3,
      { id: 7 },
      { id: uuid('x') },
      { id: uuid('y'), expires_at: 'never' },
      { id: 'not-a-uuid', expires_at: '2026-12-01T00:00:00Z' },
    ];
    expect(readableImpressions([...junk, impression('ok', '2026-12-01T00:00:00Z')]).map((item) => item.id)).toEqual([
      uuid('ok'),
    ]);
  });
});
