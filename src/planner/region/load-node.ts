/**
 * Node-only: loads a Region from disk - a region manifest (data/regions/<name>.json with its cost
 * files in data/regions/<name>/), or plain GTFS files plus optional OSM streets and elevation
 * (test regions such as Porto Alegre, which have no cost files: empty lists, DESNZ factors).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifest } from './manifest-node';
import { fareTablesFromRawFeed } from '../costs/gtfs-fare-source';
import { fareIndexesFromTimetable, type FareTables } from '../costs/gtfs-fares';
import { loadElevation } from '../street/elevation-node';
import { buildStreetGraphFromFile } from '../street/osm-node';
import { StreetPlanner } from '../street/street';
import { buildTimetable, type FeedInput } from '../timetable/build';
import { openGtfs } from '../timetable/node-io';
import { createRegion, type Region } from './region';
import type { PlaceIndex } from '../places/place-index';
import {
  buildRegionPlaces,
  buildRegionSnapshot,
  DESNZ_CSV,
  emptyRegionCosts,
  networkFootpathOption,
  readRegionSnapshotFile,
  readRegionSnapshotPlaces,
  snapshotIsStale,
} from './build-node';
import { decodeRegionSnapshot, encodeRegionSnapshot, regionFromSnapshot } from './snapshot';
import { open, readFile } from 'node:fs/promises';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const TAYSIDE_MANIFEST = join(REPO_ROOT, 'data/regions/tayside.json');
export { DESNZ_CSV, emptyRegionCosts };

export interface ManifestRegionOptions {
  /** 'snapshot' reads the built region snapshot (default; built in memory when the file is missing); 'build' imports everything in memory. */
  timetable?: 'snapshot' | 'build';
  today?: Date;
  /** Read this snapshot file instead of the one the manifest names. */
  snapshot?: string;
}

/**
 * The snapshot file to read for a manifest, or null when it must be built in memory: a fresh clone
 * has no snapshot yet, and a snapshot older than one of its source files is out of date.
 */
async function usableSnapshot(path: string, options: ManifestRegionOptions): Promise<string | null> {
  if (options.timetable === 'build') return null;
  const paths = await loadManifest(path, options.today, false);
  const snapshotPath = options.snapshot ?? paths.snapshotPath;
  try {
    // A snapshot older than its sources would plan on old data: build afresh instead.
    return (await snapshotIsStale(snapshotPath, paths)) ? null : snapshotPath;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return null;
  }
}

/**
 * The region a manifest describes, from its snapshot file (data/build/<name>.region.bin, written by
 * `planner import <manifest>`), else built in memory (see usableSnapshot). A damaged, truncated or
 * older-format file is an error naming the file.
 */
export async function loadRegionFromManifest(
  path = TAYSIDE_MANIFEST,
  options: ManifestRegionOptions = {},
): Promise<Region> {
  const snapshot = await usableSnapshot(path, options);
  if (snapshot) return regionFromSnapshot(await readRegionSnapshotFile(snapshot));
  return regionFromSnapshot(await buildRegionSnapshot(await loadManifest(path, options.today), options.today));
}

/**
 * The bytes of the region snapshot a manifest describes (what the server serves as the region's
 * pack for planning on a device): its snapshot file when usable, else built in memory and encoded.
 */
