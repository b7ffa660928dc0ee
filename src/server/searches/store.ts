/**
 * Writing and reading searches and their journeys. The search pipeline (POST
 * /v1/journey-planner/search and its job) stores through storeQuery/storeJourney; the
 * journey routes and tests use the same functions.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/index';
import { journeys, searchQueries, type TravellerPrices } from '../db/schema';

export interface NewSearchQuery {
  brand: string;
  /** Null for anonymous visitors. */
  userId?: string | null;
  /** The validated search form, profile passes merged in. */
  form: Record<string, unknown>;
  originAddress: string;
  destinationAddress: string;
  outDepartureAt: Date;
  returnDepartureAt?: Date | null;
  /** Defaults to a fresh random hash. */
  hash?: string;
  /** SHA-256 of the owner key the traveller was given (searches/owner.ts). */
  ownerKeyHash?: string | null;
  createdAt?: Date;
}

/** 128 random bits, hex: unguessable, and safe in URLs and Pusher channel names. */
export function newQueryHash(): string {
  return randomBytes(16).toString('hex');
}

export async function storeQuery(db: Database, query: NewSearchQuery): Promise<{ hash: string }> {
  const hash = query.hash ?? newQueryHash();
  const createdAt = query.createdAt ?? new Date();
  await db.insert(searchQueries).values({
    hash,
    brand: query.brand,
    userId: query.userId ?? null,
    form: query.form,
    originAddress: query.originAddress,
    destinationAddress: query.destinationAddress,
    outDepartureAt: query.outDepartureAt,
    returnDepartureAt: query.returnDepartureAt ?? null,
    ownerKeyHash: query.ownerKeyHash ?? null,
    createdAt,
    updatedAt: createdAt,
  });
  return { hash };
}

/**
 * Stores one planned journey (SPEC Journey shape) of a search, in the planner's order; `id` when
 * the caller made it (so data.id can match). `data` is the journey as anyone sees it;
 * `travellerPrices` the traveller's own prices when their passes changed one.
 */
export async function storeJourney(
  db: Database,
  journey: {
    queryHash: string;
    position: number;
    data: Record<string, unknown>;
    travellerPrices?: TravellerPrices | null;
    id?: string;
  },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(journeys)
    .values({
      ...(journey.id ? { id: journey.id } : {}),
      queryHash: journey.queryHash,
      position: journey.position,
      data: journey.data,
      travellerPrices: journey.travellerPrices ?? null,
    })
    .returning({ id: journeys.id });
  if (!row) throw new Error('journey insert returned nothing');
  return row;
}

/** A journey with its search, if it exists for this brand (journeys of other brands are not found). */
export async function findJourneyForBrand(db: Database, journeyId: string, brand: string) {
  const [row] = await db
    .select({ journey: journeys, query: searchQueries })
    .from(journeys)
    .innerJoin(searchQueries, eq(searchQueries.hash, journeys.queryHash))
    .where(and(eq(journeys.id, journeyId), eq(searchQueries.brand, brand)))
    .limit(1);
  return row;
}
