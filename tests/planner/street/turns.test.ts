import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StreetGraph } from '../../../src/planner/street/graph';
import { head, pointOf } from '../../../src/planner/street/graph';
import type { OsmRelation } from '../../../src/planner/street/osm-pbf';
import { readPbf } from '../../../src/planner/street/osm-pbf';
import { StreetPlanner } from '../../../src/planner/street/street';
import type { Snap } from '../../../src/planner/street/spatial';
import { parseRestriction } from '../../../src/planner/street/turns';
import { LONDON_PBF, graphOf, requireData, seeded } from './fixtures';

let graph: StreetGraph;
let planner: StreetPlanner;
/** "no_*" turn restrictions from the raw relations: from way, via node, to way. */
const bans: { from: number; via: number; to: number }[] = [];
const nodeAt = new Map<number, { lat: number; lng: number }>();

beforeAll(async () => {
  ({ graph } = await graphOf(LONDON_PBF));
  planner = new StreetPlanner(graph);
  await readPbf([new Uint8Array(readFileSync(requireData(LONDON_PBF)))], {
    node(id, lat, lng) {
      nodeAt.set(id, { lat, lng });
    },
    relation(r: OsmRelation) {
      if (r.tags.type !== 'restriction' || !r.tags.restriction?.startsWith('no_') || r.tags.except) return;
      const from = r.members.filter((m) => m.role === 'from' && m.type === 'way');
      const via = r.members.filter((m) => m.role === 'via');
      const to = r.members.filter((m) => m.role === 'to' && m.type === 'way');
      if (from.length === 1 && to.length === 1 && via.length === 1 && via[0]!.type === 'node')
        bans.push({ from: from[0]!.ref, via: via[0]!.ref, to: to[0]!.ref });
    },
  });
});

/** Vertex at an OSM node's position, or -1. */
function vertexAt(id: number): number {
  const at = nodeAt.get(id);
  if (!at) return -1;
  for (let v = 0; v < graph.vertexCount; v++) {
    const p = pointOf(graph, v);
    if (Math.abs(p.lat - at.lat) < 1e-7 && Math.abs(p.lng - at.lng) < 1e-7) return v;
  }
  return -1;
}

function turnsOf(path: NonNullable<ReturnType<StreetPlanner['path']>>): [number, number][] {
  if (path.sameEdge) return [];
  const seq = [path.startHalf, ...path.halves, path.endHalf];
  const out: [number, number][] = [];
  for (let i = 1; i < seq.length; i++) out.push([seq[i - 1] as number, seq[i] as number]);
  return out;
}

