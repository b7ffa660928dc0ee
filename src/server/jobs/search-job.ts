/**
 * The search job (ARCHITECTURE.md "A search, end to end", step 3): plan, record how many
 * journeys there are and say so on `query.{hash}`, then store each journey and announce it.
 * The same function runs in the server (in-process jobs, planning on worker threads) and in
 * `npm run worker` (BullMQ jobs); only where planning happens and how events travel differ.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED, searchChannel } from '../../vocabulary/index';
import { journeyForAnyone, pricesOf, type PlanRequest, type Journey } from '../../planner/index';
import { storeJourney } from '../searches/store';
import type { Database } from '../db/index';
import { journeys as journeysTable, searchQueries } from '../db/schema';
import { plannerTime, searchesFinished } from '../http/metrics';
import { PlanFailedError, planFailure } from './plan-failure';
import type { RegionCoverage } from './planner-pool';

export interface SearchJob {
  hash: string;
  request: PlanRequest;
  /** When the search was made (epoch ms): the planner's clock for its date limits. */
  now: number;
}

export interface SearchJobDeps {
  db: Database;
  publish(channel: string, event: string, data: unknown): void;
  plan(request: PlanRequest, now: Date): Promise<Journey[]>;
  log: { error(details: object, message: string): void };
  /** How long a claim holds without renewal (default SEARCH_LEASE_MS); renewed every third of it while planning. */
  leaseMs?: number;
}

/** SEARCH_LEASE_SECONDS' default. */
export const SEARCH_LEASE_MS = 30_000;
/** A search claimed this many times without finishing (each claim's planner died) fails. */
export const MAX_SEARCH_ATTEMPTS = 3;

/** Where jobs go: run here (worker threads) or onto a queue (BullMQ). */
export interface SearchJobQueue {
  enqueue(job: SearchJob): Promise<void>;
  /** Whether the search is queued or being planned here (the sweeper leaves those alone). */
  has?(hash: string): Promise<boolean>;
  /** Searches waiting or being planned (SEARCH_QUEUE_LIMIT bounds it). */
  depth?(): Promise<number>;
  close(): Promise<void>;
  /** The regions planned here, when known, so a search outside them is refused up front. */
  coverage?(): RegionCoverage[] | undefined;
}

/** Shown to the traveller when planning broke for a reason that is not theirs. */
export const PLANNING_FAILED = 'We could not plan this search. Please try again.';

/**
 * Takes the search for this planner: pending, or running under a lease that has run out (its
 * planner died). Nobody else's live claim, and nothing finished or failed (a search answered 503
 * and marked failed is never planned late). The database's clock decides leases, so instances
 * with skewed clocks agree. Returns the claim's attempt number, or undefined.
 */
