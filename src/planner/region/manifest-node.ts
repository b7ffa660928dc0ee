/** Region manifests (data/regions/<region>.json): which feeds make a region's timetable, with what options. */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BiasBox, StopKind } from '../places/types';
import type { BuildOptions, FeedInput } from '../timetable/build';
import { parseDay } from '../timetable/gtfs-time';
import { openGtfs } from '../timetable/node-io';
import type { ImportIssue } from '../timetable/report';
import { openRoutePatternFeed, openTxcFeed, readNaptanFiles, timetabledRoutes } from '../uk/uk-node';
import { openCifFeed } from '../timetable/cif/cif-node';
import { councilAreasFromGeoJson } from '../geo/council-areas';
import { regionClip, type RegionClip } from '../geo/region-clip';

async function loadClip(path: string, base: string, clip: NonNullable<RegionManifest['clip']>): Promise<RegionClip> {
  if (!clip.councilAreas || !Array.isArray(clip.councils) || clip.councils.length === 0)
    throw new Error(`${path}: clip needs councilAreas (a GeoJSON file) and a list of councils`);
  const areas = councilAreasFromGeoJson(
    JSON.parse(await readFile(resolve(base, clip.councilAreas), 'utf8')),
    clip.councils,
  );
  const missing = clip.councils.filter((c) => !areas.some((a) => a.name === c));
  if (missing.length) throw new Error(`${path}: clip: no council named ${missing.join(', ')} in ${clip.councilAreas}`);
  return regionClip(areas, (clip.marginKm ?? 5) * 1000);
}

export interface RegionManifest {
  name: string;
  description?: string;
  /** Paths are relative to the manifest file. */
  snapshot: string;
  feeds: {
    name: string;
    /** A GTFS zip or folder; or else `txc`, `cif` or `routePatterns`. */
    gtfs?: string;
    /**
     * A folder with a route-pattern network (uk/route-patterns.ts: route_patterns.csv, pattern_links.csv,
     * walk_links.csv): services without departure times, planned as frequency windows. Routes that a feed
     * listed before it in the manifest runs with real times are left out.
     */
    routePatterns?: string;
    /** routePatterns: calendars the source lists each journey under, by operator (default 1). */
    listings?: Record<string, number>;
    /** routePatterns: the shortest waiting allowance, minutes (default 10). */
    minimumWaitMinutes?: number;
    /** A rail timetable in CIF as the Rail Delivery Group publishes it (the ttisf zip, or a folder of its files). */
    cif?: string;
    /** TransXChange: .xml files, folders of them or zips (as Traveline Scotland publishes them), one feed. */
    txc?: string | string[];
    /** Map an expired feed's calendar onto [start + startOffsetDays, + days) by weekday. start: "today" or YYYY-MM-DD. */
    rollForward?: { start: string; startOffsetDays?: number; days: number };
    /** How the feed's stops appear in the place index (kind by default from its route types). */
    stops?: { kind?: StopKind; operator?: string; source?: string };
  }[];
  footpaths?: BuildOptions['footpaths'];
  /**
   * Clip national sources (TransXChange, CIF; the OSM extract to the box) to these council areas
   * of a GeoJSON file (features with properties.name), plus a margin (default 5 km).
   */
  clip?: { councilAreas: string; councils: string[]; marginKm?: number };
  /** NaPTAN CSVs (one per council): stop names and positions for TransXChange, stops and localities for place search. */
  naptan?: string[];
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
  /** One per feed: the GTFS path, or a TransXChange feed's first path. */
  feedPaths: string[];
  /** Every TransXChange path and NaPTAN file (for staleness checks). */
  ukPaths: string[];
  naptanPaths: string[];
  /** The region national sources were clipped to (manifest `clip`). */
  clip?: RegionClip;
  /** Per TransXChange or CIF feed: what its import counted (files, schedules, calls, journeys outside the region...). */
  sourceCounts: Record<string, Record<string, number>>;
  resolve: (relative: string) => string;
}

