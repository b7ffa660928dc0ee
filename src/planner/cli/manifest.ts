/** Region manifests (data/regions/<region>.json): which feeds make a region's timetable, with what options. */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BiasBox, StopKind } from '../places/types';
import type { BuildOptions, FeedInput } from '../timetable/build';
import { parseDay } from '../timetable/gtfs-time';
import { openGtfs } from '../timetable/node-io';

export interface RegionManifest {
  name: string;
  description?: string;
  /** Paths are relative to the manifest file. */
  snapshot: string;
  feeds: {
    name: string;
    gtfs: string;
    /** Map an expired feed's calendar onto [start + startOffsetDays, + days) by weekday. start: "today" or YYYY-MM-DD. */
    rollForward?: { start: string; startOffsetDays?: number; days: number };
    /** How the feed's stops appear in the place index (kind by default from its route types). */
    stops?: { kind?: StopKind; operator?: string; source?: string };
  }[];
  footpaths?: BuildOptions['footpaths'];
  /** OpenStreetMap extract (.osm.pbf): the street graph for walk, cycle and car legs and footpaths. */
  osm?: string;
  /** Elevation files (GeoTIFF or SRTM .hgt / .hgt.zip) for climbs and elevation per step. */
  elevation?: string[];
  /** Sources of the built-in place index; absent: the region has no place index. */
  places?: {
    geonames?: string;
    admin2Councils?: string;
    postcodes?: string;
    healthSites?: string;
    parkPlaces?: string;
    /** Named streets, addresses and POIs from the `osm` extract. */
    osm?: boolean;
    /** Places outside this box are dropped (default Great Britain). */
    country?: BiasBox;
  };
  /** Folder of cost files (taxis.json, fares.json, ...); default <manifest folder>/<name>; none: empty lists. */
  costs?: string;
  /** ISO 4217 code of fares and prices (default GBP). */
  currency?: string;
  /** Own-car cost per mile in the currency's minor unit (default: HMRC 45p in a GBP region, else unknown). */
  carPencePerMile?: number;
  attribution?: string[];
  /** Base layers of the server's fallback map (GeoJSON): council areas and railway lines. */
  map?: { councilAreas?: string; railways?: string };
}

export interface LoadedManifest {
  manifest: RegionManifest;
  path: string;
  snapshotPath: string;
  inputs: FeedInput[];
  options: BuildOptions;
  /** Absolute paths of the manifest's other files. */
  osmPath?: string;
  elevationPaths: string[];
  costsDir: string;
  feedPaths: string[];
  resolve: (relative: string) => string;
}

/** Reads and checks a manifest; `openFeeds` false skips opening the feeds (inputs stay empty) when only paths are needed. */
export async function loadManifest(path: string, today = new Date(), openFeeds = true): Promise<LoadedManifest> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as RegionManifest;
  if (!manifest.name || !manifest.snapshot || !Array.isArray(manifest.feeds) || manifest.feeds.length === 0) {
    throw new Error(`${path}: a manifest needs name, snapshot and at least one feed`);
  }
  const base = dirname(resolve(path));
  const inputs: FeedInput[] = [];
  for (const f of openFeeds ? manifest.feeds : []) {
    const input: FeedInput = { source: await openGtfs(resolve(base, f.gtfs), f.name) };
    if (f.rollForward) {
      const start = f.rollForward.start === 'today' ? Math.floor(today.getTime() / 86_400_000) : parseDay(f.rollForward.start);
      if (Number.isNaN(start)) throw new Error(`${path}: feed ${f.name}: rollForward.start must be "today" or YYYY-MM-DD`);
      const first = start + (f.rollForward.startOffsetDays ?? 0);
      input.rollForward = { first, last: first + f.rollForward.days - 1 };
    }
    inputs.push(input);
  }
  if (manifest.elevation !== undefined && !Array.isArray(manifest.elevation)) throw new Error(`${path}: elevation must be a list of files`);
  if (manifest.carPencePerMile !== undefined && !(Number.isFinite(manifest.carPencePerMile) && manifest.carPencePerMile >= 0)) {
    throw new Error(`${path}: carPencePerMile must be a number of pence (or cents) per mile, 0 or more`);
  }
  return {
    manifest,
    path,
    snapshotPath: resolve(base, manifest.snapshot),
    inputs,
    options: manifest.footpaths ? { footpaths: manifest.footpaths } : {},
    ...(manifest.osm ? { osmPath: resolve(base, manifest.osm) } : {}),
    elevationPaths: (manifest.elevation ?? []).map((e) => resolve(base, e)),
    costsDir: resolve(base, manifest.costs ?? manifest.name),
    feedPaths: manifest.feeds.map((f) => resolve(base, f.gtfs)),
    resolve: (relative) => resolve(base, relative),
  };
}
