/**
 * Node-only: loads a Region from disk - a region manifest (data/regions/<name>.json with its cost
 * files in data/regions/<name>/), or plain GTFS files plus optional OSM streets and elevation
 * (test regions such as Porto Alegre, which have no cost files: empty lists, DESNZ factors).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadManifest } from '../cli/manifest';
import { readFareTables } from '../costs/gtfs-fare-source';
import { fareIndexesFromTimetable, type FareTables } from '../costs/gtfs-fares';
import { loadRegionCostData } from '../costs/region-data-node';
import { modeFactors, parseEmissionFactorsCsv } from '../emissions/factors';
import { loadElevation } from '../street/elevation-node';
import { buildStreetGraphFromFile } from '../street/osm-node';
import { StreetPlanner } from '../street/street';
import { buildTimetable, type FeedInput } from '../timetable/build';
import { openGtfs, readSnapshotFile } from '../timetable/node-io';
import { decodeSnapshot } from '../timetable/snapshot';
import type { Timetable } from '../timetable/model';
import { createRegion, type Region, type RegionCosts } from './region';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const TAYSIDE_MANIFEST = join(REPO_ROOT, 'data/regions/tayside.json');
export const DESNZ_CSV = resolve(REPO_ROOT, '../shared/data/reference/emission-factors-desnz-2025.csv');

export interface ManifestRegionOptions {
  /** 'snapshot' reads the built snapshot (default); 'build' imports the feeds in memory. */
  timetable?: 'snapshot' | 'build';
  today?: Date;
}

async function fareIndexes(tt: Timetable, inputs: readonly FeedInput[]) {
  const more: Record<string, FareTables> = {};
  for (const i of inputs) more[i.source.name] = await readFareTables(i.source);
  return fareIndexesFromTimetable(tt, more);
}

export async function loadRegionFromManifest(path = TAYSIDE_MANIFEST, options: ManifestRegionOptions = {}): Promise<Region> {
  const loaded = await loadManifest(path, options.today);
  let tt: Timetable;
  if (options.timetable === 'build') tt = await buildTimetable(loaded.inputs, loaded.options);
  else {
    try {
      tt = decodeSnapshot(await readSnapshotFile(loaded.snapshotPath));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      tt = await buildTimetable(loaded.inputs, loaded.options);
    }
  }
  const costs = await loadRegionCostData(join(dirname(resolve(path)), loaded.manifest.name));
  // No street graph in the manifest (Tayside): street legs are flagged straight-line estimates.
  return createRegion({ name: loaded.manifest.name, timetable: tt, street: new StreetPlanner(null), costs, fareIndexes: await fareIndexes(tt, loaded.inputs) });
}

export interface FilesRegionOptions {
  name: string;
  gtfs: string[];
  osm?: string;
  elevation?: string[];
  currency?: string;
  emissionFactorsCsv?: string;
}

/** A region with no cost files: no taxi scales, car clubs, bike hire, DRT or published fares. */
export async function emptyRegionCosts(csv = DESNZ_CSV): Promise<RegionCosts> {
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

export async function loadRegionFromFiles(o: FilesRegionOptions): Promise<Region> {
  const inputs: FeedInput[] = await Promise.all(o.gtfs.map(async (p) => ({ source: await openGtfs(p) })));
  const tt = await buildTimetable(inputs);
  const elevation = o.elevation?.length ? await loadElevation(o.elevation) : null;
  const graph = o.osm ? (await buildStreetGraphFromFile(o.osm)).graph : null;
  return createRegion({
    name: o.name, timetable: tt, street: new StreetPlanner(graph, { elevation }), costs: await emptyRegionCosts(o.emissionFactorsCsv),
    fareIndexes: await fareIndexes(tt, inputs), ...(o.currency ? { currency: o.currency } : {}),
  });
}

export const PORTO_ALEGRE_DIR = resolve(REPO_ROOT, '../shared/data/test/porto-alegre');

export function loadPortoAlegre(): Promise<Region> {
  return loadRegionFromFiles({
    name: 'porto-alegre',
    gtfs: [join(PORTO_ALEGRE_DIR, 'gtfs-eptc-bus.zip'), join(PORTO_ALEGRE_DIR, 'gtfs-trensurb-metro.zip')],
    osm: join(PORTO_ALEGRE_DIR, 'streets.osm.pbf'),
    elevation: [join(PORTO_ALEGRE_DIR, 'elevation.tif')],
    currency: 'BRL',
  });
}
