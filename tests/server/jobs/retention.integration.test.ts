/**
 * Issue 33 (7): searches made without an account are deleted after the period the privacy page
 * states (30 days), with their journeys; an account's searches stay, and so does an anonymous
 * search one of whose journeys someone saved.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFormSchema } from '../../../src/contract/search';
import type { DatabaseHandle } from '../../../src/server/db/index';
import { journeys, savedJourneys, searchQueries, users } from '../../../src/server/db/schema';
import { deleteExpiredSearches, SEARCH_RETENTION_DAYS } from '../../../src/server/jobs/retention';
import { storeJourney, storeQuery } from '../../../src/server/searches/store';
import { openTestDatabase } from '../helpers/app-server';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose?.();
});

const FORM = searchFormSchema(() => new Date('2030-06-01T00:00:00Z')).parse({
  origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: '2030/06/03 09:00:00',
});
const DAY = 24 * 60 * 60 * 1000;

async function search(daysAgo: number, userId: string | null = null): Promise<string> {
  const { hash } = await storeQuery(database.db, {
    brand: 'regional',
    form: FORM,
    originAddress: 'Dundee',
    destinationAddress: 'Perth',
    outDepartureAt: new Date('2030-06-03T08:00:00Z'),
    ...(userId ? { userId } : {}),
  });
  await database.db
    .update(searchQueries)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY), userId })
    .where(eq(searchQueries.hash, hash));
  await storeJourney(database.db, { queryHash: hash, position: 0, data: { transport_mode: 'walk' } });
  return hash;
}

describe('retention', () => {
  it(`deletes anonymous searches and their journeys after ${SEARCH_RETENTION_DAYS} days, and nothing else`, async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'keep@example.org', passwordHash: 'x', brand: 'regional', firstName: 'K', lastName: 'M' })
      .returning();
    const old = await search(SEARCH_RETENTION_DAYS + 1);
    const recent = await search(SEARCH_RETENTION_DAYS - 1);
    const accounts = await search(SEARCH_RETENTION_DAYS + 5, user!.id);
    const saved = await search(SEARCH_RETENTION_DAYS + 2);
    const [journey] = await database.db.select().from(journeys).where(eq(journeys.queryHash, saved));
    await database.db.insert(savedJourneys).values({ userId: user!.id, journeyId: journey!.id });

    expect(await deleteExpiredSearches(database.db, new Date())).toBe(1);
    const left = new Set((await database.db.select().from(searchQueries)).map((row) => row.hash));
    expect(left.has(old)).toBe(false);
    expect([recent, accounts, saved].every((hash) => left.has(hash))).toBe(true);
    expect(await database.db.select().from(journeys).where(eq(journeys.queryHash, old))).toEqual([]);
  });
});
