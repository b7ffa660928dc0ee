/**
 * The service worker's pack download (issue 20 "Bad input"): a truncated or tampered pack is
 * discarded and fetched again; a pack already held is not fetched; storage refused or full is
 * reported; progress is told as it arrives; nothing is stored until the whole pack is right.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REGION_PACK_PATH, regionPackUrl, type RegionPackInfo } from '../../../../src/contract/region-pack';
import type { PackNews, StoredPack } from '../../../../src/web/lib/device-planner/pack-cache';
import { syncRegionPack } from '../../../../src/web/lib/device-planner/pack-sync';

const ORIGIN = 'http://regional.localhost:4460';
const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff);
const sha256 = createHash('sha256').update(bytes).digest('hex');
const info: RegionPackInfo = {
  region: 'tayside',
  label: 'Tayside',
  format: 1,
  sha256,
  bytes: bytes.byteLength,
  gzip_bytes: 5000,
  url: regionPackUrl('tayside', sha256),
  built_at: '2026-11-25T10:00:00Z',
};

/** A server answering the pack description and then each pack download from `bodies` in turn. */
function setup(
  bodies: Uint8Array[],
  stored: RegionPackInfo | null = null,
  store?: (pack: StoredPack) => Promise<void>,
) {
  const news: PackNews[] = [];
  const saved: StoredPack[] = [];
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    if (url === `${ORIGIN}${REGION_PACK_PATH}`) return Response.json({ data: info });
    const body = bodies.shift();
    return body ? new Response(body as Uint8Array<ArrayBuffer>) : new Response('gone', { status: 404 });
  }) as typeof globalThis.fetch;
  const deps = {
    fetch,
    stored: async () => stored,
    store: store ?? (async (pack: StoredPack) => void saved.push(pack)),
    announce: (n: PackNews) => void news.push(n),
  };
  return { deps, news, saved, asked };
}

describe('syncRegionPack', () => {
  it('downloads, tells progress, checks the hash and stores the whole pack', async () => {
    const { deps, news, saved } = setup([bytes]);
    expect(await syncRegionPack(deps, ORIGIN)).toEqual({ ok: true, info, downloaded: true });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.bytes).toEqual(bytes);
    expect(news.filter((n) => n.type === 'progress').length).toBeGreaterThan(0);
    expect(news.at(-1)).toEqual({ type: 'stored', info });
  });

  it('discards a truncated pack and a tampered one, and fetches again', async () => {
    const tampered = bytes.slice();
    tampered[500] = tampered[500]! ^ 1;
    const truncated = setup([bytes.subarray(0, 90_000), bytes]);
    expect(await syncRegionPack(truncated.deps, ORIGIN)).toMatchObject({ ok: true, downloaded: true });
    expect(truncated.asked.filter((u) => u.endsWith('.bin'))).toHaveLength(2);
    const twiceBad = setup([tampered, tampered]);
    expect(await syncRegionPack(twiceBad.deps, ORIGIN)).toEqual({ ok: false, problem: 'damaged' });
    expect(twiceBad.saved).toEqual([]);
    expect(twiceBad.news.at(-1)).toEqual({ type: 'problem', problem: 'damaged' });
  });

  it('does not fetch a pack the device already holds', async () => {
    const { deps, asked } = setup([bytes], info);
    expect(await syncRegionPack(deps, ORIGIN)).toEqual({ ok: true, info, downloaded: false });
    expect(asked).toEqual([`${ORIGIN}${REGION_PACK_PATH}`]);
  });

  it('says when storage is full or refused, and when the server cannot be reached', async () => {
    const full = setup([bytes], null, async () => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(await syncRegionPack(full.deps, ORIGIN)).toEqual({ ok: false, problem: 'storage-full' });
    const refused = setup([bytes], null, async () => {
      throw new DOMException('no', 'SecurityError');
    });
    expect(await syncRegionPack(refused.deps, ORIGIN)).toEqual({ ok: false, problem: 'storage-refused' });
    const offline = setup([]);
    offline.deps.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await syncRegionPack(offline.deps, ORIGIN)).toEqual({ ok: false, problem: 'network' });
  });
});