async function claimSearch(db: Database, hash: string, leaseMs: number): Promise<number | undefined> {
  const [row] = await db
    .update(searchQueries)
    .set({
      status: 'running',
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${searchQueries.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(searchQueries.hash, hash),
        sql`(${searchQueries.status} = 'pending' or (${searchQueries.status} = 'running' and ${searchQueries.leaseUntil} < now()))`,
      ),
    )
    .returning({ attempts: searchQueries.attempts });
  return row?.attempts;
}

/** Keeps the claim alive while planning and storing; stops on its own if the search is no longer running. */
function holdLease(db: Database, hash: string, leaseMs: number): () => void {
  const timer = setInterval(
    () => {
      void db
        .update(searchQueries)
        .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(and(eq(searchQueries.hash, hash), eq(searchQueries.status, 'running')))
        .catch(() => {});
    },
    Math.max(500, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

export async function runSearchJob(deps: SearchJobDeps, job: SearchJob): Promise<void> {
  const { db } = deps;
  const where = eq(searchQueries.hash, job.hash);
  const channel = searchChannel(job.hash);
  const fail = (failure: string) =>
    db.update(searchQueries).set({ status: 'failed', failure, leaseUntil: null, updatedAt: new Date() }).where(where);
  const attempt = await claimSearch(db, job.hash, deps.leaseMs ?? SEARCH_LEASE_MS).catch((error: unknown) => {
    deps.log.error({ err: error, hash: job.hash }, 'search job could not claim its search');
    return undefined;
  });
  if (attempt === undefined) return;
  if (attempt > MAX_SEARCH_ATTEMPTS) {
    deps.log.error({ hash: job.hash, attempts: attempt - 1 }, 'search failed: its planners kept stopping');
    await fail(PLANNING_FAILED).catch(() => {});
    return;
  }
  const release = holdLease(db, job.hash, deps.leaseMs ?? SEARCH_LEASE_MS);
  try {
    let journeys: Journey[];
    const started = performance.now();
    try {
      journeys = await deps.plan(job.request, new Date(job.now));
      plannerTime.observe({}, (performance.now() - started) / 1000);
    } catch (error) {
      searchesFinished.inc({ outcome: 'failed' });
      const failure = error instanceof PlanFailedError ? error.failure : planFailure(error);
      if (failure.kind === 'internal')
        deps.log.error({ hash: job.hash, failure: failure.message }, 'search planning failed');
      // A failed job emits nothing more; the query says why.
      await fail(failure.kind === 'request' ? failure.message : PLANNING_FAILED);
      return;
    }
    await db.update(searchQueries).set({ resultsRetrieved: journeys.length, updatedAt: new Date() }).where(where);
    deps.publish(channel, RESULTS_RETRIEVED, { journey_count: journeys.length });
    // A claim after a dead planner finds what it stored: the planner is deterministic for a
    // request and its clock, so those positions are announced again, not stored twice.
    const stored = new Map(
      (
        await db
          .select({ id: journeysTable.id, position: journeysTable.position })
          .from(journeysTable)
          .where(eq(journeysTable.queryHash, job.hash))
      ).map((row) => [row.position, row.id]),
    );
    for (const [position, journey] of journeys.entries()) {
      let id = stored.get(position);
      if (!id) {
        // The row id is the journey's id in the API, so the stored JSON is the answer as it stands:
        // the journey as anyone sees it (the hash is shareable), and apart the traveller's own
        // prices when their passes changed one (issue 33).
        const data: Record<string, unknown> = { ...journeyForAnyone(journey), id: randomUUID() };
        const travellerPrices = journey.prices_for_anyone ? { ...pricesOf(journey), tags: journey.tags } : null;
        id = (await storeJourney(db, { queryHash: job.hash, position, data, travellerPrices, id: data.id as string }))
          .id;
      }
      deps.publish(channel, JOURNEY_PROCESSED, { journeyID: id });
    }
    await db.update(searchQueries).set({ status: 'done', leaseUntil: null, updatedAt: new Date() }).where(where);
    searchesFinished.inc({ outcome: 'done' });
  } catch (error) {
    deps.log.error({ err: error, hash: job.hash }, 'search job failed');
    await fail(PLANNING_FAILED).catch(() => {});
  } finally {
    release();
  }
}

/**
 * How many searches may be planning here at once: the planner threads that are ready and free to
 * take one. A search waits for a place unclaimed (still pending in the database), so a crash
 * costs a waiting search nothing: its attempt is counted only when a planner begins it.
 */
export interface PlanningCapacity {
  /** Searches that may plan at once now (0 while the threads load their regions). */
  size(): number;
  /** Called whenever size() may have grown. */
  onChange(listener: () => void): void;
}

const UNBOUNDED: PlanningCapacity = { size: () => Number.POSITIVE_INFINITY, onChange: () => {} };

/** The default: jobs run in this process, planning on worker threads; close() waits for running jobs. */
export class InProcessSearchJobs implements SearchJobQueue {
  readonly #running = new Set<Promise<void>>();
  readonly #hashes = new Set<string>();
  /** Searches accepted here and waiting for a planner thread, oldest first. */
  readonly #waiting: SearchJob[] = [];
  /** Searches claimed and not yet back from their planner thread. */
  #planning = 0;
  constructor(
    private readonly deps: SearchJobDeps,
    private readonly onClose: () => Promise<void> = async () => {},
    readonly coverage: () => RegionCoverage[] | undefined = () => undefined,
    private readonly capacity: PlanningCapacity = UNBOUNDED,
  ) {
    capacity.onChange(() => this.#pump());
  }

  async enqueue(job: SearchJob): Promise<void> {
    if (this.#hashes.has(job.hash)) return;
    this.#hashes.add(job.hash);
    this.#waiting.push(job);
    this.#pump();
  }

  #pump(): void {
    while (this.#waiting.length > 0 && this.#planning < this.capacity.size()) this.#start(this.#waiting.shift()!);
  }

  #start(job: SearchJob): void {
    this.#planning++;
    let planned = false;
    // The place is given back as soon as the thread answers (storing the journeys needs no thread).
    const done = () => {
      if (planned) return;
      planned = true;
      this.#planning--;
      this.#pump();
    };
    const deps: SearchJobDeps = { ...this.deps, plan: (request, now) => this.deps.plan(request, now).finally(done) };
    const running = runSearchJob(deps, job).finally(() => {
      done();
      this.#running.delete(running);
      this.#hashes.delete(job.hash);
    });
    this.#running.add(running);
  }

  async has(hash: string): Promise<boolean> {
    return this.#hashes.has(hash);
  }

  /** Searches waiting for or being planned here. */
  async depth(): Promise<number> {
    return this.#hashes.size;
  }

  /** Searches waiting for a planner thread, and searches claimed by one (metrics). */
  counts(): { waiting: number; planning: number } {
    return { waiting: this.#waiting.length, planning: this.#planning };
  }

  /** Resolves when every job started so far has finished (tests). */
  async idle(): Promise<void> {
    while (this.#running.size > 0 || this.#waiting.length > 0) {
      if (this.#running.size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      else await Promise.all([...this.#running]);
    }
  }

  async close(): Promise<void> {
    // Searches still waiting stay pending in the database: the next start's sweep queues them.
    this.#waiting.splice(0).forEach((job) => this.#hashes.delete(job.hash));
    await this.onClose();
    await this.idle();
  }
}
