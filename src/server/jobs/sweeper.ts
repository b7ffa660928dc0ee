/**
 * Nothing accepted is lost (issue 22): a search the API answered 201 for is in the database
 * before it is queued, so whatever happens to the queue (Redis restarted without persistence)
 * or to its planner (kill -9 mid-plan), the database knows it is unfinished. The sweeper runs
 * at start and then every SEARCH_SWEEP_SECONDS, and queues again every search that is
 *  - pending for longer than a sweep and not in the queue (the queue lost it), or
 *  - running under a lease that has run out (its planner died).
 * runSearchJob's claim makes a second copy in the queue harmless, and a search whose planners
 * keep dying fails after MAX_SEARCH_ATTEMPTS, so the traveller is told either way.
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Brand } from '../../contract/brand';
import type { SearchForm } from '../../contract/search';
import type { Database } from '../db/index';
import { searchQueries } from '../db/schema';
import { planRequestForBrand } from '../searches/plan-request';
import { MAX_SEARCH_ATTEMPTS, PLANNING_FAILED, type SearchJobQueue } from './search-job';

/** SEARCH_SWEEP_SECONDS' default. */
export const SEARCH_SWEEP_MS = 15_000;
/** Searches looked at per sweep (the next sweep takes the rest). */
const BATCH = 200;

export interface SearchSweeperOptions {
  db: Database;
  queue: SearchJobQueue;
  /** The brand of a stored search's key: its request is rebuilt from the stored form as the route built it. */
  brandOf(key: string): Pick<Brand, 'blockedTravelTypes' | 'regions'> | undefined;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  intervalMs?: number;
  /**
   * At start, every running search's lease is over (embedded PGlite: one process owns the data,
   * so a running search found at start was cut off by a crash of this very server).
   */
  soleOwner?: boolean;
}

export class SearchSweeper {
  readonly #options: SearchSweeperOptions;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<number> | undefined;

  constructor(options: SearchSweeperOptions) {
    this.#options = options;
  }

  /** Sweeps now, then every intervalMs. */
  async start(): Promise<void> {
    const { db, soleOwner } = this.#options;
    if (soleOwner)
      await db
        .update(searchQueries)
        // In the past, not now(): PGlite's clock can read the same millisecond in the sweep below.
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(searchQueries.status, 'running'));
    await this.sweep();
    this.#timer = setInterval(() => void this.sweep(), this.#options.intervalMs ?? SEARCH_SWEEP_MS);
    this.#timer.unref();
  }

  /** Queues the searches that need it; how many it queued. Never throws (a failed sweep is logged; the next one tries again). */
  sweep(): Promise<number> {
    this.#sweeping ??= this.#sweepOnce()
      .catch((error: unknown) => {
        this.#options.log.error({ err: error }, 'search sweep failed');
        return 0;
      })
      .finally(() => (this.#sweeping = undefined));
    return this.#sweeping;
  }

  async #sweepOnce(): Promise<number> {
    const { db, queue, log } = this.#options;
    const graceMs = this.#options.intervalMs ?? SEARCH_SWEEP_MS;
    const pendingSince = sql`now() - ${graceMs} * interval '1 millisecond'`;
    const rows = await db
      .select({
        hash: searchQueries.hash,
        brand: searchQueries.brand,
        form: searchQueries.form,
        createdAt: searchQueries.createdAt,
        attempts: searchQueries.attempts,
      })
      .from(searchQueries)
      .where(
        and(
          inArray(searchQueries.status, ['pending', 'running']),
          or(
            and(eq(searchQueries.status, 'pending'), lt(searchQueries.updatedAt, pendingSince)),
            and(eq(searchQueries.status, 'running'), lt(searchQueries.leaseUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(searchQueries.createdAt))
      .limit(BATCH);
    let queued = 0;
    for (const row of rows) {
      if (row.attempts >= MAX_SEARCH_ATTEMPTS) {
        // Its planners died every time: tell the traveller instead of trying for ever.
        await db
          .update(searchQueries)
          .set({ status: 'failed', failure: PLANNING_FAILED, leaseUntil: null, updatedAt: new Date() })
          .where(and(eq(searchQueries.hash, row.hash), inArray(searchQueries.status, ['pending', 'running'])));
        log.error({ hash: row.hash, attempts: row.attempts }, 'search failed: its planners kept stopping');
        continue;
      }
      if (await queue.has?.(row.hash)) continue;
      // A brand removed since the search was made: planned as for no brand (nothing blocked, any region).
      const brand = this.#options.brandOf(row.brand) ?? { blockedTravelTypes: [] };
      const request = planRequestForBrand(row.form as unknown as SearchForm, brand);
      await queue.enqueue({ hash: row.hash, request, now: row.createdAt.getTime() });
      // Not again for another sweep, unless it is still (or again) unfinished by then.
      await db
        .update(searchQueries)
        .set({ updatedAt: new Date() })
        .where(and(eq(searchQueries.hash, row.hash), eq(searchQueries.status, 'pending')));
      queued++;
    }
    if (queued > 0) log.info({ queued }, 'search sweep queued unfinished searches again');
    return queued;
  }

  /** Stops sweeping; waits for a sweep under way. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping;
  }
}
