/** Searches and journeys stored the way the search pipeline will store them. */
import { eq } from 'drizzle-orm';
import { storeJourney, storeQuery } from '../../../src/server/searches/store';
import type { Database } from '../../../src/server/db/index';
import { users } from '../../../src/server/db/schema';

/** A SPEC section 3 Journey (the fields the saved list reads, plus a few more). */
export function journeyData(
  options: { withReturn?: boolean; cost?: string; stages?: unknown[] } = {},
): Record<string, unknown> {
  const leg = (date: string, at: string, arrive: string, text: string) => ({
    departure_date: date,
    departure_at: at,
    arrival_at: arrive,
    duration: { text, value: 3600 },
    wait_time: 5,
    distance: { text: '12 miles' },
    stages: options.stages ?? ['walk', 'bus', 'walk'],
    steps: [],
  });
  return {
    cost: options.cost ?? '£4.20',
    carbon_emission: 1.2,
    transport_mode: 'transit',
    duration: { value: 3600 },
    origin: { lat: 56.462, lng: -2.9707, name: 'Dundee' },
    destination: { lat: 56.3963, lng: -3.4375, name: 'Perth' },
    depart: leg('2026/07/01', '09:05', '10:05', '1 hour'),
    ...(options.withReturn ? { return: leg('2026/07/01', '17:30', '18:40', '1 hour 10 mins') } : {}),
  };
}

export async function userId(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function plannedSearch(
  db: Database,
  options: {
    brand?: string;
    userId?: string | null;
    journeys?: number;
    withReturn?: boolean;
    createdAt?: Date;
    origin?: string;
  } = {},
): Promise<{ hash: string; journeyIds: string[] }> {
  const { hash } = await storeQuery(db, {
    brand: options.brand ?? 'regional',
    userId: options.userId ?? null,
    form: {
      origin: { lat: 56.462, lng: -2.9707 },
      destination: { lat: 56.3963, lng: -3.4375 },
      out_time: '2026/07/01 09:00:00',
    },
    originAddress: options.origin ?? 'Dundee Railway Station, Dundee',
    destinationAddress: 'Perth Concert Hall, Perth',
    outDepartureAt: new Date('2026-07-01T08:00:00Z'),
    returnDepartureAt: options.withReturn ? new Date('2026-07-01T16:30:00Z') : null,
    createdAt: options.createdAt,
  });
  const journeyIds: string[] = [];
  for (let position = 0; position < (options.journeys ?? 2); position++) {
    journeyIds.push(
      (await storeJourney(db, { queryHash: hash, position, data: journeyData({ withReturn: options.withReturn }) })).id,
    );
  }
  return { hash, journeyIds };
}
