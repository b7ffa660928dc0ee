/**
 * Node-only: builds a region snapshot from a region manifest (GTFS feeds, optional OSM streets
 * and elevation, place sources, cost files) and reads/writes snapshot files.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadManifest, type LoadedManifest } from './manifest-node';
import { fareTablesFromRawFeed } from '../costs/gtfs-fare-source';
import type { FareTables } from '../costs/gtfs-fares';
import { loadRegionCostData } from '../costs/region-data-node';
import { modeFactors, parseEmissionFactorsCsv } from '../costs/emission-factors';
import { stopsFromGtfsZip, stopsFromRawFeed } from '../places/gtfs-stops';
import { osmPlacesFromPbf } from '../places/osm-places';
import { readNaptanFiles } from '../uk/uk-node';
import { PlaceIndex } from '../places/place-index';
import { assembleRegionPlaces, type RegionSources } from '../places/region';
import type { StopInput } from '../places/types';
import { loadElevation } from '../street/elevation-node';
import { networkFootpaths } from '../street/footpaths';
import type { StreetGraph } from '../street/graph';
import { buildStreetGraphFromFile, fileChunks } from '../street/osm-node';
import { StreetPlanner } from '../street/street';
import { buildTimetable, type BuildOptions } from '../timetable/build';
import { FOOT_SOURCE } from '../timetable/footpaths';
import type { RawFeed } from '../timetable/raw-feed';
import type { RegionCostData } from '../costs/region-data';
import {
  decodeRegionSnapshot,
  decodeRegionSnapshotPlaces,
  encodeRegionSnapshot,
  regionSnapshotHeaderEnd,
  regionSnapshotSectionTable,
  type RegionReport,
  type RegionSnapshot,
} from './snapshot';
import { fileURLToPath } from 'node:url';

export const DESNZ_CSV = fileURLToPath(
  new URL('../../../data/reference/emission-factors-desnz-2025.csv', import.meta.url),
);

/** A region with no cost files: no taxi scales, car clubs, bike hire, DRT or published fares. */
export async function emptyRegionCosts(csv = DESNZ_CSV): Promise<RegionCostData> {
  return {
    taxis: { councils: [] },
    carClubs: { clubs: [], terms: [] },
    bikeHire: { schemes: [], not_current: [] },
    drt: { services: [] },
    fares: { coach_operators: [], published_fares: [] },
    paymentMethods: { agencies: [] },
    councilAreas: [],
    emissionFactors: modeFactors(parseEmissionFactorsCsv(await readFile(csv, 'utf8'))),
  };
}

const seconds = (since: number): number => Math.round((performance.now() - since) / 100) / 10;

/**
 * Timetable build option: as each feed loads, the stop places (for a manifest with places) and fare
 * tables are taken from it, so neither reads the feed's files again. Stops are kept per feed by name.
 */
export function feedReaders(loaded: LoadedManifest): {
  option: Pick<BuildOptions, 'onFeed'>;
  stops: Map<string, StopInput[]>;
  fareTables: Record<string, FareTables>;
} {
  const stops = new Map<string, StopInput[]>();
  const fareTables: Record<string, FareTables> = {};
  // Zipped GTFS feeds give stop places; a feed in a folder still routes but adds none
  // (TransXChange feeds' stops come from NaPTAN).
  const placeFeeds = new Map(
    loaded.manifest.places
      ? loaded.manifest.feeds
          .filter((f, i) => f.gtfs && /\.zip$/i.test(loaded.feedPaths[i] as string))
          .map((f) => [f.name, f])
      : [],
  );
  const onFeed = (raw: RawFeed) => {
    fareTables[raw.name] = fareTablesFromRawFeed(raw);
    const feed = placeFeeds.get(raw.name);
    if (feed) stops.set(raw.name, stopsFromRawFeed(raw, { feed: feed.name, ...feed.stops }));
  };
  return { option: { onFeed }, stops, fareTables };
}

/** Stop places read from the zipped feeds themselves: for the places alone, where no timetable is built. */
async function zipFeedStops(loaded: LoadedManifest): Promise<Map<string, StopInput[]>> {
  const stops = new Map<string, StopInput[]>();
  for (const [i, feed] of loaded.manifest.feeds.entries()) {
    const path = loaded.feedPaths[i] as string;
    if (!feed.gtfs || !/\.zip$/i.test(path)) continue;
    stops.set(feed.name, stopsFromGtfsZip(new Uint8Array(await readFile(path)), { feed: feed.name, ...feed.stops }));
  }
  return stops;
}

