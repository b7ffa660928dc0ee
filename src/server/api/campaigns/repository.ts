/**
 * Campaigns and impressions. Shared by the API (active campaigns of the calling brand) and
 * the CLI (add, list, end, seed): there is no admin role in the SPEC.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { CampaignPlace } from '../../../vocabulary/index';
import type { Campaign, CampaignImpression } from '../../../contract/campaigns';
import type { Database } from '../../db/index';
import { campaignImpressions, campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
type ImpressionRow = typeof campaignImpressions.$inferSelect;

export function presentCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    url: row.url,
    url_button_text: row.urlButtonText,
    // The column's CHECK keeps it to CAMPAIGN_PLACES.
    appear_on: row.appearOn as CampaignPlace[],
    end_at: row.endAt.toISOString(),
    thumbnail: row.thumbnailUrl ? { cover_url: row.thumbnailUrl } : null,
  };
}

export function presentImpression(row: ImpressionRow): CampaignImpression {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    action: row.action,
    impression_id: row.impressionId,
    expires_at: row.expiresAt.toISOString(),
  };
}

export interface ActiveCampaignQuery {
  brand: string;
  now: Date;
  order: 'asc' | 'desc';
  perPage: number;
  page: number;
  /** Impressions the client holds: their campaigns are left out. */
  impressionIds: string[];
  appearOn?: CampaignPlace;
}

/** Active (starts_at <= now < end_at) campaigns of a brand, by end_at. */
export async function activeCampaigns(
  db: Database,
  query: ActiveCampaignQuery,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const seen = query.impressionIds.length
    ? db
        .select({ id: campaignImpressions.campaignId })
        .from(campaignImpressions)
        .where(inArray(campaignImpressions.id, query.impressionIds))
    : undefined;
  const where = and(
    eq(campaigns.brand, query.brand),
    lte(campaigns.startsAt, query.now),
    gt(campaigns.endAt, query.now),
    query.appearOn ? sql`${query.appearOn} = any(${campaigns.appearOn})` : undefined,
    seen ? notInArray(campaigns.id, seen) : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(campaigns).where(where);
  const order = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(order(campaigns.endAt), order(campaigns.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findCampaign(db: Database, id: string, brand?: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), brand ? eq(campaigns.brand, brand) : undefined))
    .limit(1);
  return row;
}

export async function findImpression(db: Database, id: string): Promise<ImpressionRow | undefined> {
  const [row] = await db.select().from(campaignImpressions).where(eq(campaignImpressions.id, id)).limit(1);
  return row;
}

export async function recordImpression(
  db: Database,
  values: typeof campaignImpressions.$inferInsert,
): Promise<ImpressionRow> {
  const [row] = await db.insert(campaignImpressions).values(values).returning();
  if (!row) throw new Error('impression insert returned nothing');
  return row;
}

export async function insertCampaign(db: Database, values: NewCampaign): Promise<CampaignRow> {
  const [row] = await db.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
}

export async function listCampaigns(db: Database, brand?: string): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(brand ? eq(campaigns.brand, brand) : undefined)
    .orderBy(asc(campaigns.brand), asc(campaigns.endAt));
}

/** Ends a campaign now; one that has not started yet is moved to a one-millisecond past window. */
export async function endCampaign(db: Database, id: string, now: Date): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({
      endAt: sql`least(${campaigns.endAt}, ${now.toISOString()}::timestamptz)`,
      startsAt: sql`least(${campaigns.startsAt}, ${now.toISOString()}::timestamptz - interval '1 millisecond')`,
    })
    .where(eq(campaigns.id, id))
    .returning();
  return row;
}

/** For the seed: the same brand, title and start already stored means the entry is in. */
export async function campaignExists(db: Database, brand: string, title: string, startsAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.brand, brand), eq(campaigns.title, title), eq(campaigns.startsAt, startsAt)))
    .limit(1);
  return row !== undefined;
}
