import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StreetGraph } from '../../../src/planner/street/graph';
import { pointOf } from '../../../src/planner/street/graph';
import { readPbf } from '../../../src/planner/street/osm-pbf';
import type { Profile } from '../../../src/planner/street/profiles';
import { StreetPlanner } from '../../../src/planner/street/street';
import type { Snap } from '../../../src/planner/street/spatial';
import { LONDON_PBF, graphOf, requireData, seeded } from './fixtures';

let graph: StreetGraph;
let planner: StreetPlanner;
/** Ways tagged oneway=yes in the file, read straight from the tags (not via the profiles). */
const onewayCar = new Set<number>();
/** ...of which cyclists must also follow the one-way (no contraflow tagging). */
const onewayCycle = new Set<number>();

beforeAll(async () => {
  ({ graph } = await graphOf(LONDON_PBF));
  planner = new StreetPlanner(graph);
  await readPbf([new Uint8Array(readFileSync(requireData(LONDON_PBF)))], {
    way(w) {
      if (!w.tags.highway || w.tags.oneway !== 'yes') return;
      onewayCar.add(w.id);
      const contraflow =
        w.tags['oneway:bicycle'] === 'no' ||
        Object.entries(w.tags).some(([k, v]) => k.startsWith('cycleway') && v.startsWith('opposite'));
      if (!contraflow) onewayCycle.add(w.id);
    },
  });
});

/** Every stretch of a path with its direction relative to the OSM way (edges follow way order). */
function traversals(path: NonNullable<ReturnType<StreetPlanner['path']>>): { way: number; backwards: boolean }[] {
  const out: { way: number; backwards: boolean }[] = [];
  const wayOf = (e: number): number => graph.edgeWay[e] as number;
  if (path.sameEdge) {
    out.push({ way: wayOf(path.source.edge), backwards: path.target.offset < path.source.offset });
    return out;
  }
  out.push({ way: wayOf(path.source.edge), backwards: (path.startHalf & 1) === 1 && path.source.offset > 0.5 });
  for (const h of path.halves) out.push({ way: wayOf(h >> 1), backwards: (h & 1) === 1 });
  const Lf = graph.edgeLength[path.target.edge] as number;
  out.push({ way: wayOf(path.target.edge), backwards: (path.endHalf & 1) === 1 && Lf - path.target.offset > 0.5 });
  return out;
}

describe('London Moorgate one-way streets', () => {
  it('finds one-way streets in the data', () => {
    expect(onewayCar.size).toBeGreaterThan(10);
    expect(onewayCycle.size).toBeGreaterThan(5);
  });

  it('car and cycle routes never run against a one-way street; walking may', () => {
    const rnd = seeded(2024);
    const verts: number[] = [];
    for (let v = 0; v < graph.vertexCount; v++) if ((graph.inComponent[v] as number) & 1) verts.push(v);
    let walkedAgainst = 0;
    let carChecked = 0;
    let cycleChecked = 0;
    for (let i = 0; i < 300; i++) {
      const a = pointOf(graph, verts[Math.floor(rnd() * verts.length)] as number);
      const b = pointOf(graph, verts[Math.floor(rnd() * verts.length)] as number);
      for (const profile of ['car', 'cycle', 'walk'] as Profile[]) {
        const sa = planner.snap(a, profile);
        const sb = planner.snap(b, profile);
        if (!sa || !sb) continue;
        const path = planner.path(sa, sb, profile);
        expect(path).not.toBeNull();
        for (const t of traversals(path!)) {
          if (profile === 'car') {
            carChecked++;
            expect(t.backwards && onewayCar.has(t.way)).toBe(false);
          } else if (profile === 'cycle') {
            cycleChecked++;
            expect(t.backwards && onewayCycle.has(t.way)).toBe(false);
          } else if (t.backwards && onewayCar.has(t.way)) walkedAgainst++;
        }
      }
    }
    expect(carChecked).toBeGreaterThan(100);
    expect(cycleChecked).toBeGreaterThan(100);
    expect(walkedAgainst).toBeGreaterThan(0);
  });

  it('driving back along a one-way street goes round the block; walking goes straight back', () => {
    let tested = 0;
    for (let e = 0; e < graph.edgeCount && tested < 10; e++) {
      const way = graph.edgeWay[e] as number;
      const L = graph.edgeLength[e] as number;
      const bothEnds =
        (graph.inComponent[graph.edgeFrom[e] as number] as number) &
        (graph.inComponent[graph.edgeTo[e] as number] as number);
      if (!onewayCycle.has(way) || L < 40 || (bothEnds & 0b111) !== 0b111) continue;
      const along = (offset: number): Snap => {
        const p = pointOf(graph, graph.edgeFrom[e] as number);
        const q = pointOf(graph, graph.edgeTo[e] as number);
        const t = offset / L;
        return { edge: e, offset, lat: p.lat + (q.lat - p.lat) * t, lng: p.lng + (q.lng - p.lng) * t, distance: 0 };
      };
      const from = along(0.8 * L);
      const to = along(0.2 * L);
      const walk = planner.path(from, to, 'walk')!;
      expect(walk.sameEdge).toBe(true);
      for (const profile of ['car', 'cycle'] as const) {
        const p = planner.path(from, to, profile);
        if (!p) continue; // a dead end: no legal way back
        expect(p.sameEdge).toBe(false);
        expect(p.distance).toBeGreaterThan(0.6 * L);
        for (const t of traversals(p))
          expect(t.backwards && onewayCar.has(t.way) && (profile === 'car' || onewayCycle.has(t.way))).toBe(false);
      }
      tested++;
    }
    expect(tested).toBeGreaterThan(0);
  });
});
