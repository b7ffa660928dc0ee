/**
 * Migration 0005 (issue 33): journeys stored before it were priced with their traveller's passes
 * and shown so to anyone with the search's URL. Their prices move to traveller_prices (the owner
 * still reads them); everyone else reads them as unknown. Searches without passes keep theirs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, schema } from '../../../../src/server/db/index';
import { withTravellerPrices } from '../../../../src/server/searches/present';
import { openTestDatabase } from '../../helpers/app-server';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const leg = (costs: string[]) => ({
  departure_date: '2026-12-01',
  steps: costs.map((cost, i) => ({ type: i % 2 ? 'train' : 'walk', cost, description: `step ${i}` })),
});
/** A journey as stored before the migration: priced for its traveller. */
const legacy = {
  cost: '£14.94',
  pricing_breakdown: [
    { description: 'ScotRail - Anytime Return with your railcard: 1/3 off (full fare £22.40)', cost: '£14.94' },
  ],
  tags: ['fastest', 'cheapest'],
  depart: leg(['free', '£14.94', 'free']),
  return: leg(['free', '£0.00']),
};

async function store(hash: string, form: Record<string, unknown>): Promise<string> {
  const { db } = database.database;
  await db.insert(schema.searchQueries).values({
    hash,
    brand: 'regional',
    form,
    originAddress: 'Dundee',
    destinationAddress: 'Perth',
    outDepartureAt: new Date(),
  });
  const [row] = await db
    .insert(schema.journeys)
    .values({ queryHash: hash, position: 0, data: legacy })
    .returning({ id: schema.journeys.id });
  return row!.id;
}

it("moves the prices of journeys planned with passes to the owner's side, and leaves the others", async () => {
  const withPasses = await store('a'.repeat(32), { has_railcard: true, railcard_type: 'Disabled Persons Railcard' });
  const withPass = await store('c'.repeat(32), { has_concessionary_pass: true, railcard_type: null });
  const without = await store('b'.repeat(32), { has_railcard: false, railcard_type: null });
  const statements = fs
    .readFileSync(path.join(MIGRATIONS_DIR, '0005_prices_for_the_traveller.sql'), 'utf8')
    .split('--> statement-breakpoint');
  // The columns exist (the migration ran at open, on an empty table); its data step runs now.
  await database.database.db.execute(sql.raw(statements.at(-1)!));
  const read = async (id: string) =>
    (await database.database.db.select().from(schema.journeys).where(eq(schema.journeys.id, id)))[0]!;

  for (const id of [withPasses, withPass]) {
    const row = await read(id);
    expect(JSON.stringify(row.data)).not.toMatch(/railcard|£/);
    expect(row.data).toMatchObject({ cost: 'unknown', tags: ['fastest'] });
    expect((row.data.depart as { steps: Array<{ cost: string; description: string }> }).steps).toEqual([
      { type: 'walk', cost: 'unknown', description: 'step 0' },
      { type: 'train', cost: 'unknown', description: 'step 1' },
      { type: 'walk', cost: 'unknown', description: 'step 2' },
    ]);
    expect(row.travellerPrices).toEqual({
      cost: '£14.94',
      pricing_breakdown: legacy.pricing_breakdown,
      step_costs: [
        ['free', '£14.94', 'free'],
        ['free', '£0.00'],
      ],
      tags: ['fastest', 'cheapest'],
    });
    // The owner reads exactly what was stored before.
    expect(withTravellerPrices(row.data, row.travellerPrices)).toEqual(legacy);
  }
  const untouched = await read(without);
  expect(untouched.data).toEqual(legacy);
  expect(untouched.travellerPrices).toBeNull();
});
