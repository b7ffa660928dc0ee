/**
 * Campaign impressions kept on this device (SPEC section 7: "persisted locally"). Their ids
 * go with each campaign request, so a campaign once seen is not offered again; SPEC section
 * 4's expiry rule runs on them at start. localStorage: a few small records, read synchronously.
 */
import type { CampaignImpression } from '../../../contract/campaigns';
import { keepFreshImpressions, readableImpressions } from './rules';

export const IMPRESSIONS_KEY = 'drover.campaign-impressions';

function read(): unknown {
  try {
    return JSON.parse(localStorage.getItem(IMPRESSIONS_KEY) ?? '[]');
  } catch {
    return [];
  }
}

function write(impressions: CampaignImpression[]): void {
  try {
    localStorage.setItem(IMPRESSIONS_KEY, JSON.stringify(impressions));
  } catch {
    // No storage (private mode, quota): the campaign may simply be offered again next visit.
  }
}

/** At app start: keep only impressions within a day of their expires_at. */
export function pruneImpressions(now: Date = new Date()): CampaignImpression[] {
  const fresh = keepFreshImpressions(read(), now);
  write(fresh);
  return fresh;
}

export function storedImpressionIds(): string[] {
  return readableImpressions(read()).map((impression) => impression.id);
}

export function rememberImpression(impression: CampaignImpression): void {
  const others = readableImpressions(read()).filter((stored) => stored.id !== impression.id);
  write([...others, impression]);
}
