/**
 * Planner worker threads (node:worker_threads) sharing one copy of the regions. At start (in the
 * background: the server does not wait; the first job does) the pool reads each region's snapshot
 * file once into shared memory (SharedArrayBuffer), or has a short-lived thread build the regions
 * that have no usable file; then each planner thread decodes views over those bytes (zero copy)
 * and plans one search at a time. A thread that crashes or overruns its job is replaced from the
 * same bytes; a region that cannot be loaded fails every job with a clear message instead of
 * retrying forever.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { BBox, PlanRequest, Journey } from '../../planner/index';
import { readSharedRegionSnapshot, type SharedRegionSnapshot } from '../../planner/node';
import { PlanFailedError, type PlanFailure } from './plan-failure';

export interface PlannerThreadSetup {
  /** Each region's snapshot bytes, shared by every thread (read-only), in the manifests' order. */
  regions: SharedRegionSnapshot[];
}
export interface BuildThreadSetup {
  /** Manifests without a usable snapshot file. */
  manifests: string[];
}
export type BuildThreadReply = { type: 'built'; regions: SharedRegionSnapshot[] } | { type: 'failed'; message: string };
export interface ThreadRequest {
  id: number;
  request: PlanRequest;
  /** The clock for the planner's six-months rule (epoch ms). */
  now: number;
}
/** Where a region plans from (bounds) and to (reach), as the planner checks a request. */
export interface RegionCoverage {
  name: string;
  bounds: BBox;
  reach: BBox;
}

export type ThreadReply =
  | { type: 'ready'; coverage: RegionCoverage[] }
  | { type: 'load-failed'; message: string }
  | { type: 'done'; id: number; journeys: Journey[] }
  | { type: 'failed'; id: number; failure: PlanFailure };

export interface PlannerPoolOptions {
  manifests: string[];
  /** Threads; they share one copy of the regions' data, and each costs its own isolate and working state. */
  size?: number;
  /** A job still running after this is abandoned and its thread replaced. */
  jobTimeoutMs?: number;
  /**
   * Each planner thread's young generation (V8's nursery, MB). Left to V8 it grows to about 48 MB a
   * thread once searches run, which is most of what a thread costs now the regions are shared;
   * 16 MB cost no measurable planning time (`npm run bench -- memory --server`, ARCHITECTURE.md).
   */
  youngGenerationMb?: number;
  log?: { error(details: object, message: string): void };
}

