/**
 * The region snapshot: everything a region needs to plan, in one binary file written by
 * `planner import <manifest>` and read at server start (or in a browser worker). Browser-safe;
 * file I/O is in build-node.ts.
 *
 * Layout: "DRREGION" | u32 format version | u32 header length | header JSON (the section table)
 * | pad to 8 | sections, each 8-byte aligned. Every section carries its byte length and a CRC-32,
 * so a truncated or damaged file is refused with the section named rather than half-loaded.
 * Sections: info, report, costs, fares (UTF-8 JSON); timetable (timetable/snapshot.ts bytes);
 * street (street/snapshot.ts bytes) and elevation (rasters), when the region has streets;
 * places (places/serialize.ts bytes), when the manifest lists place sources.
 */
import { fareIndexesFromTimetable, type FareTables } from '../costs/gtfs-fares';
import { PlaceIndex } from '../places/place-index';
import { ElevationModel, Raster } from '../street/elevation';
import type { StreetGraph } from '../street/graph';
import { deserializeStreetGraph, serializeStreetGraph } from '../street/snapshot';
import type { Timetable } from '../timetable/model';
import type { ImportReport } from '../timetable/report';
import { decodeSnapshot, encodeSnapshot } from '../timetable/snapshot';
import { StreetPlanner } from '../street/street';
import type { RegionCostData } from '../costs/region-data';
import { createRegion, type Region } from './region';

export const REGION_SNAPSHOT_VERSION = 1;
const MAGIC = 'DRREGION';

/** Who the region is and whose data it holds (shown with the journeys). */
export interface RegionInfo {
  name: string;
  description?: string;
  attribution: string[];
  /** ISO 4217 code of fares and prices. */
  currency?: string;
  /** Own-car cost per mile from the manifest (else HMRC 45p in a GBP region). */
  carPencePerMile?: number;
  builtAt: string;
}

/** What the import did: the timetable's report plus the street and place builds. */
export interface RegionReport {
  timetable: ImportReport;
  street?: {
    osm: string;
    elevation: string[];
    vertices: number;
    edges: number;
    seconds: number;
    networkFootpaths: number;
  };
  places?: { records: number; counts: Record<string, number>; skipped: number; seconds: number };
}

export interface RegionSnapshot {
  info: RegionInfo;
  report: RegionReport;
  timetable: Timetable;
  street: StreetGraph | null;
  /** Elevation rasters (empty without elevation data). */
  elevation: Raster[];
  places: PlaceIndex | null;
  costs: RegionCostData;
  /** GTFS fare tables per feed name (fares are indexed from these and the timetable at load). */
  fareTables: Record<string, FareTables>;
}

/** One entry of a snapshot's section table: where its bytes start after the header, how many, their CRC-32. */
export interface RegionSnapshotSection {
  name: string;
  offset: number;
  bytes: number;
  crc: number;
}

interface RasterMeta {
  width: number;
  height: number;
  lat0: number;
  lng0: number;
  dLat: number;
  dLng: number;
}

interface Header {
  sections: RegionSnapshotSection[];
  rasters: RasterMeta[];
}

/** CRC-32 (IEEE) tables for slicing by 8: table k advances a byte through k further zero bytes. */
const CRC_TABLES = (() => {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) {
      const prev = t[(k - 1) * 256 + n] as number;
      t[k * 256 + n] = (t[prev & 0xff] as number) ^ (prev >>> 8);
    }
  }
  return t;
})();