/**
 * The place index a manifest's `places` section describes (null without one); the snapshot build's places step.
 * `feedStops`: each feed's stop places by feed name, as the timetable build loaded them (feedReaders);
 * without it (the places alone) they are read from the zipped feeds.
 */
export async function buildRegionPlaces(
  loaded: LoadedManifest,
  feedStops?: ReadonlyMap<string, StopInput[]>,
): Promise<{ index: PlaceIndex; report: NonNullable<RegionReport['places']> } | null> {
  const p = loaded.manifest.places;
  if (!p) return null;
  const started = performance.now();
  const text = async (rel: string | undefined): Promise<string | undefined> =>
    rel ? readFile(loaded.resolve(rel), 'utf8') : undefined;
  const byFeed = feedStops ?? (await zipFeedStops(loaded));
  // In manifest order.
  const stops = loaded.manifest.feeds.flatMap((f) => byFeed.get(f.name) ?? []);
  const sources: RegionSources = {
    geonamesCsv: await text(p.geonames),
    admin2CouncilsCsv: await text(p.admin2Councils),
    postcodesCsv: await text(p.postcodes),
    healthSitesCsv: await text(p.healthSites),
    parkPlacesCsv: await text(p.parkPlaces),
    stops,
    ...(loaded.naptanPaths.length ? { naptan: (await readNaptanFiles(loaded.naptanPaths)).stops } : {}),
  };
  if (p.osm) {
    if (!loaded.osmPath) throw new Error(`${loaded.path}: places.osm needs an osm file`);
    const osmPath = loaded.osmPath;
    sources.osm = await osmPlacesFromPbf(() => fileChunks(osmPath));
  }
  const region = assembleRegionPlaces(sources);
  const index = PlaceIndex.build(region.records, {
    attributions: region.attributions,
    ...(p.country ? { country: p.country } : {}),
  });
  return {
    index,
    report: {
      records: index.data.ids.length,
      counts: region.counts,
      skipped: region.skipped.length,
      seconds: seconds(started),
    },
  };
}

/** Timetable build option: footpaths between stops walk the street graph, where there is one. */
export function networkFootpathOption(graph: StreetGraph | null): Pick<BuildOptions, 'walkNetwork'> {
  if (!graph) return {};
  const planner = new StreetPlanner(graph);
  return { walkNetwork: (points, maxSeconds) => networkFootpaths(planner, points, maxSeconds) };
}

/** Everything the import does for a manifest, in memory. */
export async function buildRegionSnapshot(
  manifest: string | LoadedManifest,
  today = new Date(),
): Promise<RegionSnapshot> {
  const loaded = typeof manifest === 'string' ? await loadManifest(manifest, today) : manifest;
  const m = loaded.manifest;
  let street: StreetGraph | null = null;
  let streetReport: RegionReport['street'];
  const elevation = loaded.elevationPaths.length > 0 ? await loadElevation(loaded.elevationPaths) : null;
  if (loaded.osmPath) {
    const started = performance.now();
    // With elevation, climbs slow walking and cycling on the graph's edges.
    // A corrupt block is named (file, byte offset) in the import report and skipped; a clipped region keeps its box.
    const osmFile = loaded.osmPath.split(/[\\/]/).pop() ?? loaded.osmPath;
    const issues = [...(loaded.options.issues ?? [])];
    street = (
      await buildStreetGraphFromFile(loaded.osmPath, {
        elevation,
        ...(loaded.clip ? { box: loaded.clip.box } : {}),
        onCorrupt: (_offset, message) => issues.push({ feed: 'osm', file: osmFile, line: 0, message }),
      })
    ).graph;
    loaded.options.issues = issues;
    streetReport = {
      osm: loaded.osmPath,
      elevation: loaded.elevationPaths,
      vertices: street.vertexCount,
      edges: street.edgeCount,
      seconds: seconds(started),
      networkFootpaths: 0,
    };
  }
  const feeds = feedReaders(loaded);
  const timetable = await buildTimetable(loaded.inputs, {
    ...loaded.options,
    ...networkFootpathOption(street),
    ...feeds.option,
  });
  if (streetReport)
    streetReport.networkFootpaths = timetable.footSource.reduce((n, x) => n + (x === FOOT_SOURCE.network ? 1 : 0), 0);
  const fareTables = feeds.fareTables;
  const costs = existsSync(loaded.costsDir) ? await loadRegionCostData(loaded.costsDir) : await emptyRegionCosts();
  const places = await buildRegionPlaces(loaded, feeds.stops);
  return {
    info: {
      name: m.name,
      ...(m.description ? { description: m.description } : {}),
      attribution: m.attribution ?? [],
      ...(m.currency ? { currency: m.currency } : {}),
      ...(m.carPencePerMile !== undefined ? { carPencePerMile: m.carPencePerMile } : {}),
      builtAt: new Date().toISOString(),
    },
    report: {
      timetable: timetable.report,
      ...(streetReport ? { street: streetReport } : {}),
      ...(places ? { places: places.report } : {}),
    },
    timetable,
    street,
    elevation: elevation ? [...elevation.rasters] : [],
    places: places?.index ?? null,
    costs,
    fareTables,
  };
}

