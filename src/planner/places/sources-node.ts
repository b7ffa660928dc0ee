/**
 * Node-side loading of the Tayside place sources: the copied geo/facts files in
 * data/tayside and the GTFS feeds (data/tayside/gtfs).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopsFromGtfsZip } from './gtfs-stops';
import type { GtfsStopsOptions } from './gtfs-stops';
import { PlaceIndex } from './place-index';
import { assembleRegionPlaces } from './region';
import type { RegionPlaces, RegionSources } from './region';
import type { StopInput } from './types';

// A string, not `new URL(...)`: under jsdom (web component tests) the global URL is not Node's.
const REPO = resolve(fileURLToPath(import.meta.url), '../../../..');

export const TAYSIDE_DATA_DIR = join(REPO, 'data/tayside');

/** The Tayside feeds whose stops become places. */
export const TAYSIDE_FEEDS: (GtfsStopsOptions & { file: string })[] = [
  { file: 'rail-scotland-2022.zip', feed: 'rail', kind: 'rail', source: 'gtfs-rail' },
  // Ember's routes.txt says route_type 3 (bus); it is an intercity coach, named as such.
  { file: 'ember-e1.zip', feed: 'ember', kind: 'coach', operator: 'Ember', source: 'gtfs-ember' },
];

export function findGtfsFile(file: string, dataDir = TAYSIDE_DATA_DIR): string | undefined {
  const candidates = [join(dataDir, 'gtfs', file)];
  return candidates.find((p) => existsSync(p));
}

export function readTaysideStops(dataDir = TAYSIDE_DATA_DIR, countCalls = true): StopInput[] {
  const stops: StopInput[] = [];
  for (const feed of TAYSIDE_FEEDS) {
    const path = findGtfsFile(feed.file, dataDir);
    if (!path) continue;
    stops.push(...stopsFromGtfsZip(new Uint8Array(readFileSync(path)), { ...feed, countCalls }));
  }
  return stops;
}

/** The text sources, relative to the data folder. */
const TEXT_SOURCES = {
  geonamesCsv: 'geo/scotland-places-geonames.csv',
  admin2CouncilsCsv: 'geo/geonames-admin2-councils.csv',
  postcodesCsv: 'geo/dundee-postcodes.csv',
  healthSitesCsv: 'facts/health_sites.csv',
  parkPlacesCsv: 'facts/park_places.csv',
} as const;

export function readTaysideSources(dataDir = TAYSIDE_DATA_DIR): RegionSources {
  const text = (rel: string): string | undefined => {
    const path = join(dataDir, rel);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  const sources: RegionSources = { stops: readTaysideStops(dataDir) };
  for (const [key, rel] of Object.entries(TEXT_SOURCES)) sources[key as keyof typeof TEXT_SOURCES] = text(rel);
  return sources;
}

export function loadTaysidePlaces(dataDir = TAYSIDE_DATA_DIR): RegionPlaces {
  return assembleRegionPlaces(readTaysideSources(dataDir));
}

export function buildTaysideIndex(dataDir = TAYSIDE_DATA_DIR): { index: PlaceIndex; region: RegionPlaces } {
  const region = loadTaysidePlaces(dataDir);
  return { index: PlaceIndex.build(region.records, { attributions: region.attributions }), region };
}