describe('turn restrictions', () => {
  it('parses restriction relations, with exceptions for cycles', () => {
    const rel = (tags: Record<string, string>): OsmRelation => ({
      id: 1,
      tags: { type: 'restriction', ...tags },
      members: [
        { type: 'way', ref: 10, role: 'from' },
        { type: 'node', ref: 5, role: 'via' },
        { type: 'way', ref: 11, role: 'to' },
      ],
    });
    expect(parseRestriction(rel({ restriction: 'no_right_turn' }))).toMatchObject({
      from: [10],
      via: 5,
      to: [11],
      only: false,
      profiles: 6,
    });
    expect(parseRestriction(rel({ restriction: 'only_straight_on', except: 'bicycle' }))).toMatchObject({
      only: true,
      profiles: 4,
    });
    expect(parseRestriction(rel({ 'restriction:bicycle': 'no_left_turn' }))).toMatchObject({ profiles: 2 });
    expect(parseRestriction(rel({ restriction: 'give_way' }))).toBeNull();
  });

  it('London Moorgate: car routes never make a banned turn', () => {
    expect(bans.length).toBeGreaterThan(5);
    const banned = new Set<string>();
    for (const b of bans) {
      const v = vertexAt(b.via);
      if (v >= 0) banned.add(`${v}:${b.from}:${b.to}`);
    }
    expect(banned.size).toBeGreaterThan(5);
    const isBanned = (a: number, b: number): boolean =>
      banned.has(`${head(graph, a)}:${graph.edgeWay[a >> 1]}:${graph.edgeWay[b >> 1]}`);
    const rnd = seeded(77);
    const verts: number[] = [];
    for (let v = 0; v < graph.vertexCount; v++) if ((graph.inComponent[v] as number) & 4) verts.push(v);
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const a = planner.snap(pointOf(graph, verts[Math.floor(rnd() * verts.length)] as number), 'car');
      const b = planner.snap(pointOf(graph, verts[Math.floor(rnd() * verts.length)] as number), 'car');
      if (!a || !b) continue;
      const path = planner.path(a, b, 'car');
      expect(path).not.toBeNull();
      for (const [x, y] of turnsOf(path!)) {
        checked++;
        expect(isBanned(x, y)).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a banned turn is driven around, and walked straight through', () => {
    let tested = 0;
    let drivenAround = 0;
    for (const b of bans) {
      const v = vertexAt(b.via);
      if (v < 0) continue;
      // The half-edge arriving at v on the from way, and the one leaving v on the to way.
      let into = -1;
      let out = -1;
      for (let i = graph.adjOffset[v] as number; i < (graph.adjOffset[v + 1] as number); i++) {
        const h = graph.adjHalf[i] as number;
        if (graph.edgeWay[h >> 1] === b.from && Number.isFinite(graph.cost[2][h ^ 1] as number)) into = h ^ 1;
        if (graph.edgeWay[h >> 1] === b.to && Number.isFinite(graph.cost[2][h] as number)) out = h;
      }
      if (into < 0 || out < 0) continue;
      const at = (h: number, frac: number): Snap => {
        const e = h >> 1;
        const L = graph.edgeLength[e] as number;
        // Position along the half-edge's direction, as an offset from edgeFrom.
        const offset = h & 1 ? L * (1 - frac) : L * frac;
        const p = pointOf(graph, graph.edgeFrom[e] as number);
        const q = pointOf(graph, graph.edgeTo[e] as number);
        return {
          edge: e,
          offset,
          lat: p.lat + ((q.lat - p.lat) * offset) / L,
          lng: p.lng + ((q.lng - p.lng) * offset) / L,
          distance: 0,
        };
      };
      const from = at(into, 0.5);
      const to = at(out, 0.5);
      const direct = (graph.edgeLength[into >> 1] as number) / 2 + (graph.edgeLength[out >> 1] as number) / 2;
      const car = planner.path(from, to, 'car');
      if (car) {
        drivenAround++;
        expect(turnsOf(car).some(([x, y]) => x === into && y === out)).toBe(false);
        expect(car.distance).toBeGreaterThan(direct + 1);
      }
      const walk = planner.path(from, to, 'walk');
      expect(walk).not.toBeNull();
      expect(walk!.distance).toBeLessThanOrEqual(direct + 0.5);
      tested++;
    }
    expect(tested).toBeGreaterThan(5);
    expect(drivenAround).toBeGreaterThan(5);
  });

  it('one-to-many by car agrees with point-to-point where turns are banned, both ways', () => {
    const rnd = seeded(5150);
    const verts: number[] = [];
    for (let v = 0; v < graph.vertexCount; v++) if ((graph.inComponent[v] as number) & 4) verts.push(v);
    const pick = () => pointOf(graph, verts[Math.floor(rnd() * verts.length)] as number);
    let compared = 0;
    for (let o = 0; o < 8; o++) {
      const origin = pick();
      const targets = Array.from({ length: 40 }, pick);
      for (const reverse of [false, true]) {
        const reach = planner.reach(origin, targets, 'car', 3600, { reverse });
        targets.forEach((t, i) => {
          const r = reverse ? planner.routeOnGraph(t, origin, 'car') : planner.routeOnGraph(origin, t, 'car');
          if (!r) return;
          compared++;
          expect(Math.abs((reach.duration[i] as number) - r.duration)).toBeLessThanOrEqual(1);
        });
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
