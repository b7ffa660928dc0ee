/**
 * The region pack (issue 20): a region's snapshot for planning on the device, served by the
 * server outside /v1 (the service worker fetches it without our API key; the data is the
 * region's open data). GET REGION_PACK_PATH describes the calling brand's pack; its `url` is
 * content-hashed (`/packs/<region>.<sha256 prefix>.bin`), immutable, so a new pack is a new URL.
 */
export const REGION_PACK_PATH = '/packs/region.json';

/** The pack file format: the region snapshot format it holds (planner REGION_SNAPSHOT_VERSION). */
export interface RegionPackInfo {
  /** Region (manifest) name: 'tayside'. */
  region: string;
  /** Shown to the traveller: 'Tayside'. */
  label: string;
  /** Region snapshot format version: a device whose planner reads another version ignores the pack. */
  format: number;
  /** SHA-256 of the pack's bytes, hex (the URL holds its first 16 characters). */
  sha256: string;
  bytes: number;
  /** Bytes on the wire when gzip is accepted. */
  gzip_bytes: number;
  url: string;
  /** When the pack was built (ISO instant): when it was prepared, not the date of its timetables. */
  built_at: string;
  /**
   * The pack's timetables the import rolled forward, with their own dates and main mode: shown as
   * "2022-23 rail timetable, moved onto this week's dates". Absent on packs described before it.
   */
  rolled_forward?: { mode: string; from: string; to: string }[];
}

export const regionPackUrl = (region: string, sha256: string) => `/packs/${region}.${sha256.slice(0, 16)}.bin`;

/** Checks an answer of REGION_PACK_PATH without zod (the service worker stays small). */
export function isRegionPackInfo(value: unknown): value is RegionPackInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.region === 'string' &&
    typeof v.label === 'string' &&
    typeof v.format === 'number' &&
    typeof v.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(v.sha256) &&
    typeof v.bytes === 'number' &&
    typeof v.gzip_bytes === 'number' &&
    typeof v.url === 'string' &&
    typeof v.built_at === 'string'
  );
}
