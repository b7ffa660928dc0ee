/**
 * Scale-out (REDIS_URL with DATABASE_URL): searches go onto a BullMQ queue in Redis and
 * `npm run worker` processes plan them, so planning scales on its own machines. Servers and
 * workers that share a database share a queue and a realtime channel (the namespace comes from
 * the database URL), so another deployment or test run on the same Redis never takes their jobs.
 */
import { createHash } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { runSearchJob, type SearchJob, type SearchJobDeps, type SearchJobQueue } from './search-job';

const QUEUE = 'search';

export function redisNamespace(databaseUrl: string | undefined): string {
  return databaseUrl ? `drover-${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}` : 'drover';
}

/** The realtime Redis channel of a namespace. */
export const realtimeChannel = (namespace: string) => `${namespace}:realtime`;

// BullMQ's worker (blocking commands) needs ioredis to retry forever; the producer fails a
// command after one reconnection attempt.
const connect = (url: string, role: 'producer' | 'worker') =>
  new Redis(url, { maxRetriesPerRequest: role === 'worker' ? null : 1 });

const ENQUEUE_TIMEOUT_MS = 5_000;
const DEPTH_TIMEOUT_MS = 1_000;
const DEPTH_CACHE_MS = 1_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class QueuedSearchJobs implements SearchJobQueue {
  readonly #connection: Redis;
  readonly #queue: Queue<SearchJob>;

  constructor(url: string, namespace: string, onError: (error: unknown) => void = () => {}) {
    this.#connection = connect(url, 'producer');
    // Connection trouble is reported here once per event instead of as unhandled 'error' events.
    this.#connection.on('error', onError);
    this.#queue = new Queue<SearchJob>(QUEUE, { connection: this.#connection, prefix: namespace });
    this.#queue.on('error', onError);
  }

  async enqueue(job: SearchJob): Promise<void> {
    // One attempt: a failed search is recorded on its query, and replaying it would repeat events.
    // BullMQ waits for a connection indefinitely; a search caller should not.
    await withTimeout(
      this.#queue.add('plan', job, { jobId: job.hash, attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 }),
      ENQUEUE_TIMEOUT_MS,
      'the search queue (Redis) did not answer',
    );
  }

  /**
   * Whether the search waits in the queue or a worker holds it. A finished copy (kept for
   * removeOnComplete) is removed, so the sweeper can queue it again under the same id.
   */
  async has(hash: string): Promise<boolean> {
    return withTimeout(
      (async () => {
        const job = await this.#queue.getJob(hash);
        if (!job) return false;
        const state = await job.getState();
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return true;
        await job.remove();
        return false;
      })(),
      ENQUEUE_TIMEOUT_MS,
      'the search queue (Redis) did not answer',
    );
  }

  /**
   * Searches waiting or being planned, across every worker. Read at most once a second (a burst
   * of searches shares one Redis call) and given a second: the bound is a guard, not a ledger.
   */
  async depth(): Promise<number> {
    const now = Date.now();
    if (this.#depth && now - this.#depth.at < DEPTH_CACHE_MS) return this.#depth.value;
    const value = await withTimeout(
      this.#queue.getJobCountByTypes('waiting', 'active', 'delayed', 'prioritized'),
      DEPTH_TIMEOUT_MS,
      'the search queue (Redis) did not answer',
    );
    this.#depth = { at: now, value };
    return value;
  }
  #depth: { at: number; value: number } | undefined;

  async close(): Promise<void> {
    await withTimeout(this.#queue.close(), ENQUEUE_TIMEOUT_MS, 'closing the search queue').catch(() => {});
    this.#connection.disconnect();
  }
}

export interface SearchWorker {
  close(): Promise<void>;
}

/** Consumes the queue: each job runs the same pipeline as the in-process default. */
export function startSearchWorker(options: {
  url: string;
  namespace: string;
  deps: SearchJobDeps;
  concurrency?: number;
}): SearchWorker {
  // A worker killed mid-job: BullMQ hands the job out again after its lock runs out, and the
  // search's own lease (runSearchJob) decides whether it may be planned again.
  const connection = connect(options.url, 'worker');
  const worker = new Worker<SearchJob>(QUEUE, async (job) => runSearchJob(options.deps, job.data), {
    connection,
    prefix: options.namespace,
    concurrency: options.concurrency ?? 1,
  });
  worker.on('error', (error) => options.deps.log.error({ err: error }, 'search worker: queue error'));
  return {
    close: async () => {
      await worker.close();
      await connection.quit().catch(() => {});
    },
  };
}
