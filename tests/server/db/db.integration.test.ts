import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, schema, type DatabaseHandle } from '../../../src/server/db/index';
import { createPostgresDatabase } from '../helpers/app-server';

const TABLES = [
  'access_tokens',
  'campaign_impressions',
  'campaigns',
  'journey_views',
  'journeys',
  'mail_outbox',
  'one_time_codes',
  'saved_journeys',
  'search_queries',
  'users',
];

async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The schema works end to end: tables, defaults, constraints and cascades. */
async function exerciseSchema(database: DatabaseHandle) {
  const tables = await rows<{ table_name: string }>(
    database,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  // Sorted here: the server's collation may order '_' differently.
  expect(tables.map((row) => row.table_name).sort()).toEqual([...TABLES].sort());

  const { db } = database;
  const [user] = await db
    .insert(schema.users)
    .values({
      email: 'ann@example.scot',
      passwordHash: 'x',
      brand: 'regional',
      firstName: 'Ann',
      lastName: 'Bell',
      dob: '1990-02-03',
    })
    .returning();
  expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(user?.profile).toEqual({});
  expect(user?.dob).toBe('1990-02-03');
  // E-mail is unique whatever its case.
  await expect(
    db
      .insert(schema.users)
      .values({ email: 'ANN@example.scot', passwordHash: 'y', brand: 'regional', firstName: 'A', lastName: 'B' }),
  ).rejects.toThrow();

  await db.insert(schema.searchQueries).values({
    hash: 'h1',
    brand: 'regional',
    userId: user!.id,
    form: { origin: 'Dundee' },
    originAddress: 'Dundee',
    destinationAddress: 'Perth',
    outDepartureAt: new Date('2026-01-01T09:00:00Z'),
  });
  const [journey] = await db
    .insert(schema.journeys)
    .values({ queryHash: 'h1', position: 0, data: { cost: 'free' } })
    .returning();
  await db.insert(schema.savedJourneys).values({ userId: user!.id, journeyId: journey!.id });
  await expect(db.insert(schema.savedJourneys).values({ userId: user!.id, journeyId: journey!.id })).rejects.toThrow();
  await expect(
    db.insert(schema.searchQueries).values({
      hash: 'h2',
      brand: 'regional',
      form: {},
      originAddress: 'a',
      destinationAddress: 'b',
      outDepartureAt: new Date(),
      status: 'bogus' as 'done',
    }),
  ).rejects.toThrow();

  const [campaign] = await db
    .insert(schema.campaigns)
    .values({
      brand: 'regional',
      title: 'T',
      text: 'x',
      appearOn: ['journey-planner'],
      endAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  await expect(
    db.insert(schema.campaigns).values({
      brand: 'regional',
      title: 'T',
      text: 'x',
      appearOn: ['nowhere' as 'journey-planner'],
      endAt: new Date(Date.now() + 86_400_000),
    }),
  ).rejects.toThrow();
  const [view] = await db
    .insert(schema.campaignImpressions)
    .values({ campaignId: campaign!.id, action: 'view', expiresAt: new Date() })
    .returning();
  await db
    .insert(schema.campaignImpressions)
    .values({ campaignId: campaign!.id, action: 'clickthrough', impressionId: view!.id, expiresAt: new Date() });

  // Deleting the user takes tokens, searches, journeys and saved journeys with it.
  await db.delete(schema.users).where(eq(schema.users.id, user!.id));
  expect(await db.select().from(schema.savedJourneys)).toEqual([]);
  expect(await db.select().from(schema.journeys)).toEqual([]);
  await database.ping();
}

describe('migrations on PGlite', () => {
  it('apply to a fresh data folder, survive a reopen and build a working schema', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-data-'));
    try {
      const first = await openDatabase({ databaseUrl: undefined, dataDir });
      expect(first.kind).toBe('pglite');
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await exerciseSchema(first);
      await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(/already open/);
      await first.close();

      // Reopening runs the migrator again: nothing pending, nothing lost.
      const second = await openDatabase({ databaseUrl: undefined, dataDir });
      const applied = await rows<{ count: number }>(
        second,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.count).toBeGreaterThan(0);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // two PGlite starts, one of them a fresh initdb: tens of seconds on a busy machine
});

describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL (DATABASE_URL)', () => {
  it('apply to a fresh database, twice, and build a working schema', async () => {
    const temp = await createPostgresDatabase(process.env.DATABASE_URL!);
    try {
      const first = await openDatabase({ databaseUrl: temp.url, dataDir: os.tmpdir() });
      expect(first.kind).toBe('postgres');
      await exerciseSchema(first);
      await first.close();
      // Two instances starting at once: the advisory lock keeps the migrator serial.
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: temp.url, dataDir: os.tmpdir() }),
        openDatabase({ databaseUrl: temp.url, dataDir: os.tmpdir() }),
      ]);
      await a.ping();
      await b.ping();
      await Promise.all([a.close(), b.close()]);
    } finally {
      await temp.drop();
    }
  });
});
