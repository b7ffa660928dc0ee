/**
 * The search job (ARCHITECTURE.md "A search, end to end", step 3): plan, record how many
 * journeys there are and say so on `query.{hash}`, then store each journey and announce it.
 * The same function runs in the server (in-process jobs, planning on worker threads) and in
 * `npm run worker` (BullMQ jobs); only where planning happens and how events travel differ.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { planRequestFor as sharedPlanRequestFor } from '../../contract/plan-request';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED, searchChannel, type SearchForm } from '../../contract/search';
import type { TravelType } from '../../contract/brand';
import type { PlanRequest, Journey } from '../../planner/index';
import { storeJourney } from '../api/journeys/store';
import type { Database } from '../db/index';
import { searchQueries } from '../db/schema';
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
}

/** Where jobs go: run here (worker threads) or onto a queue (BullMQ). */
export interface SearchJobQueue {
  enqueue(job: SearchJob): Promise<void>;
  close(): Promise<void>;
  /** The regions planned here, when known, so a search outside them is refused up front. */
  coverage?(): RegionCoverage[] | undefined;
}

/** Shown to the traveller when planning broke for a reason that is not theirs. */
export const PLANNING_FAILED = 'We could not plan this search. Please try again.';

/** The validated form as the planner's request: shared with the on-device planner (src/contract/plan-request.ts). */
export function planRequestFor(form: SearchForm, blocked: readonly TravelType[], regions?: readonly string[]): PlanRequest {
  return sharedPlanRequestFor(form, blocked, regions);
}

export async function runSearchJob(deps: SearchJobDeps, job: SearchJob): Promise<void> {
  const { db } = deps;
  const where = eq(searchQueries.hash, job.hash);
  const channel = searchChannel(job.hash);
  try {
    await db.update(searchQueries).set({ status: 'running', updatedAt: new Date() }).where(where);
    let journeys: Journey[];
    try {
      journeys = await deps.plan(job.request, new Date(job.now));
    } catch (error) {
      const failure = error instanceof PlanFailedError ? error.failure : planFailure(error);
      if (failure.kind === 'internal') deps.log.error({ hash: job.hash, failure: failure.message }, 'search planning failed');
      // A failed job emits nothing more; the query says why.
      await db.update(searchQueries).set({ status: 'failed', failure: failure.kind === 'request' ? failure.message : PLANNING_FAILED, updatedAt: new Date() }).where(where);
      return;
    }
    await db.update(searchQueries).set({ resultsRetrieved: journeys.length, updatedAt: new Date() }).where(where);
    deps.publish(channel, RESULTS_RETRIEVED, { journey_count: journeys.length });
    for (const [position, journey] of journeys.entries()) {
      // The row id is the journey's id in the API, so the stored JSON is the answer as it stands.
      const data: Record<string, unknown> = { ...journey, id: randomUUID() };
      const { id } = await storeJourney(db, { queryHash: job.hash, position, data, id: data.id as string });
      deps.publish(channel, JOURNEY_PROCESSED, { journeyID: id });
    }
    await db.update(searchQueries).set({ status: 'done', updatedAt: new Date() }).where(where);
  } catch (error) {
    deps.log.error({ err: error, hash: job.hash }, 'search job failed');
    await db
      .update(searchQueries)
      .set({ status: 'failed', failure: PLANNING_FAILED, updatedAt: new Date() })
      .where(where)
      .catch(() => {});
  }
}

/** The default: jobs run in this process, planning on worker threads; close() waits for running jobs. */
export class InProcessSearchJobs implements SearchJobQueue {
  readonly #running = new Set<Promise<void>>();
  constructor(
    private readonly deps: SearchJobDeps,
    private readonly onClose: () => Promise<void> = async () => {},
    readonly coverage: () => RegionCoverage[] | undefined = () => undefined,
  ) {}

  async enqueue(job: SearchJob): Promise<void> {
    const running = runSearchJob(this.deps, job).finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** Resolves when every job started so far has finished (tests). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  async close(): Promise<void> {
    await this.onClose();
    await this.idle();
  }
}