interface Pending {
  id: number;
  request: PlanRequest;
  now: number;
  resolve: (journeys: Journey[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Terminated for overrunning a job (replace it; it had loaded fine). */
  timedOut?: boolean;
  job?: Pending;
  timer?: NodeJS.Timeout;
}

const THREAD_FILE = new URL('./planner-thread.ts', import.meta.url);
const BUILD_THREAD_FILE = new URL('./region-build-thread.ts', import.meta.url);

/** A worker running a TypeScript thread file: tsx's loader is registered inside the thread first. */
function startThread(file: URL, setup: PlannerThreadSetup | BuildThreadSetup, limits?: ResourceLimits): Worker {
  // require.resolve finds the CommonJS build; its register() cannot load the ESM hooks, the .mjs beside it can.
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const mjs = cjs.replace(/\.cjs$/, '.mjs');
  const tsxApi = pathToFileURL(existsSync(mjs) ? mjs : cjs).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(code, { eval: true, workerData: setup, ...(limits ? { resourceLimits: limits } : {}) });
}

const failed = (message: string) => new PlanFailedError({ kind: 'internal', field: null, message });
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Builds the regions in `manifests` on a thread that ends once it has posted their shared bytes. */
function buildOnThread(manifests: string[], started: (worker: Worker) => void): Promise<SharedRegionSnapshot[]> {
  return new Promise((resolve, reject) => {
    const worker = startThread(BUILD_THREAD_FILE, { manifests });
    started(worker);
    worker.on('message', (reply: BuildThreadReply) =>
      reply.type === 'built' ? resolve(reply.regions) : reject(new Error(reply.message)),
    );
    worker.on('error', reject);
    // After a reply this settles nothing (a promise settles once).
    worker.on('exit', () => reject(new Error('the region build thread stopped')));
  });
}

/**
 * Each manifest's snapshot bytes in shared memory, in order: usable files read on this thread
 * (I/O only), the rest built on one thread of their own.
 */
async function shareRegions(manifests: string[], started: (worker: Worker) => void): Promise<SharedRegionSnapshot[]> {
  const read = await Promise.all(manifests.map((manifest) => readSharedRegionSnapshot(manifest)));
  const missing = manifests.filter((_, i) => !read[i]);
  const built = missing.length > 0 ? await buildOnThread(missing, started) : [];
  return read.map((shared) => shared ?? (built.shift() as SharedRegionSnapshot));
}

export class PlannerPool {
  readonly #options: Required<Omit<PlannerPoolOptions, 'log'>> & Pick<PlannerPoolOptions, 'log'>;
  readonly #slots = new Set<Slot>();
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #broken: string | undefined;
  #closed = false;
  /** The regions' bytes every thread shares, once read or built. */
  #regions: SharedRegionSnapshot[] | undefined;
  #builder: Worker | undefined;
  #coverage: RegionCoverage[] | undefined;
  #readyWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  readonly #capacityListeners: Array<() => void> = [];

  constructor(options: PlannerPoolOptions) {
    this.#options = { size: 1, jobTimeoutMs: 60_000, youngGenerationMb: 16, ...options };
    void this.#start();
  }

  async #start(): Promise<void> {
    try {
      this.#regions = await shareRegions(this.#options.manifests, (worker) => (this.#builder = worker));
    } catch (error) {
      if (!this.#closed) this.#breakPool(`The planner could not load its region data: ${messageOf(error)}`);
      return;
    } finally {
      this.#builder = undefined;
    }
    if (this.#closed) return;
    for (let i = 0; i < Math.max(1, this.#options.size); i++) this.#spawn();
  }

  /** The shared snapshot bytes the threads plan on, once loaded (tests check nothing writes to them). */
  sharedRegions(): readonly SharedRegionSnapshot[] | undefined {
    return this.#regions;
  }

  /** Plans one search on a thread: the whole result set, in the planner's order. */
  run(request: PlanRequest, now: Date): Promise<Journey[]> {
    if (this.#closed) return Promise.reject(failed('The planner has stopped.'));
    if (this.#broken) return Promise.reject(failed(this.#broken));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, request, now: now.getTime(), resolve, reject });
      this.#dispatch();
    });
  }

  /**
   * Searches the pool can take at once now: its ready threads (none while they load). A broken
   * pool takes any number, to fail each at once with the reason.
   */
  capacity(): number {
    if (this.#broken) return Number.POSITIVE_INFINITY;
    if (this.#closed) return 0;
    let ready = 0;
    for (const slot of this.#slots) if (slot.ready) ready++;
    return ready;
  }

  /** Called when capacity() may have grown (a thread became ready, or the pool broke). */
  onCapacity(listener: () => void): void {
    this.#capacityListeners.push(listener);
  }

  #capacityChanged(): void {
    for (const listener of this.#capacityListeners) listener();
  }

  /** The loaded regions' coverage, once a thread has loaded them. */
  coverage(): RegionCoverage[] | undefined {
    return this.#coverage;
  }

  /** Resolves once one thread has its regions (tests and benchmarks wait for this). */
  ready(): Promise<void> {
    if ([...this.#slots].some((slot) => slot.ready)) return Promise.resolve();
    if (this.#broken) return Promise.reject(failed(this.#broken));
    return new Promise((resolve, reject) => this.#readyWaiters.push({ resolve, reject }));
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(failed('The planner has stopped.'));
    for (const waiter of this.#readyWaiters.splice(0)) waiter.reject(failed('The planner has stopped.'));
    await this.#builder?.terminate();
    await Promise.all(
      [...this.#slots].map(async (slot) => {
        clearTimeout(slot.timer);
        slot.job?.reject(failed('The planner has stopped.'));
        await slot.worker.terminate();
      }),
    );
    this.#slots.clear();
  }

  #spawn(): void {
    const regions = this.#regions as SharedRegionSnapshot[];
    const limits = { maxYoungGenerationSizeMb: this.#options.youngGenerationMb };
    const slot: Slot = { worker: startThread(THREAD_FILE, { regions }, limits), ready: false };
    this.#slots.add(slot);
    slot.worker.on('message', (reply: ThreadReply) => this.#onReply(slot, reply));
    slot.worker.on('error', (error) => this.#options.log?.error({ err: error }, 'planner thread failed'));
    slot.worker.on('exit', () => this.#onExit(slot));
  }

  #onReply(slot: Slot, reply: ThreadReply): void {
    if (reply.type === 'ready') {
      slot.ready = true;
      this.#coverage = reply.coverage;
      for (const waiter of this.#readyWaiters.splice(0)) waiter.resolve();
      this.#dispatch();
      this.#capacityChanged();
      return;
    }
    if (reply.type === 'load-failed') {
      this.#breakPool(`The planner could not load its region data: ${reply.message}`);
      void slot.worker.terminate();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if (reply.type === 'done') job.resolve(reply.journeys);
    else job.reject(new PlanFailedError(reply.failure));
    this.#dispatch();
  }

  #onExit(slot: Slot): void {
    clearTimeout(slot.timer);
    this.#slots.delete(slot);
    slot.job?.reject(failed('The planner stopped while planning this search.'));
    if (this.#closed || this.#broken) return;
    // A thread that dies before it is ready would die again: stop instead of looping.
    if (!slot.ready && !slot.timedOut)
      return this.#breakPool('The planner thread stopped while loading its region data.');
    this.#spawn();
  }

  #breakPool(message: string): void {
    if (this.#broken) return;
    this.#broken = message;
    this.#options.log?.error({ message }, 'planner unavailable');
    for (const job of this.#queue.splice(0)) job.reject(failed(message));
    for (const waiter of this.#readyWaiters.splice(0)) waiter.reject(failed(message));
    this.#capacityChanged();
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.#queue.shift();
      if (!job) return;
      slot.job = job;
      slot.timer = setTimeout(() => {
        job.reject(failed('Planning this search took too long.'));
        slot.job = undefined;
        slot.ready = false;
        slot.timedOut = true;
        // Its exit handler spawns the replacement.
        void slot.worker.terminate();
      }, this.#options.jobTimeoutMs);
      const message: ThreadRequest = { id: job.id, request: job.request, now: job.now };
      slot.worker.postMessage(message);
    }
  }
}
