/**
 * The campaign pop-up's rules (SPEC sections 4 and 9), pure so they are tested alone:
 * which place a screen is, which answer counts, and which stored impressions are kept.
 */
import { impressionIsStale, type CampaignPlace } from '../../../vocabulary/index';
import type { Campaign, CampaignImpression } from '../../../contract/campaigns';

/** SPEC section 9's appear_on values by route name (SPEC section 2's names). */
const PLACE_OF_ROUTE: Record<string, CampaignPlace> = {
  Home: 'journey-planner',
  Results: 'journey-results',
  Journey: 'journey-details',
  Register: 'account-register',
  Account: 'account-register',
};

export function campaignPlaceFor(routeName: string | undefined): CampaignPlace | null {
  return (routeName && PLACE_OF_ROUTE[routeName]) || null;
}

/** The query of SPEC section 7: one campaign, soonest-ending first, none the traveller has an impression of. */
export function campaignQuery(place: CampaignPlace, impressionIds: string[]): Record<string, string | number> {
  return {
    order_by: 'end_at',
    order: 'asc',
    per_page: 1,
    // The API takes one comma-separated value as well as repeated keys.
    ...(impressionIds.length ? { impression_ids: impressionIds.join(',') } : {}),
    appear_on: place,
  };
}

/** SPEC section 4: the campaign is used only if exactly one is returned, and only where its appear_on fits. */
export function chooseCampaign(
  answer: { data?: Campaign[] } | null | undefined,
  place: CampaignPlace,
): Campaign | null {
  const list = answer?.data;
  if (!Array.isArray(list) || list.length !== 1) return null;
  const [campaign] = list;
  return campaign && campaign.appear_on.includes(place) ? campaign : null;
}

/** The API's impression ids; anything else in the list would make it refuse the request. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored records that look like impressions (storage is the user's to tamper with). */
export function readableImpressions(stored: unknown): CampaignImpression[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (item): item is CampaignImpression =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      UUID.test(item.id) &&
      typeof item.expires_at === 'string' &&
      !Number.isNaN(Date.parse(item.expires_at)),
  );
}

/** SPEC sections 4 and 9: at start, stored impressions whose expires_at plus one day is past are dropped. */
export function keepFreshImpressions(stored: unknown, now: Date = new Date()): CampaignImpression[] {
  return readableImpressions(stored).filter((impression) => !impressionIsStale(impression.expires_at, now));
}