/** Reads and checks a manifest; `openFeeds` false skips opening the feeds (inputs stay empty) when only paths are needed. */
export async function loadManifest(path: string, today = new Date(), openFeeds = true): Promise<LoadedManifest> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as RegionManifest;
  if (!manifest.name || !manifest.snapshot || !Array.isArray(manifest.feeds) || manifest.feeds.length === 0) {
    throw new Error(`${path}: a manifest needs name, snapshot and at least one feed`);
  }
  const base = dirname(resolve(path));
  const txcPaths = (f: RegionManifest['feeds'][number]): string[] =>
    (f.txc === undefined ? [] : Array.isArray(f.txc) ? f.txc : [f.txc]).map((p) => resolve(base, p));
  for (const f of manifest.feeds) {
    if ([f.gtfs, txcPaths(f).length > 0, f.routePatterns, f.cif].filter(Boolean).length !== 1)
      throw new Error(`${path}: feed ${f.name} needs one of gtfs, txc, cif or routePatterns`);
    if (
      f.listings !== undefined &&
      (typeof f.listings !== 'object' || Object.values(f.listings).some((n) => !(Number.isInteger(n) && n >= 1)))
    )
      throw new Error(`${path}: feed ${f.name}: listings must map operators to whole numbers of 1 or more`);
  }
  const clip = manifest.clip ? await loadClip(path, base, manifest.clip) : undefined;
  if (manifest.naptan !== undefined && !Array.isArray(manifest.naptan))
    throw new Error(`${path}: naptan must be a list of files`);
  const naptanPaths = (manifest.naptan ?? []).map((p) => resolve(base, p));
  const inputs: FeedInput[] = [];
  const issues: ImportIssue[] = [];
  const counts: Record<string, Record<string, number>> = {};
  // Read here for TransXChange stop positions and so a bad row is in the import report (the places step reads them again).
  const naptan = openFeeds && naptanPaths.length > 0 ? await readNaptanFiles(naptanPaths) : { stops: [], issues: [] };
  issues.push(...naptan.issues);
  for (const f of openFeeds ? manifest.feeds : []) {
    let roll: FeedInput['rollForward'];
    if (f.rollForward) {
      const start =
        f.rollForward.start === 'today' ? Math.floor(today.getTime() / 86_400_000) : parseDay(f.rollForward.start);
      if (Number.isNaN(start))
        throw new Error(`${path}: feed ${f.name}: rollForward.start must be "today" or YYYY-MM-DD`);
      const first = start + (f.rollForward.startOffsetDays ?? 0);
      roll = { first, last: first + f.rollForward.days - 1 };
    }
    if (f.gtfs)
      inputs.push({ source: await openGtfs(resolve(base, f.gtfs), f.name), ...(roll ? { rollForward: roll } : {}) });
    else if (f.cif) {
      const cif = await openCifFeed(resolve(base, f.cif), f.name, clip?.keep);
      inputs.push({ ...cif.input, ...(roll ? { rollForward: roll } : {}) });
      issues.push(...cif.issues);
      counts[f.name] = { ...cif.counts };
    } else if (f.routePatterns) {
      const timetabled = new Set<string>();
      for (const input of inputs) for (const key of await timetabledRoutes(input.source)) timetabled.add(key);
      const patterns = await openRoutePatternFeed(
        resolve(base, f.routePatterns),
        f.name,
        naptan.stops,
        {
          timetabled,
          ...(f.listings ? { listings: f.listings } : {}),
          ...(f.minimumWaitMinutes !== undefined ? { minimumAllowance: f.minimumWaitMinutes * 60 } : {}),
        },
        today,
      );
      inputs.push(patterns.input);
      issues.push(...patterns.feed.issues);
    } else {
      const txc = await openTxcFeed(txcPaths(f), f.name, naptan.stops, today, roll, clip?.keep);
      inputs.push(txc.input);
      issues.push(...txc.feed.issues);
      counts[f.name] = { files: txc.feed.files, outsideRegion: txc.clipped };
    }
  }
  if (manifest.elevation !== undefined && !Array.isArray(manifest.elevation))
    throw new Error(`${path}: elevation must be a list of files`);
  if (
    manifest.carPencePerMile !== undefined &&
    !(Number.isFinite(manifest.carPencePerMile) && manifest.carPencePerMile >= 0)
  ) {
    throw new Error(`${path}: carPencePerMile must be a number of pence (or cents) per mile, 0 or more`);
  }
  return {
    manifest,
    path,
    snapshotPath: resolve(base, manifest.snapshot),
    inputs,
    options: { ...(manifest.footpaths ? { footpaths: manifest.footpaths } : {}), ...(issues.length ? { issues } : {}) },
    ...(manifest.osm ? { osmPath: resolve(base, manifest.osm) } : {}),
    elevationPaths: (manifest.elevation ?? []).map((e) => resolve(base, e)),
    costsDir: resolve(base, manifest.costs ?? manifest.name),
    feedPaths: manifest.feeds.map((f) =>
      f.gtfs
        ? resolve(base, f.gtfs)
        : f.routePatterns
          ? resolve(base, f.routePatterns, 'route_patterns.csv')
          : f.cif
            ? resolve(base, f.cif)
            : (txcPaths(f)[0] as string),
    ),
    ...(clip ? { clip } : {}),
    sourceCounts: counts,
    ukPaths: [
      ...manifest.feeds.flatMap(txcPaths),
      ...manifest.feeds.flatMap((f) =>
        f.routePatterns
          ? ['route_patterns.csv', 'pattern_links.csv', 'walk_links.csv'].map((n) => resolve(base, f.routePatterns!, n))
          : [],
      ),
      ...naptanPaths,
    ],
    naptanPaths,
    resolve: (relative) => resolve(base, relative),
  };
}
