import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../../src/planner/geo/geo';
import { haversine } from '../../../src/planner/geo/geo';
import { readPbf } from '../../../src/planner/street/osm-pbf';
import { classCode } from '../../../src/planner/street/profiles';
import { StreetPlanner } from '../../../src/planner/street/street';
import { LONDON_PBF, graphOf, requireData } from './fixtures';

/** Bollards inside one highway way, with the nodes either side of them (read from the raw tags). */
interface Filter {
  at: LatLng;
  before: LatLng;
  after: LatLng;
}

let planner: StreetPlanner;
const filters: Filter[] = [];

beforeAll(async () => {
  const { graph } = await graphOf(LONDON_PBF);
  planner = new StreetPlanner(graph);
  const bytes = new Uint8Array(readFileSync(requireData(LONDON_PBF)));
  const bollards = new Set<number>();
  const coords = new Map<number, LatLng>();
  const ways: number[][] = [];
  const uses = new Map<number, number>();
  await readPbf([bytes], {
    node(id, lat, lng) {
      coords.set(id, { lat, lng });
    },
    taggedNode(id, _lat, _lng, tags) {
      if (tags.barrier === 'bollard' && !tags.motor_vehicle && !tags.motorcar && !tags.access) bollards.add(id);
    },
    way(w) {
      if (!w.tags.highway) return;
      ways.push(w.refs);
      for (const r of w.refs) uses.set(r, (uses.get(r) ?? 0) + 1);
    },
  });
  for (const refs of ways) {
    for (let i = 1; i + 1 < refs.length; i++) {
      const id = refs[i] as number;
      if (!bollards.has(id) || uses.get(id) !== 1) continue;
      filters.push({
        at: coords.get(id)!,
        before: coords.get(refs[i - 1] as number)!,
        after: coords.get(refs[i + 1] as number)!,
      });
    }
  }
});

describe('barriers (London Moorgate bollards)', () => {
  it('walking passes a bollard; driving never does', () => {
    expect(filters.length).toBeGreaterThan(0);
    let walkedThrough = 0;
    for (const f of filters) {
      const direct =
        haversine(f.before.lat, f.before.lng, f.at.lat, f.at.lng) +
        haversine(f.at.lat, f.at.lng, f.after.lat, f.after.lng);
      const walk = planner.routeOnGraph(f.before, f.after, 'walk');
      if (walk && walk.distance <= direct + 2) walkedThrough++;
      const car = planner.routeOnGraph(f.before, f.after, 'car');
      if (!car) continue; // off the car network altogether
      for (const p of car.points.slice(1, -1)) expect(haversine(p.lat, p.lng, f.at.lat, f.at.lng)).toBeGreaterThan(0.5);
    }
    expect(walkedThrough).toBeGreaterThan(0);
  });
});

const SIDEWALK = classCode('sidewalk');

describe('pavements mapped as their own ways (London Moorgate)', () => {
  it('take the name of the street they run beside', async () => {
    const { graph, stats } = await graphOf(LONDON_PBF);
    expect(stats.sidewalksNamed).toBeGreaterThan(20);
    const roadNames = new Set<string>();
    for (let e = 0; e < graph.edgeCount; e++) {
      const cls = graph.edgeClass[e] as number;
      if (cls !== SIDEWALK && (graph.edgeName[e] as number) >= 0)
        roadNames.add(graph.names[graph.edgeName[e] as number] as string);
    }
    for (let e = 0; e < graph.edgeCount; e++) {
      if (graph.edgeClass[e] === SIDEWALK && (graph.edgeName[e] as number) >= 0)
        expect(roadNames.has(graph.names[graph.edgeName[e] as number] as string)).toBe(true);
    }
  });
});
