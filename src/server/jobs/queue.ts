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

// BullMQ's blocking commands need ioredis to retry forever rather than give up per request.
const connect = (url: string) => new Redis(url, { maxRetriesPerRequest: null });

export class QueuedSearchJobs implements SearchJobQueue {
  readonly #connection: Redis;
  readonly #queue: Queue<SearchJob>;

  constructor(url: string, namespace: string) {
    this.#connection = connect(url);
    this.#queue = new Queue<SearchJob>(QUEUE, { connection: this.#connection, prefix: namespace });
  }

  async enqueue(job: SearchJob): Promise<void> {
    // One attempt: a failed search is recorded on its query, and replaying it would repeat events.
    await this.#queue.add('plan', job, { jobId: job.hash, attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 });
  }

  async close(): Promise<void> {
    await this.#queue.close();
    await this.#connection.quit().catch(() => {});
  }
}

export interface SearchWorker {
  close(): Promise<void>;
}

/** Consumes the queue: each job runs the same pipeline as the in-process default. */
export function startSearchWorker(options: { url: string; namespace: string; deps: SearchJobDeps; concurrency?: number }): SearchWorker {
  const connection = connect(options.url);
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
