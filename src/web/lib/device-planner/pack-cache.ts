/**
 * Where the region pack lives on the device (issue 20): one entry of Cache Storage, its bytes as
 * the body and its RegionPackInfo in a header, written by the service worker only when the whole
 * pack has arrived and matches its hash (so a new pack replaces the old one only when complete),
 * read by the planner's Web Worker and by Home. News travels on a BroadcastChannel.
 */
import { isRegionPackInfo, type RegionPackInfo } from '../../../contract/region-pack';

export const PACK_CACHE = 'drover-region-pack';
export const PACK_KEY = '/packs/current';
export const PACK_CHANNEL = 'drover-region-pack';
const INFO_HEADER = 'x-region-pack';

/** Why the pack could not be stored or used, for Home's message. */
export type PackProblem = 'storage-full' | 'storage-refused' | 'network' | 'damaged';

/** What the service worker and the planner worker say about the pack. */
export type PackNews =
  | { type: 'progress'; received: number; total: number }
  | { type: 'stored'; info: RegionPackInfo }
  | { type: 'problem'; problem: PackProblem }
  | { type: 'removed' }
  /** The planner worker found the stored pack damaged and dropped it: fetch it again. */
  | { type: 'damaged' };

/** What a page asks the service worker. */
export const PACK_SYNC_MESSAGE = 'region-pack:sync';

export interface StoredPack {
  info: RegionPackInfo;
  bytes: Uint8Array;
}

export async function readPackInfo(): Promise<RegionPackInfo | null> {
  if (typeof caches === 'undefined') return null;
  const response = await (await caches.open(PACK_CACHE)).match(PACK_KEY);
  return infoOf(response);
}

function infoOf(response: Response | undefined): RegionPackInfo | null {
  try {
    const info: unknown = JSON.parse(response?.headers.get(INFO_HEADER) ?? 'null');
    return isRegionPackInfo(info) ? info : null;
  } catch {
    return null;
  }
}

export async function readStoredPack(): Promise<StoredPack | null> {
  if (typeof caches === 'undefined') return null;
  const response = await (await caches.open(PACK_CACHE)).match(PACK_KEY);
  const info = infoOf(response);
  if (!response || !info) return null;
  return { info, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Replaces the stored pack in one put: a reader sees the old pack or the new, never half of one. */
export async function writeStoredPack(cache: Cache, pack: StoredPack): Promise<void> {
  await cache.put(
    PACK_KEY,
    new Response(pack.bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': 'application/octet-stream', [INFO_HEADER]: JSON.stringify(pack.info) },
    }),
  );
}

export async function removeStoredPack(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await (await caches.open(PACK_CACHE)).delete(PACK_KEY);
}

/** Sends news on the pack's channel (service worker, planner worker, pages). */
export function announcePack(news: PackNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(PACK_CHANNEL);
  channel.postMessage(news);
  channel.close();
}
