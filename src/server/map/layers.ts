/**
 * The fallback map's data, all of it the region's own (no tile service is needed):
 *   areas     council areas around the region (the region's own flagged `region: true`)
 *   railways  railway lines (OpenStreetMap, clipped by clip-geo.ts)
 *   routes    route shapes from the region's GTFS feeds (shapes.txt, where a feed has one)
 *   stops     the feeds' stops and stations, with their kind (rail, coach, bus)
 *   places    towns and cities of the region's place sources (GeoNames), for the map's labels
 * Built once from the region manifest on first request and kept in memory, gzipped as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isScottishCity, parseCsv } from '../../planner/index';
import { loadManifest, openGtfs, ReportBuilder, readTable } from '../../planner/node';

export const MAP_LAYERS = ['areas', 'railways', 'routes', 'stops', 'places'] as const;
export type MapLayerName = (typeof MAP_LAYERS)[number];

interface FeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    properties: Record<string, unknown>;
    geometry: { type: string; coordinates: unknown };
  }[];
}

export interface EncodedLayer {
  json: Buffer;
  gzip: Buffer;
  features: number;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
const collection = (features: FeatureCollection['features']): FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});

function readGeoJson(file: string | undefined): FeatureCollection {
  if (!file || !fs.existsSync(file)) return collection([]);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FeatureCollection;
}

/** Names of the region's own council areas (the cost data's council-areas.json), if it has any. */
function regionCouncilNames(costsDir: string): Set<string> {
  const file = path.join(costsDir, 'council-areas.json');
  if (!fs.existsSync(file)) return new Set();
  const { areas } = JSON.parse(fs.readFileSync(file, 'utf8')) as { areas: { name: string }[] };
  return new Set(areas.map((area) => area.name));
}

async function gtfsLayers(feeds: { path: string; name: string; kind?: string }[]) {
  const stops: FeatureCollection['features'] = [];
  const routes: FeatureCollection['features'] = [];
  const report = new ReportBuilder();
  for (const feed of feeds) {
    const source = await openGtfs(feed.path, feed.name);
    const files = await source.files();
    const seen = new Set<string>();
    await readTable(source, 'stops.txt', ['stop_id', 'stop_lat', 'stop_lon'], report, (row) => {
      const lat = Number(row.get('stop_lat'));
      const lng = Number(row.get('stop_lon'));
      const type = row.get('location_type');
      // Stops and stations only (not entrances, nodes or boarding areas); one point per place.
      if (!Number.isFinite(lat) || !Number.isFinite(lng) || (type !== '' && type !== '0' && type !== '1')) return;
      const key = `${round5(lat)},${round5(lng)}`;
      if (seen.has(key)) return;
      seen.add(key);
      stops.push({
        type: 'Feature',
        properties: { name: row.get('stop_name'), kind: feed.kind ?? 'stop', feed: feed.name },
        geometry: { type: 'Point', coordinates: [round5(lng), round5(lat)] },
      });
    });
    if (!files.includes('shapes.txt')) continue;
    const shapes = new Map<string, { seq: number; at: [number, number] }[]>();
    await readTable(
      source,
      'shapes.txt',
      ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
      report,
      (row) => {
        const points = shapes.get(row.get('shape_id')) ?? [];
        points.push({
          seq: Number(row.get('shape_pt_sequence')),
          at: [round5(Number(row.get('shape_pt_lon'))), round5(Number(row.get('shape_pt_lat')))],
        });
        shapes.set(row.get('shape_id'), points);
      },
    );
    // Shapes that trace the same road (each direction, short workings) are drawn once.
    const drawn = new Set<string>();
    for (const [id, points] of shapes) {
      const coordinates = points.sort((a, b) => a.seq - b.seq).map((p) => p.at);
      const key = JSON.stringify([...coordinates].sort());
      if (coordinates.length < 2 || drawn.has(key)) continue;
      drawn.add(key);
      routes.push({
        type: 'Feature',
        properties: { shape: id, feed: feed.name, kind: feed.kind ?? 'route' },
        geometry: { type: 'LineString', coordinates },
      });
    }
  }
  return { stops: collection(stops), routes: collection(routes) };
}

/** The towns and cities of the manifest's GeoNames places (Scotland's cities as 'city', the rest 'town'). */
function placeLabels(geonamesCsv: string | undefined): FeatureCollection {
  if (!geonamesCsv || !fs.existsSync(geonamesCsv)) return collection([]);
  const features: FeatureCollection['features'] = [];
  for (const row of parseCsv(fs.readFileSync(geonamesCsv, 'utf8'))) {
    const name = (row.name ?? '').trim();
    const [lat, lng] = [Number(row.lat), Number(row.lng)];
    if (!name || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    features.push({
      type: 'Feature',
      properties: { name, kind: isScottishCity(name) ? 'city' : 'town' },
      geometry: { type: 'Point', coordinates: [round5(lng), round5(lat)] },
    });
  }
  return collection(features);
}

export async function buildMapLayers(manifestPath: string): Promise<Record<MapLayerName, FeatureCollection>> {
  const loaded = await loadManifest(manifestPath, new Date(), false);
  const files = loaded.manifest.map ?? {};
  const inRegion = regionCouncilNames(loaded.costsDir);
  const areas = readGeoJson(files.councilAreas && loaded.resolve(files.councilAreas));
  for (const feature of areas.features)
    feature.properties = { name: feature.properties.name, region: inRegion.has(String(feature.properties.name)) };
  // GTFS feeds only: a TransXChange feed's path is not a GTFS zip.
  const feeds = loaded.manifest.feeds.flatMap((feed, i) =>
    feed.gtfs ? [{ path: loaded.feedPaths[i]!, name: feed.name, kind: feed.stops?.kind }] : [],
  );
  const { stops, routes } = await gtfsLayers(feeds);
  const geonames = loaded.manifest.places?.geonames;
  return {
    areas,
    railways: readGeoJson(files.railways && loaded.resolve(files.railways)),
    routes,
    stops,
    places: placeLabels(geonames && loaded.resolve(geonames)),
  };
}

/** The manifest's attribution lines (its feeds' licences), for the map's attribution control. */
export function manifestAttributions(manifestPath: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { attribution?: unknown };
  return Array.isArray(manifest.attribution)
    ? manifest.attribution.filter((line): line is string => typeof line === 'string')
    : [];
}

export function encodeLayer(layer: FeatureCollection): EncodedLayer {
  const json = Buffer.from(JSON.stringify(layer));
  return { json, gzip: gzipSync(json, { level: 9 }), features: layer.features.length };
}

export interface MapLayerSource {
  get(name: MapLayerName): Promise<EncodedLayer>;
}

/** Builds the layers once, on first use; a failed build is forgotten so the next request tries again. */
export function lazyMapLayers(manifestPath: string): MapLayerSource {
  let pending: Promise<Map<MapLayerName, EncodedLayer>> | undefined;
  const load = async () => {
    const layers = await buildMapLayers(manifestPath);
    return new Map(MAP_LAYERS.map((name) => [name, encodeLayer(layers[name])]));
  };
  return {
    async get(name) {
      pending ??= load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return (await pending).get(name)!;
    },
  };
}
