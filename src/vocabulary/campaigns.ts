/**
 * Campaign vocabulary (SPEC sections 3, 4 and 9): where a campaign may appear, what an impression
 * records, and when a stored impression is stale.
 */

/** Where a campaign pop-up may appear: Home, Results, Journey, Register or Account. */
export const CAMPAIGN_PLACES = ['journey-planner', 'journey-results', 'journey-details', 'account-register'] as const;
export type CampaignPlace = (typeof CAMPAIGN_PLACES)[number];

export const IMPRESSION_ACTIONS = ['view', 'clickthrough'] as const;
export type ImpressionAction = (typeof IMPRESSION_ACTIONS)[number];

/** SPEC section 9: the client asks for one campaign, soonest-ending first. */
export const CAMPAIGN_PAGE_SIZE = 1;

/** SPEC section 4: the client drops a stored impression one day after its expires_at. */
export const IMPRESSION_GRACE_MS = 24 * 60 * 60 * 1000;

export function impressionIsStale(expiresAt: string, now: Date = new Date()): boolean {
  return Date.parse(expiresAt) + IMPRESSION_GRACE_MS < now.getTime();
}