/** Every file a manifest's snapshot is built from (manifest, feeds, OSM, elevation, place sources, cost files). */
export async function manifestSourceFiles(loaded: LoadedManifest): Promise<string[]> {
  const p = loaded.manifest.places;
  const places = p
    ? [p.geonames, p.admin2Councils, p.postcodes, p.healthSites, p.parkPlaces]
        .filter((f): f is string => !!f)
        .map(loaded.resolve)
    : [];
  const costs = existsSync(loaded.costsDir)
    ? (await readdir(loaded.costsDir)).filter((f) => f.endsWith('.json')).map((f) => join(loaded.costsDir, f))
    : [];
  return [
    loaded.path,
    ...loaded.feedPaths,
    ...loaded.ukPaths,
    ...(loaded.osmPath ? [loaded.osmPath] : []),
    ...loaded.elevationPaths,
    ...places,
    ...costs,
  ];
}

/** True when a source file changed after the snapshot was written (then the snapshot no longer describes them). */
export async function snapshotIsStale(snapshotPath: string, loaded: LoadedManifest): Promise<boolean> {
  const built = (await stat(snapshotPath)).mtimeMs;
  for (const f of await manifestSourceFiles(loaded)) {
    const info = await stat(f).catch(() => null);
    if (info && info.mtimeMs > built) return true;
  }
  return false;
}

/** Writes through a temporary file and a rename, so a reader never sees half a snapshot. */
export async function writeRegionSnapshotFile(path: string, snapshot: RegionSnapshot): Promise<number> {
  const bytes = encodeRegionSnapshot(snapshot);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, path);
  return bytes.byteLength;
}

/** Reads and checks a snapshot file; errors name the file. A missing file rejects with ENOENT. */
export async function readRegionSnapshotFile(path: string): Promise<RegionSnapshot> {
  const buf = await readFile(path);
  return decodeRegionSnapshot(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), path);
}

/**
 * Only the place index of a snapshot file (null when the region has none): reads the header and
 * the places section, not the timetable or streets (the server's autocomplete needs no more).
 * Errors name the file; a missing file rejects with ENOENT.
 */
export async function readRegionSnapshotPlaces(path: string): Promise<PlaceIndex | null> {
  const file = await open(path, 'r');
  try {
    // A fresh buffer per read: offset 0 keeps the index's typed-array views aligned.
    const read = async (position: number, length: number): Promise<Uint8Array> => {
      const bytes = new Uint8Array(length);
      const { bytesRead } = await file.read(bytes, 0, length, position);
      return bytes.subarray(0, bytesRead);
    };
    const headerEnd = regionSnapshotHeaderEnd(await read(0, 16), path);
    const { dataStart, sections } = regionSnapshotSectionTable(await read(0, headerEnd), path);
    const section = sections.find((s) => s.name === 'places');
    if (!section) return null;
    return decodeRegionSnapshotPlaces(await read(dataStart + section.offset, section.bytes), section, path);
  } finally {
    await file.close();
  }
}
