/**
 * The service worker's background download of the region pack (issue 20): ask the server which
 * pack the brand has; if the device holds another (or none), stream it in, reporting progress;
 * check its length and SHA-256; store it only when whole and right. A truncated or tampered
 * download is discarded and fetched once more; storage refused or full is reported in words.
 */
import { isRegionPackInfo, REGION_PACK_PATH, type RegionPackInfo } from '../../../contract/region-pack';
import { sha256Hex } from './sha256';
import type { PackNews, PackProblem, StoredPack } from './pack-cache';

export interface PackSyncDeps {
  fetch: typeof fetch;
  /** The pack stored now (its info), or null. */
  stored(): Promise<RegionPackInfo | null>;
  /** Stores a complete, checked pack (throws QuotaExceededError and the like). */
  store(pack: StoredPack): Promise<void>;
  announce(news: PackNews): void;
}

export type PackSyncResult =
  { ok: true; info: RegionPackInfo; downloaded: boolean } | { ok: false; problem: PackProblem };

/** Attempts per sync: a damaged download is fetched once more. */
const ATTEMPTS = 2;

async function download(deps: PackSyncDeps, info: RegionPackInfo): Promise<Uint8Array | null> {
  const response = await deps.fetch(info.url);
  if (!response.ok || !response.body) return null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  let told = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    // A few dozen progress messages, not one per chunk.
    if (received - told >= info.bytes / 40 || received >= info.bytes) {
      told = received;
      deps.announce({ type: 'progress', received: Math.min(received, info.bytes), total: info.bytes });
    }
  }
  if (received !== info.bytes) return null;
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return (await sha256Hex(bytes)) === info.sha256 ? bytes : null;
}

const storageProblem = (error: unknown): PackProblem =>
  error instanceof DOMException && error.name === 'QuotaExceededError' ? 'storage-full' : 'storage-refused';

export async function syncRegionPack(deps: PackSyncDeps, origin: string): Promise<PackSyncResult> {
  const fail = (problem: PackProblem): PackSyncResult => (
    deps.announce({ type: 'problem', problem }),
    { ok: false, problem }
  );
  let info: unknown;
  try {
    const response = await deps.fetch(new URL(REGION_PACK_PATH, origin).href, { cache: 'no-cache' });
    info = response.ok ? ((await response.json()) as { data?: unknown }).data : null;
  } catch {
    return fail('network');
  }
  if (!isRegionPackInfo(info)) return fail('network');
  const current = await deps.stored().catch(() => null);
  if (current?.sha256 === info.sha256) return { ok: true, info: current, downloaded: false };
  const packInfo = { ...info, url: new URL(info.url, origin).href };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let bytes: Uint8Array | null;
    try {
      bytes = await download(deps, packInfo);
    } catch {
      return fail('network');
    }
    if (!bytes) continue;
    try {
      await deps.store({ info, bytes });
    } catch (error) {
      return fail(storageProblem(error));
    }
    deps.announce({ type: 'stored', info });
    return { ok: true, info, downloaded: true };
  }
  return fail('damaged');
}