export async function regionSnapshotBytes(
  path = TAYSIDE_MANIFEST,
  options: ManifestRegionOptions = {},
): Promise<Uint8Array> {
  const snapshot = await usableSnapshot(path, options);
  if (snapshot) {
    const buf = await readFile(snapshot);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  return encodeRegionSnapshot(await buildRegionSnapshot(await loadManifest(path, options.today), options.today));
}

/**
 * One region's snapshot bytes in memory that every planner thread of a process reads
 * (SharedArrayBuffer: the threads decode views over it, so the region is held once). `label`
 * names where the bytes came from in error messages. Read-only once shared: nothing may write to it.
 */
export interface SharedRegionSnapshot {
  label: string;
  bytes: SharedArrayBuffer;
}

/** Copies bytes into shared memory (once per region and process). */
export function toSharedSnapshot(label: string, bytes: Uint8Array): SharedRegionSnapshot {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return { label, bytes: shared };
}

/**
 * The usable snapshot file of a manifest read straight into shared memory (no other copy), or null
 * when there is none and the region must be built (regionSnapshotBytes, best in a thread of its
 * own: a build is seconds of work and a few hundred MB at its peak). Checks nothing beyond reading
 * the whole file: decodeRegionSnapshot checks the format and each section's CRC-32.
 */
export async function readSharedRegionSnapshot(
  path = TAYSIDE_MANIFEST,
  options: ManifestRegionOptions = {},
): Promise<SharedRegionSnapshot | null> {
  const snapshot = await usableSnapshot(path, options);
  if (!snapshot) return null;
  const file = await open(snapshot, 'r');
  try {
    const { size } = await file.stat();
    const bytes = new SharedArrayBuffer(size);
    const view = new Uint8Array(bytes);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await file.read(view, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    // A file cut short while we read it (a rebuild renames a new one in place, so this is rare).
    if (at < size) throw new Error(`${snapshot}: read ${at} of its ${size} bytes`);
    return { label: snapshot, bytes };
  } finally {
    await file.close();
  }
}

/** The Region in shared snapshot bytes: typed arrays are views over the shared memory, not copies. */
export function regionFromSharedSnapshot(shared: SharedRegionSnapshot): Region {
  return regionFromSnapshot(decodeRegionSnapshot(new Uint8Array(shared.bytes), shared.label));
}

export interface ManifestPlaces {
  /** The manifest's region name. */
  name: string;
  /** Null when the manifest has no `places` section. */
  places: PlaceIndex | null;
  /** The snapshot file read, or 'built' when the places were built from the manifest's sources. */
  from: string;
}

/**
 * Only the place index of the region a manifest describes: its snapshot's places section, or, as
 * loadRegionFromManifest does without a usable snapshot, built in memory (just the places step of
 * the snapshot build, not the timetable).
 */
export async function loadPlacesFromManifest(
  path = TAYSIDE_MANIFEST,
  options: ManifestRegionOptions = {},
): Promise<ManifestPlaces> {
  const loaded = await loadManifest(path, options.today, false);
  const snapshot = await usableSnapshot(path, options);
  if (snapshot) return { name: loaded.manifest.name, places: await readRegionSnapshotPlaces(snapshot), from: snapshot };
  return { name: loaded.manifest.name, places: (await buildRegionPlaces(loaded))?.index ?? null, from: 'built' };
}

export interface FilesRegionOptions {
  name: string;
  gtfs: string[];
  osm?: string;
  elevation?: string[];
  currency?: string;
  emissionFactorsCsv?: string;
}

export async function loadRegionFromFiles(o: FilesRegionOptions): Promise<Region> {
  const inputs: FeedInput[] = await Promise.all(o.gtfs.map(async (p) => ({ source: await openGtfs(p) })));
  const elevation = o.elevation?.length ? await loadElevation(o.elevation) : null;
  const graph = o.osm ? (await buildStreetGraphFromFile(o.osm)).graph : null;
  // Fare tables (with stop zones) from each feed as the timetable build loads it, not read again.
  const fareTables: Record<string, FareTables> = {};
  const tt = await buildTimetable(inputs, {
    ...networkFootpathOption(graph),
    onFeed: (raw) => (fareTables[raw.name] = fareTablesFromRawFeed(raw)),
  });
  return createRegion({
    name: o.name,
    timetable: tt,
    street: new StreetPlanner(graph, { elevation }),
    costs: await emptyRegionCosts(o.emissionFactorsCsv),
    fareIndexes: fareIndexesFromTimetable(tt, fareTables),
    ...(o.currency ? { currency: o.currency } : {}),
  });
}

export const PORTO_ALEGRE_DIR = resolve(REPO_ROOT, 'data/test/porto-alegre');

export function loadPortoAlegre(): Promise<Region> {
  return loadRegionFromFiles({
    name: 'porto-alegre',
    gtfs: [join(PORTO_ALEGRE_DIR, 'gtfs-eptc-bus.zip'), join(PORTO_ALEGRE_DIR, 'gtfs-trensurb-metro.zip')],
    osm: join(PORTO_ALEGRE_DIR, 'streets.osm.pbf'),
    elevation: [join(PORTO_ALEGRE_DIR, 'elevation.tif')],
    currency: 'BRL',
  });
}