/** CRC-32 as in zip and PNG; eight bytes a step (a few hundred MB/s), so checking costs little at load. */
export function crc32(bytes: Uint8Array): number {
  const t = CRC_TABLES;
  let c = -1;
  let i = 0;
  const end8 = bytes.length - (bytes.length % 8);
  for (; i < end8; i += 8) {
    const lo =
      c ^
      ((bytes[i] as number) |
        ((bytes[i + 1] as number) << 8) |
        ((bytes[i + 2] as number) << 16) |
        ((bytes[i + 3] as number) << 24));
    c =
      (t[1792 + (lo & 0xff)] as number) ^
      (t[1536 + ((lo >>> 8) & 0xff)] as number) ^
      (t[1280 + ((lo >>> 16) & 0xff)] as number) ^
      (t[1024 + (lo >>> 24)] as number) ^
      (t[768 + (bytes[i + 4] as number)] as number) ^
      (t[512 + (bytes[i + 5] as number)] as number) ^
      (t[256 + (bytes[i + 6] as number)] as number) ^
      (t[bytes[i + 7] as number] as number);
  }
  for (; i < bytes.length; i++) c = (t[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const align8 = (n: number): number => (n + 7) & ~7;
const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

export function encodeRegionSnapshot(s: RegionSnapshot): Uint8Array {
  const parts: [string, Uint8Array][] = [
    ['info', json(s.info)],
    ['report', json(s.report)],
    ['costs', json(s.costs)],
    ['fares', json(s.fareTables)],
    ['timetable', encodeSnapshot(s.timetable)],
  ];
  if (s.street) parts.push(['street', serializeStreetGraph(s.street)]);
  if (s.elevation.length > 0) {
    const total = s.elevation.reduce((n, r) => n + r.values.length, 0);
    const values = new Float32Array(total);
    let at = 0;
    for (const r of s.elevation) {
      values.set(r.values, at);
      at += r.values.length;
    }
    parts.push(['elevation', new Uint8Array(values.buffer)]);
  }
  if (s.places) parts.push(['places', s.places.serialize()]);
  const sections: RegionSnapshotSection[] = [];
  let offset = 0;
  for (const [name, bytes] of parts) {
    sections.push({ name, offset, bytes: bytes.byteLength, crc: crc32(bytes) });
    offset = align8(offset + bytes.byteLength);
  }
  const header: Header = {
    sections,
    rasters: s.elevation.map((r) => ({
      width: r.width,
      height: r.height,
      lat0: r.lat0,
      lng0: r.lng0,
      dLat: r.dLat,
      dLng: r.dLng,
    })),
  };
  const head = json(header);
  const dataStart = align8(16 + head.byteLength);
  const out = new Uint8Array(dataStart + offset);
  out.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, REGION_SNAPSHOT_VERSION, true);
  view.setUint32(12, head.byteLength, true);
  out.set(head, 16);
  parts.forEach(([, bytes], i) => out.set(bytes, dataStart + (sections[i] as RegionSnapshotSection).offset));
  return out;
}

export function isRegionSnapshot(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 8 && new TextDecoder().decode(bytes.subarray(0, 8)) === MAGIC;
}

/** The sections a snapshot holds and their sizes in bytes, from the header alone (for stats and the bench). */
export function regionSnapshotSections(bytes: Uint8Array): { name: string; bytes: number }[] {
  if (!isRegionSnapshot(bytes) || bytes.byteLength < 16) return [];
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headLength))) as Header;
  return header.sections.map((s) => ({ name: s.name, bytes: s.bytes }));
}

/** Thrown for a file that is not a region snapshot of this format, or is truncated or damaged. */
export class RegionSnapshotError extends Error {
  override name = 'RegionSnapshotError';
}

const failure =
  (label: string) =>
  (why: string): never => {
    throw new RegionSnapshotError(`${label}: ${why}; rebuild it with \`npm run planner -- import <region manifest>\``);
  };

/** Where the header ends (16 + its length), from a snapshot's first 16 bytes; checks the magic and the format version. */
export function regionSnapshotHeaderEnd(first: Uint8Array, label = 'region snapshot'): number {
  const fail = failure(label);
  if (!isRegionSnapshot(first)) fail('not a Drover region snapshot (bad magic)');
  if (first.byteLength < 16) fail('truncated header');
  const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
  const version = view.getUint32(8, true);
  if (version !== REGION_SNAPSHOT_VERSION)
    fail(`format version ${version}, this build reads version ${REGION_SNAPSHOT_VERSION}`);
  return 16 + view.getUint32(12, true);
}

function readHeader(bytes: Uint8Array, label: string): { header: Header; dataStart: number } {
  const fail = failure(label);
  const end = regionSnapshotHeaderEnd(bytes, label);
  if (end > bytes.byteLength) fail('truncated header');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, end))) as Header;
  } catch {
    return fail('damaged header');
  }
  if (!Array.isArray(header.sections) || !Array.isArray(header.rasters)) fail('damaged header');
  return { header, dataStart: align8(end) };
}

/**
 * The section table, from a snapshot's bytes up to at least the header's end (regionSnapshotHeaderEnd):
 * a reader that wants one section (the places) reads just the header and that section's bytes.
 * Section offsets count from `dataStart`.
 */
export function regionSnapshotSectionTable(
  head: Uint8Array,
  label = 'region snapshot',
): { dataStart: number; sections: RegionSnapshotSection[] } {
  const { header, dataStart } = readHeader(head, label);
  return { dataStart, sections: header.sections };
}

