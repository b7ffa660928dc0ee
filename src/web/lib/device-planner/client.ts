/**
 * The page's side of the on-device planner (issue 20): one Web Worker, started on first use
 * (import this module lazily: it is never part of a page's first JavaScript), and the searches
 * it plans kept in IndexedDB so Results, Journey details, stage and print pages read them after
 * a reload with no signal.
 */
import { get, set } from 'idb-keyval';
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import type { Unavailable, WorkerAnswers, WorkerCall, WorkerReply } from './protocol';

export class DeviceUnavailableError extends Error {
  override name = 'DeviceUnavailableError';
  constructor(
    readonly reason: Unavailable,
    message: string,
  ) {
    super(message);
  }
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (reply: WorkerReply) => void>();
/** The last call's timings (ms): pack load (once) and the call itself; the offline-plan bench reads them. */
export const lastTimings = { load: 0, call: 0 };

function plannerWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./planner.worker.ts', import.meta.url), { type: 'module', name: 'drover-planner' });
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };
  return worker;
}

function call<K extends WorkerCall['op']>(message: Extract<WorkerCall, { op: K }>): Promise<WorkerAnswers[K]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (reply) => {
      if (!reply.ok) return reject(new DeviceUnavailableError(reply.reason, reply.message));
      Object.assign(lastTimings, reply.ms);
      resolve(reply.value as WorkerAnswers[K]);
    });
    plannerWorker().postMessage({ id, call: message });
  });
}

export const devicePlanner = {
  search: (body: unknown, options: Extract<WorkerCall, { op: 'search' }>['options']) =>
    call({ op: 'search', body, options }),
  autocomplete: (query: string, bias?: Extract<WorkerCall, { op: 'autocomplete' }>['bias']) =>
    call({ op: 'autocomplete', query, ...(bias ? { bias } : {}) }),
  reverse: (lat: number, lng: number) => call({ op: 'reverse', lat, lng }),
};

const searchKey = (hash: string) => `drover-device-search:${hash}`;

export async function keepDeviceSearch(query: SearchQuery): Promise<void> {
  await set(searchKey(query.hash), query);
}

export async function readDeviceSearch(hash: string): Promise<SearchQuery> {
  const query = await get<SearchQuery>(searchKey(hash));
  if (!query) throw new Error('This search was planned on another device or has been cleared. Plan it again.');
  return query;
}

export async function readDeviceJourney(hash: string, journeyId: string): Promise<Journey> {
  const journey = (await readDeviceSearch(hash)).journeys.find((j) => j.id === journeyId);
  if (!journey) throw new Error('Journey not found.');
  return journey;
}
