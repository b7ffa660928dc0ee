/**
 * Region packs (issue 20): each REGIONS manifest's region snapshot, served as-is for planning on
 * a device (the snapshot is already compact and checked section by section), with its SHA-256
 * (the URL's content hash) and a gzip copy made once. Built on first request and kept.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { regionPackUrl, type RegionPackInfo } from '../../contract/region-pack';
import { loadManifest, regionSnapshotBytes } from '../../planner/node';
import { decodeRegionSnapshot, REGION_SNAPSHOT_VERSION, rolledForwardFeeds } from '../../planner/index';

export interface RegionPack {
  info: RegionPackInfo;
  bytes: Uint8Array;
  gzip: Uint8Array;
}

/** 'north-east' -> 'North East'. */
export const regionLabel = (name: string) =>
  name
    .split(/[-_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Encodes one manifest's pack: the snapshot bytes, their hash and a gzip copy (level 9: made once, fetched by many). */
export async function buildRegionPack(manifest: string): Promise<RegionPack> {
  const bytes = await regionSnapshotBytes(manifest);
  // Only the header and JSON sections are read here; the pack is served exactly as stored.
  const snapshot = decodeRegionSnapshot(bytes, manifest, false);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const gzip = new Uint8Array(gzipSync(bytes, { level: 9 }));
  const region = snapshot.info.name;
  return {
    bytes,
    gzip,
    info: {
      region,
      label: regionLabel(region),
      format: REGION_SNAPSHOT_VERSION,
      sha256,
      bytes: bytes.byteLength,
      gzip_bytes: gzip.byteLength,
      url: regionPackUrl(region, sha256),
      built_at: snapshot.info.builtAt,
      rolled_forward: rolledForwardFeeds(snapshot.timetable).map(({ mode, from, to }) => ({ mode, from, to })),
    },
  };
}

export interface RegionPackSource {
  /** The pack of the region named (a REGIONS manifest's name), or of the first region when the name is unknown or absent. */
  get(region?: string): Promise<RegionPack>;
}

/** Packs for the REGIONS manifests, each built on first use (a failed build is tried again next time). */
export function lazyRegionPacks(manifests: readonly string[]): RegionPackSource {
  const names = new Map<string, string>();
  const packs = new Map<string, Promise<RegionPack>>();
  const nameOf = async (manifest: string) => {
    if (!names.has(manifest)) names.set(manifest, (await loadManifest(manifest, new Date(), false)).manifest.name);
    return names.get(manifest)!;
  };
  return {
    async get(region) {
      let chosen = manifests[0];
      for (const manifest of manifests) if (region && (await nameOf(manifest)) === region) chosen = manifest;
      if (!chosen) throw new Error('no region manifests');
      let pack = packs.get(chosen);
      if (!pack) {
        pack = buildRegionPack(chosen);
        packs.set(chosen, pack);
        pack.catch(() => packs.delete(chosen));
      }
      return pack;
    },
  };
}