/** Inner decoders give their own reasons (e.g. an older timetable format): keep them, add the file. */
function decodeSection<T>(label: string, name: string, body: Uint8Array, decode: (b: Uint8Array) => T): T {
  try {
    return decode(body);
  } catch (err) {
    if (err instanceof RegionSnapshotError) throw err;
    return failure(label)(`section ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The place index from the bytes of a snapshot's `places` section (read on their own, 8-byte aligned); checks length and CRC-32. */
export function decodeRegionSnapshotPlaces(
  body: Uint8Array,
  section: RegionSnapshotSection,
  label = 'region snapshot',
): PlaceIndex {
  const fail = failure(label);
  if (body.byteLength !== section.bytes)
    fail(`truncated (section ${section.name} has ${body.byteLength} of its ${section.bytes} bytes)`);
  if (crc32(body) !== section.crc) fail(`section ${section.name} is damaged (checksum mismatch)`);
  return decodeSection(label, section.name, body, (b) => PlaceIndex.deserialize(b));
}

/**
 * Reads a region snapshot. `label` (the file's path) starts every error message. `check` verifies
 * each section's CRC-32 (default on; a few milliseconds per 10 MB).
 */
export function decodeRegionSnapshot(input: Uint8Array, label = 'region snapshot', check = true): RegionSnapshot {
  const fail = failure(label);
  // Typed-array views need aligned offsets: copy once if the bytes sit at an odd place.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice();
  const { header, dataStart } = readHeader(bytes, label);
  const got = new Map<string, Uint8Array>();
  for (const s of header.sections) {
    const start = dataStart + s.offset;
    if (start + s.bytes > bytes.byteLength)
      fail(`truncated (section ${s.name} ends at byte ${start + s.bytes} of ${bytes.byteLength})`);
    const body = bytes.subarray(start, start + s.bytes);
    if (check && crc32(body) !== s.crc) fail(`section ${s.name} is damaged (checksum mismatch)`);
    got.set(s.name, body);
  }
  const section = (name: string): Uint8Array => got.get(name) ?? fail(`missing section ${name}`);
  const parse = <T>(name: string): T => {
    try {
      return JSON.parse(new TextDecoder().decode(section(name))) as T;
    } catch (err) {
      if (err instanceof RegionSnapshotError) throw err;
      return fail(`section ${name} is not valid JSON`);
    }
  };
  const inner = <T>(name: string, decode: (b: Uint8Array) => T): T => decodeSection(label, name, section(name), decode);
  const elevation: Raster[] = [];
  const elevationBytes = got.get('elevation');
  if (elevationBytes) {
    const values = new Float32Array(elevationBytes.buffer, elevationBytes.byteOffset, elevationBytes.byteLength / 4);
    let at = 0;
    for (const m of header.rasters) {
      const n = m.width * m.height;
      if (at + n > values.length) fail('section elevation is shorter than its rasters');
      elevation.push(new Raster(m.width, m.height, values.subarray(at, at + n), m.lat0, m.lng0, m.dLat, m.dLng));
      at += n;
    }
  }
  return {
    info: parse<RegionInfo>('info'),
    report: parse<RegionReport>('report'),
    costs: parse<RegionCostData>('costs'),
    fareTables: parse<Record<string, FareTables>>('fares'),
    timetable: inner('timetable', decodeSnapshot),
    street: got.has('street') ? inner('street', deserializeStreetGraph) : null,
    elevation,
    places: got.has('places') ? inner('places', (b) => PlaceIndex.deserialize(b)) : null,
  };
}

/** The Region a snapshot describes: street planner with its elevation, fare indexes, places. */
export function regionFromSnapshot(s: RegionSnapshot): Region {
  const elevation = s.elevation.length > 0 ? new ElevationModel(s.elevation) : null;
  return createRegion({
    name: s.info.name,
    timetable: s.timetable,
    // No street graph (Tayside): street legs are flagged straight-line estimates.
    street: new StreetPlanner(s.street, { elevation }),
    costs: s.costs,
    fareIndexes: fareIndexesFromTimetable(s.timetable, s.fareTables),
    places: s.places,
    ...(s.info.currency ? { currency: s.info.currency } : {}),
    ...(s.info.carPencePerMile !== undefined ? { carPencePerMile: s.info.carPencePerMile } : {}),
  });
}
