/** Builds the search job queue the API hands its searches to. */
import { TAYSIDE_MANIFEST } from '../../planner/node';
import type { Database } from '../db/index';
import { PlannerPool } from './planner-pool';
import { InProcessSearchJobs } from './search-job';

export { InProcessSearchJobs, runSearchJob, type SearchJob, type SearchJobQueue } from './search-job';

export interface SearchJobsOptions {
  db: Database;
  publish(channel: string, event: string, data: unknown): void;
  log: { error(details: object, message: string): void };
  /** Region manifests every planner thread loads (the REGIONS setting; default: Tayside). */
  manifests?: string[];
  threads?: number;
  /** SEARCH_LEASE_SECONDS in ms. */
  leaseMs?: number;
}

/** In-process jobs planning on worker threads; the threads start loading their regions now. */
export function createInProcessSearchJobs(options: SearchJobsOptions): {
  jobs: InProcessSearchJobs;
  pool: PlannerPool;
} {
  const pool = new PlannerPool({
    manifests: options.manifests ?? [TAYSIDE_MANIFEST],
    size: options.threads ?? 1,
    log: options.log,
  });
  const jobs = new InProcessSearchJobs(
    {
      db: options.db,
      publish: options.publish,
      plan: (request, now) => pool.run(request, now),
      log: options.log,
      leaseMs: options.leaseMs,
    },
    () => pool.close(),
    () => pool.coverage(),
    { size: () => pool.capacity(), onChange: (listener) => pool.onCapacity(listener) },
  );
  return { jobs, pool };
}
