/**
 * Issue 20 "Bad input", the stored side: the planner's Web Worker finds the region pack kept on
 * the device damaged (tampered: its hash does not match; truncated; or whole but not a region
 * snapshot). It drops the pack from Cache Storage, tells the pages ('damaged', so they ask the
 * service worker for it again), and answers that offline planning is unavailable; the search
 * form then says so in words. The worker runs here in Node with an in-memory Cache Storage.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { regionPackUrl, type RegionPackInfo } from '../../../../src/contract/region-pack';
import {
  PACK_CACHE,
  PACK_CHANNEL,
  PACK_KEY,
  readPackInfo,
  writeStoredPack,
  type PackNews,
} from '../../../../src/web/lib/device-planner/pack-cache';
import type { WorkerCall, WorkerReply } from '../../../../src/web/lib/device-planner/protocol';
import { DEVICE_UNAVAILABLE } from '../../../../src/web/lib/device-planner/device-searches';
import type * as Client from '../../../../src/web/lib/device-planner/client';

type ClientModule = typeof Client;

/** Just enough of Cache Storage for pack-cache.ts. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (key: string) => store.get(key)?.clone(),
      put: async (key: string, response: Response) => void store.set(key, response),
      delete: async (key: string) => store.delete(key),
    } as unknown as Cache;
  };
  return { open } as unknown as CacheStorage;
}

const replies: WorkerReply[] = [];
const news: PackNews[] = [];
let listener: BroadcastChannel;
let send: (call: WorkerCall) => Promise<WorkerReply>;

beforeAll(async () => {
  vi.stubGlobal('caches', memoryCaches());
  const scope: { onmessage: ((event: MessageEvent) => Promise<void>) | null; postMessage(reply: WorkerReply): void } = {
    onmessage: null,
    postMessage: (reply) => void replies.push(reply),
  };
  vi.stubGlobal('self', scope);
  listener = new BroadcastChannel(PACK_CHANNEL);
  listener.onmessage = (event: MessageEvent<PackNews>) => void news.push(event.data);
  await import('../../../../src/web/lib/device-planner/planner.worker');
  let id = 0;
  send = async (call) => {
    await scope.onmessage!({ data: { id: ++id, call } } as MessageEvent);
    return replies.at(-1)!;
  };
});

afterAll(() => {
  listener.close();
  vi.unstubAllGlobals();
});

const whole = new Uint8Array(64_000).map((_, i) => (i * 31 + 7) & 0xff);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const info = (sha256: string, bytes: number): RegionPackInfo => ({
  region: 'tayside',
  label: 'Tayside',
  format: 1,
  sha256,
  bytes,
  gzip_bytes: bytes,
  url: regionPackUrl('tayside', sha256),
  built_at: '2026-11-25T10:00:00Z',
});
const store = async (bytes: Uint8Array, packInfo: RegionPackInfo) =>
  writeStoredPack(await caches.open(PACK_CACHE), { info: packInfo, bytes });
const search: WorkerCall = { op: 'search', body: {}, options: { blocked: [] } };

describe('a damaged region pack on the device', () => {
  it.each([
    [
      'tampered (one byte changed, hash no longer matches)',
      () => whole.map((b, i) => (i === 1000 ? b ^ 1 : b)),
      info(sha(whole), whole.byteLength),
    ],
    ['truncated (the end missing)', () => whole.subarray(0, 40_000), info(sha(whole), whole.byteLength)],
    ['whole and hash-true but not a region snapshot', () => whole, info(sha(whole), whole.byteLength)],
  ])('%s: is dropped, announced as damaged, and planning says it is unavailable', async (_, bytes, packInfo) => {
    await store(bytes(), packInfo);
    expect(await readPackInfo()).toEqual(packInfo);
    news.length = 0;

    const reply = await send(search);
    expect(reply).toMatchObject({ ok: false, reason: 'damaged' });
    expect(await readPackInfo()).toBeNull();
    expect(await (await caches.open(PACK_CACHE)).match(PACK_KEY)).toBeUndefined();
    await vi.waitFor(() => expect(news).toEqual([{ type: 'damaged' }]));

    // Until a good pack arrives, the worker has nothing to plan with: 'no-pack', nothing announced.
    const again = await send({ op: 'autocomplete', query: 'Perth' });
    expect(again).toMatchObject({ ok: false, reason: 'no-pack' });
  });

  it('the search form words it: planning is unavailable until the timetables are downloaded again', async () => {
    vi.resetModules();
    vi.doMock('../../../../src/web/lib/device-planner/client', async () => {
      const actual = await vi.importActual<ClientModule>('../../../../src/web/lib/device-planner/client');
      return {
        ...actual,
        devicePlanner: { search: () => Promise.reject(new actual.DeviceUnavailableError('damaged', 'damaged')) },
        keepDeviceSearch: async () => undefined,
      };
    });
    const { planSearchOnDevice } = await import('../../../../src/web/lib/device-planner/offline-search');
    expect(await planSearchOnDevice({}, { blockedTravelTypes: [], regions: undefined })).toEqual({
      kind: 'message',
      message: DEVICE_UNAVAILABLE.damaged,
    });
    vi.doUnmock('../../../../src/web/lib/device-planner/client');
  });
});
