/**
 * Copies the map's base layers for a region into the repository, cut to the area around it:
 *
 *   node --import tsx src/server/map/clip-geo.ts [--shared data] [--out data/tayside/geo]
 *
 * - railway lines (data/tayside/geo/gb-railways.geojson, (c) OpenStreetMap contributors,
 *   ODbL): the runs of each line that come within the box, coordinates to 5 decimals (~1 m);
 * - council areas (scotland-council-areas.geojson, Contains OS data (c) Crown copyright and
 *   database right, OGL v3): every area whose outline reaches the box, to 4 decimals (~10 m).
 *
 * The box is the region's own council areas (data/regions/tayside/council-areas.json) plus a
 * margin, so a journey leaving the region by a few miles still has land and rails under it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

type Position = [number, number];
type Box = [west: number, south: number, east: number, north: number];
interface Feature<G> {
  type: 'Feature';
  properties: Record<string, unknown>;
  geometry: G;
}
interface LineString {
  type: 'LineString';
  coordinates: Position[];
}
interface Areas {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown;
}

const MARGIN_DEGREES = 0.4;

const rounder = (decimals: number) => {
  const factor = 10 ** decimals;
  return (value: number) => Math.round(value * factor) / factor;
};

export function regionBox(councilAreasFile: string, margin = MARGIN_DEGREES): Box {
  const { areas } = JSON.parse(fs.readFileSync(councilAreasFile, 'utf8')) as { areas: { bbox: Box }[] };
  const box: Box = [180, 90, -180, -90];
  for (const { bbox } of areas) {
    box[0] = Math.min(box[0], bbox[0]);
    box[1] = Math.min(box[1], bbox[1]);
    box[2] = Math.max(box[2], bbox[2]);
    box[3] = Math.max(box[3], bbox[3]);
  }
  return [box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin];
}

const inside = (box: Box, [x, y]: Position) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];

/** The runs of a line that touch the box, each kept with one point beyond it so the line leaves the edge. */
export function clipLine(coordinates: Position[], box: Box): Position[][] {
  const runs: Position[][] = [];
  let run: Position[] = [];
  coordinates.forEach((point, i) => {
    const near =
      inside(box, point) ||
      (i > 0 && inside(box, coordinates[i - 1]!)) ||
      (i < coordinates.length - 1 && inside(box, coordinates[i + 1]!));
    if (near) run.push(point);
    else {
      if (run.length > 1) runs.push(run);
      run = [];
    }
  });
  if (run.length > 1) runs.push(run);
  return runs;
}

function roundDeep(value: unknown, round: (n: number) => number): unknown {
  return Array.isArray(value)
    ? value.map((item) => roundDeep(item, round))
    : typeof value === 'number'
      ? round(value)
      : value;
}

function touchesBox(value: unknown, box: Box): boolean {
  if (!Array.isArray(value)) return false;
  if (typeof value[0] === 'number') return inside(box, value as Position);
  return value.some((item) => touchesBox(item, box));
}

export function clipRailways(
  geojson: { features: Feature<LineString>[] },
  box: Box,
): { type: 'FeatureCollection'; features: Feature<LineString>[] } {
  const round = rounder(5);
  const features = geojson.features.flatMap((feature) =>
    clipLine(feature.geometry.coordinates, box).map((run) => ({
      type: 'Feature' as const,
      properties: { railway: feature.properties.railway ?? 'rail' },
      geometry: { type: 'LineString' as const, coordinates: run.map(([x, y]) => [round(x), round(y)] as Position) },
    })),
  );
  return { type: 'FeatureCollection', features };
}

export function clipCouncilAreas(
  geojson: { features: Feature<Areas>[] },
  box: Box,
): { type: 'FeatureCollection'; features: Feature<Areas>[] } {
  const round = rounder(4);
  const features = geojson.features
    .filter((feature) => touchesBox(feature.geometry.coordinates, box))
    .map((feature) => ({
      type: 'Feature' as const,
      properties: { name: feature.properties.name },
      geometry: { type: feature.geometry.type, coordinates: roundDeep(feature.geometry.coordinates, round) },
    }));
  return { type: 'FeatureCollection', features };
}

function main(args: string[]) {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? path.resolve(args[at + 1]!) : fallback;
  };
  const shared = option('--shared', path.resolve(REPO_ROOT, 'data'));
  const out = option('--out', path.join(REPO_ROOT, 'data/tayside/geo'));
  const box = regionBox(path.join(REPO_ROOT, 'data/regions/tayside/council-areas.json'));
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(shared, 'tayside/geo', file), 'utf8'));
  const railways = clipRailways(read('gb-railways.geojson'), box);
  const areas = clipCouncilAreas(read('scotland-council-areas.geojson'), box);
  fs.writeFileSync(path.join(out, 'map-railways.geojson'), `${JSON.stringify(railways)}\n`);
  fs.writeFileSync(path.join(out, 'map-council-areas.geojson'), `${JSON.stringify(areas)}\n`);
  console.log(
    `box ${box.map((n) => n.toFixed(2)).join(',')}: ${railways.features.length} railway runs, ${areas.features.length} council areas -> ${out}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
