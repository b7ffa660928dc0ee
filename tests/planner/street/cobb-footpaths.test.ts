import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../src/planner/geo/geo';
import { haversine } from '../../../src/planner/geo/geo';
import { networkFootpaths } from '../../../src/planner/street/footpaths';
import { pointOf } from '../../../src/planner/street/graph';
import { StreetPlanner } from '../../../src/planner/street/street';
import { COBB_PBF, DATA, PORTO_ALEGRE_PBF, graphOf, requireData } from './fixtures';

function stopsOf(zip: string): LatLng[] {
  const files = unzipSync(new Uint8Array(readFileSync(requireData(zip))), {
    filter: (f) => f.name.endsWith('stops.txt'),
  });
  const text = new TextDecoder().decode(Object.values(files)[0]);
  const [head, ...rows] = text.split(/\r?\n/).filter((l) => l.trim());
  const cols = head!
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((c) => c.replace(/"/g, '').trim());
  const iLat = cols.indexOf('stop_lat');
  const iLon = cols.indexOf('stop_lon');
  return rows
    .map((r) => r.split(',').map((c) => c.replace(/"/g, '')))
    .map((c) => ({ lat: Number(c[iLat]), lng: Number(c[iLon]) }));
}

describe('Cobb County street network (flex test data)', () => {
  it('imports and routes a car trip across the county', async () => {
    const { graph, stats } = await graphOf(COBB_PBF);
    expect(stats.osmWaysRead).toBe(2_966);
    expect(graph.edgeCount).toBeGreaterThan(4_000);
    const planner = new StreetPlanner(graph);
    // The southernmost and northernmost junctions the car can use.
    let south = -1;
    let north = -1;
    for (let v = 0; v < graph.vertexCount; v++) {
      if (!((graph.inComponent[v] as number) & 4)) continue;
      if (south < 0 || (graph.pointLat[v] as number) < (graph.pointLat[south] as number)) south = v;
      if (north < 0 || (graph.pointLat[v] as number) > (graph.pointLat[north] as number)) north = v;
    }
    const a = pointOf(graph, south);
    const b = pointOf(graph, north);
    expect(haversine(a.lat, a.lng, b.lat, b.lng)).toBeGreaterThan(5_000);
    const r = planner.route(a, b, 'car')!;
    expect(r.estimated).toBe(false);
    expect(r.distance).toBeGreaterThan(haversine(a.lat, a.lng, b.lat, b.lng));
    expect(r.directions.length).toBeGreaterThan(1);
  });
});

describe('network footpaths between stops', () => {
  it('gives Porto Alegre bus stops walking transfers no shorter than the straight line', async () => {
    const { graph } = await graphOf(PORTO_ALEGRE_PBF);
    const planner = new StreetPlanner(graph);
    const stops = stopsOf(resolve(DATA, 'test/porto-alegre/gtfs-eptc-bus.zip')).slice(0, 400);
    const fp = networkFootpaths(planner, stops, 300);
    expect(fp.from.length).toBeGreaterThan(100);
    for (let i = 0; i < fp.from.length; i++) {
      const s = stops[fp.from[i] as number]!;
      const t = stops[fp.to[i] as number]!;
      expect(fp.duration[i]).toBeLessThanOrEqual(300);
      expect(fp.distance[i]! + 1).toBeGreaterThanOrEqual(haversine(s.lat, s.lng, t.lat, t.lng));
    }
    // Stops inside the street extract's bounding box are (almost) all on the walk network.
    const box = graph.bbox;
    let inside = 0;
    let snapped = 0;
    stops.forEach((s, i) => {
      if (s.lat < box.minLat || s.lat > box.maxLat || s.lng < box.minLng || s.lng > box.maxLng) return;
      inside++;
      snapped += fp.snapped[i] as number;
    });
    expect(inside).toBeGreaterThan(200);
    expect(snapped / inside).toBeGreaterThan(0.95);
  });
});
