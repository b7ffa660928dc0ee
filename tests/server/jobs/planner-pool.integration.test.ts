/**
 * The planner threads when things go wrong: a region that cannot be loaded fails every job with
 * a clear message (no respawn loop), and the search job records the failure and emits nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeQuery } from '../../../src/server/searches/store';
import { searchQueries } from '../../../src/server/db/schema';
import { PlanFailedError } from '../../../src/server/jobs/plan-failure';
import { PlannerPool } from '../../../src/server/jobs/planner-pool';
import { PLANNING_FAILED, runSearchJob } from '../../../src/server/jobs/search-job';
import type { DatabaseHandle } from '../../../src/server/db/index';
import { openTestDatabase } from '../helpers/app-server';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(async () => {
  await dispose?.();
});

const request = {
  origin: { label: 'Dundee', lat: 56.4566, lng: -2.9713 },
  destination: { label: 'Perth', lat: 56.3952, lng: -3.4374 },
  out_time: '2030-01-07T08:00',
};

describe('PlannerPool', () => {
  it('a region that cannot be loaded fails ready() and every job, saying why', async () => {
    const errors: string[] = [];
    const pool = new PlannerPool({
      manifests: ['/nonexistent/region.json'],
      size: 2,
      log: { error: (_details, message) => errors.push(message) },
    });
    try {
      await expect(pool.ready()).rejects.toThrow(/could not load its region data/);
      const failure = await pool.run(request, new Date()).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PlanFailedError);
      expect((failure as PlanFailedError).failure).toMatchObject({
        kind: 'internal',
        message: expect.stringMatching(/could not load its region data/),
      });
      expect(errors).toContain('planner unavailable');
    } finally {
      await pool.close();
    }
    await expect(pool.run(request, new Date())).rejects.toThrow(/stopped/);
  }, 60_000);

  it('a search whose planning fails records the failure on its query and emits nothing', async () => {
    const pool = new PlannerPool({ manifests: ['/nonexistent/region.json'], log: { error: () => {} } });
    const published: unknown[] = [];
    const logged: string[] = [];
    try {
      const { hash } = await storeQuery(database.db, {
        brand: 'regional',
        form: {},
        originAddress: 'Dundee',
        destinationAddress: 'Perth',
        outDepartureAt: new Date('2030-01-07T08:00:00Z'),
      });
      await runSearchJob(
        {
          db: database.db,
          publish: (...event) => published.push(event),
          plan: (r, now) => pool.run(r, now),
          log: { error: (_d, message) => logged.push(message) },
        },
        { hash, request, now: Date.now() },
      );
      const [row] = await database.db.select().from(searchQueries).where(eq(searchQueries.hash, hash));
      expect(row).toMatchObject({ status: 'failed', failure: PLANNING_FAILED, resultsRetrieved: null });
      expect(published).toEqual([]);
      expect(logged).toEqual(['search planning failed']);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
