/**
 * Issue 22 (1): an accepted search is never left pending or running for good. The sweeper queues
 * again what the queue lost and what a dead planner held (its lease ran out); the claim keeps a
 * search from being planned twice, or late after it was answered 503 and marked failed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFormSchema } from '../../../src/contract/search';
import { storeQuery } from '../../../src/server/searches/store';
import { searchQueries } from '../../../src/server/db/schema';
import {
  InProcessSearchJobs,
  MAX_SEARCH_ATTEMPTS,
  PLANNING_FAILED,
  runSearchJob,
  type SearchJob,
  type SearchJobDeps,
} from '../../../src/server/jobs/search-job';
import { SearchSweeper } from '../../../src/server/jobs/sweeper';
import { planRequestForBrand } from '../../../src/server/searches/plan-request';
import { loadBrands } from '../../../src/server/brands/load';
import { REPO_ROOT } from '../../../src/planner/node';
import path from 'node:path';
import type { Journey } from '../../../src/planner/journey/types';
import { openTestDatabase } from '../helpers/app-server';
import type { DatabaseHandle } from '../../../src/server/db/index';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let planned: string[];
let deps: SearchJobDeps;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  planned = [];
  const journey = { transport_mode: 'walk', cost: 'free' } as unknown as Journey;
  deps = {
    db: database.db,
    publish: () => {},
    plan: async (request) => {
      planned.push(request.origin.label);
      return [journey, journey];
    },
    log: { error: () => {} },
    leaseMs: 60_000,
  };
});
afterAll(async () => {
  await dispose?.();
});

// The stored form as the API stores it: the contract fills in the defaults.
const FORM = searchFormSchema(() => new Date('2030-06-01T00:00:00Z')).parse({
  origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: '2030/06/03 09:00:00',
});

async function search(label: string, set: Partial<typeof searchQueries.$inferInsert> = {}): Promise<string> {
  const { hash } = await storeQuery(database.db, {
    brand: 'regional',
    form: { ...FORM, origin: { ...FORM.origin, label } },
    originAddress: label,
    destinationAddress: 'Perth',
    outDepartureAt: new Date('2030-06-03T08:00:00Z'),
  });
  await database.db
    .update(searchQueries)
    .set({ updatedAt: new Date(Date.now() - 60_000), ...set })
    .where(eq(searchQueries.hash, hash));
  return hash;
}
const row = async (hash: string) =>
  (await database.db.select().from(searchQueries).where(eq(searchQueries.hash, hash)))[0]!;

describe('the sweeper', () => {
  it('queues again what the queue lost and what a dead planner held, leaves live claims and fresh searches alone', async () => {
    const lost = await search('lost');
    const dead = await search('dead', {
      status: 'running',
      attempts: 1,
      leaseUntil: sql`now() - interval '1 second'` as never,
    });
    const live = await search('live', {
      status: 'running',
      attempts: 1,
      leaseUntil: sql`now() + interval '1 minute'` as never,
    });
    const fresh = await search('fresh', { updatedAt: new Date() });
    const hopeless = await search('hopeless', {
      status: 'running',
      attempts: MAX_SEARCH_ATTEMPTS,
      leaseUntil: sql`now() - interval '1 second'` as never,
    });
    const jobs = new InProcessSearchJobs(deps);
    const sweeper = new SearchSweeper({
      db: database.db,
      queue: jobs,
      brandOf: () => undefined,
      log: { info: () => {}, error: () => {} },
      intervalMs: 10_000,
    });
    expect(await sweeper.sweep()).toBe(2);
    await jobs.idle();
    expect(planned.sort()).toEqual(['dead', 'lost']);
    for (const hash of [lost, dead])
      expect(await row(hash)).toMatchObject({ status: 'done', resultsRetrieved: 2, leaseUntil: null });
    expect(await row(live)).toMatchObject({ status: 'running' });
    expect(await row(fresh)).toMatchObject({ status: 'pending' });
    expect(await row(hopeless)).toMatchObject({ status: 'failed', failure: PLANNING_FAILED });
    expect(await sweeper.sweep()).toBe(0);
  });

  it("re-plans a search with its own brand's request: a council search stays on the council's region", async () => {
    // Issue 26: the sweeper rebuilt the request without the brand's regions, so a council search
    // re-queued after a crash was planned on any region.
    const registry = loadBrands(path.join(REPO_ROOT, 'brands'));
    const council = registry.brands.get('council')!;
    const hash = await search('council search');
    await database.db.update(searchQueries).set({ brand: 'council' }).where(eq(searchQueries.hash, hash));
    const queued: SearchJob[] = [];
    const sweeper = new SearchSweeper({
      db: database.db,
      queue: { enqueue: async (job) => void queued.push(job), close: async () => {} },
      brandOf: (key) => registry.brands.get(key as never),
      log: { info: () => {}, error: () => {} },
      intervalMs: 10_000,
    });
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    const job = queued.find((each) => each.hash === hash)!;
    expect(council.regions?.length).toBeGreaterThan(0);
    expect(job.request.regions).toEqual(council.regions);
    expect(job.request.blocked_travel_types).toEqual(council.blockedTravelTypes);
    // The same request the search route builds for that brand and form.
    expect(job.request).toEqual(planRequestForBrand((await row(hash)).form as never, council));
    await database.db.update(searchQueries).set({ status: 'done' }).where(eq(searchQueries.hash, hash));
  });

  it('at the start of the sole owner (PGlite), a running search cut off by a crash is planned again at once', async () => {
    const cut = await search('cut', {
      status: 'running',
      attempts: 1,
      leaseUntil: sql`now() + interval '1 minute'` as never,
    });
    const jobs = new InProcessSearchJobs(deps);
    const sweeper = new SearchSweeper({
      db: database.db,
      queue: jobs,
      brandOf: () => undefined,
      log: { info: () => {}, error: () => {} },
      soleOwner: true,
    });
    await sweeper.start();
    await sweeper.stop();
    await jobs.idle();
    expect(await row(cut)).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('the claim', () => {
  it('plans a search once however often it is queued, and re-announces what a dead planner stored', async () => {
    const hash = await search('twice');
    planned = [];
    await Promise.all([
      runSearchJob(deps, { hash, request: { origin: { label: 'twice' } } as never, now: Date.now() }),
      runSearchJob(deps, { hash, request: { origin: { label: 'twice' } } as never, now: Date.now() }),
    ]);
    expect(planned).toEqual(['twice']);
    expect(await row(hash)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('never plans a search that was answered 503 and marked failed, even when the queue delivers it late', async () => {
    const hash = await search('late', {
      status: 'failed',
      failure: 'Journey planning is not available right now. Please try again later.',
    });
    planned = [];
    await runSearchJob(deps, { hash, request: { origin: { label: 'late' } } as never, now: Date.now() });
    expect(planned).toEqual([]);
    expect(await row(hash)).toMatchObject({ status: 'failed', resultsRetrieved: null });
  });
});
