import { beforeAll, describe, expect, it } from 'vitest';
import type { LatLng } from '../../../src/planner/geo/geo';
import { decodePolyline, haversine } from '../../../src/planner/geo/geo';
import { loadElevation } from '../../../src/planner/street/elevation-node';
import { pathSegments } from '../../../src/planner/street/geometry';
import type { StreetGraph } from '../../../src/planner/street/graph';
import { edgeGeometry, pointOf, snappable } from '../../../src/planner/street/graph';
import type { BuildStats } from '../../../src/planner/street/build';
import { HIGHWAY_CLASSES, PROFILES, WALK_SPEED } from '../../../src/planner/street/profiles';
import { deserializeStreetGraph, serializeStreetGraph } from '../../../src/planner/street/snapshot';
import { StreetPlanner } from '../../../src/planner/street/street';
import { PORTO_ALEGRE_PBF, PORTO_ALEGRE_TIF, graphOf, seeded } from './fixtures';

let graph: StreetGraph;
let stats: BuildStats;
let planner: StreetPlanner;
let walkVertices: number[];

function randomPairs(n: number, seed: number): [LatLng, LatLng][] {
  const rnd = seeded(seed);
  const pick = (): LatLng => pointOf(graph, walkVertices[Math.floor(rnd() * walkVertices.length)] as number);
  return Array.from({ length: n }, () => [pick(), pick()]);
}

beforeAll(async () => {
  ({ graph, stats } = await graphOf(PORTO_ALEGRE_PBF));
  planner = new StreetPlanner(graph, { elevation: await loadElevation([PORTO_ALEGRE_TIF]) });
  walkVertices = [];
  for (let v = 0; v < graph.vertexCount; v++) if ((graph.inComponent[v] as number) & 1) walkVertices.push(v);
});

describe('Porto Alegre street graph', () => {
  it('imports the whole file with plausible, stable counts', () => {
    // The file: 43,264 nodes and 16,032 ways (highways and amenities, per the data README).
    expect(stats.osmNodesRead).toBe(43_264);
    expect(stats.osmWaysRead).toBe(16_032);
    expect(stats.nodesMissing).toBe(0);
    expect(stats.waysKept).toBeGreaterThan(14_000);
    expect(stats.waysKept).toBeLessThan(16_032);
    expect(graph.vertexCount).toBeGreaterThan(17_000);
    expect(graph.vertexCount).toBeLessThan(22_000);
    expect(graph.edgeCount).toBeGreaterThan(24_000);
    expect(graph.edgeCount).toBeLessThan(30_000);
    expect(graph.names.length).toBeGreaterThan(2_500);
    // Largest strongly connected component per profile holds most of the graph.
    const sizes = [0, 0, 0];
    for (let v = 0; v < graph.vertexCount; v++)
      for (let p = 0; p < 3; p++) if ((graph.inComponent[v] as number) & (1 << p)) sizes[p]!++;
    expect(sizes[0]! / graph.vertexCount).toBeGreaterThan(0.9);
    expect(sizes[1]! / graph.vertexCount).toBeGreaterThan(0.85);
    expect(sizes[2]! / graph.vertexCount).toBeGreaterThan(0.7);
    // Total street length: a city of this size has a few thousand km of ways.
    let km = 0;
    for (let e = 0; e < graph.edgeCount; e++) km += (graph.edgeLength[e] as number) / 1000;
    expect(km).toBeGreaterThan(1_000);
    expect(km).toBeLessThan(10_000);
  });

  it('A* finds exactly the cost of plain Dijkstra on random pairs, with less work', () => {
    let work = 0;
    let workD = 0;
    for (const profile of PROFILES) {
      for (const [a, b] of randomPairs(40, 7 + profile.length)) {
        const sa = planner.snap(a, profile);
        const sb = planner.snap(b, profile);
        // A few walkable points lie over 500 m from any road at the extract's edge.
        if (!sa || !sb) continue;
        const astar = planner.path(sa!, sb!, profile, 'astar');
        const dijkstra = planner.path(sa!, sb!, profile, 'dijkstra');
        expect(astar).not.toBeNull();
        expect(astar!.duration).toBeCloseTo(dijkstra!.duration, 6);
        work += astar!.settled;
        workD += dijkstra!.settled;
      }
    }
    expect(work).toBeLessThan(workD);
  });

  it('routes connect in space from origin to destination, never shorter than the straight line', () => {
    for (const profile of PROFILES) {
      for (const [a, b] of randomPairs(25, 99)) {
        const r = planner.routeOnGraph(a, b, profile);
        if (!r) continue; // off the car/cycle network at the extract's edge
        expect(r.estimated).toBe(false);
        const pts = decodePolyline(r.geometry);
        expect(haversine(pts[0]!.lat, pts[0]!.lng, a.lat, a.lng)).toBeLessThan(1);
        expect(haversine(pts[pts.length - 1]!.lat, pts[pts.length - 1]!.lng, b.lat, b.lng)).toBeLessThan(1);
        expect(r.distance).toBeGreaterThanOrEqual(Math.floor(haversine(a.lat, a.lng, b.lat, b.lng)) - 1);
        // Each stretch starts where the previous one ended.
        const path = planner.path(planner.snap(a, profile)!, planner.snap(b, profile)!, profile)!;
        const segs = pathSegments(graph, path);
        for (let i = 1; i < segs.length; i++) {
          const end = segs[i - 1]!.points[segs[i - 1]!.points.length - 1]!;
          const start = segs[i]!.points[0]!;
          expect(haversine(end.lat, end.lng, start.lat, start.lng)).toBeLessThan(0.5);
        }
      }
    }
  });

  it('walking durations follow walking speed; cycling and driving are faster over distance', () => {
    let walkSum = 0;
    let cycleSum = 0;
    let carSum = 0;
    for (const [a, b] of randomPairs(30, 3)) {
      const w = planner.route(a, b, 'walk')!;
      const c = planner.routeOnGraph(a, b, 'cycle');
      const d = planner.routeOnGraph(a, b, 'car');
      if (w.distance < 200 || !c || !d) continue;
      const speed = w.distance / w.duration;
      expect(speed).toBeGreaterThan(1.1);
      expect(speed).toBeLessThanOrEqual(WALK_SPEED + 0.01);
      walkSum += w.duration;
      cycleSum += c.duration;
      carSum += d.duration;
    }
    expect(cycleSum).toBeLessThan(walkSum / 2);
    expect(carSum).toBeLessThan(cycleSum);
  });

  it('car routes only use car-legal ways; walk routes may use footways and steps', () => {
    const carOnly = new Set([
      'footway',
      'sidewalk',
      'crossing',
      'path',
      'steps',
      'pedestrian',
      'cycleway',
      'track',
      'corridor',
      'platform',
    ]);
    const walkClasses = new Set<string>();
    for (const [a, b] of randomPairs(40, 11)) {
      const ca = planner.snap(a, 'car');
      const cb = planner.snap(b, 'car');
      if (!ca || !cb) continue;
      const car = planner.path(ca, cb, 'car')!;
      for (const h of car.halves)
        expect(carOnly.has(HIGHWAY_CLASSES[graph.edgeClass[h >> 1] as number] as string)).toBe(false);
      const walk = planner.path(planner.snap(a, 'walk')!, planner.snap(b, 'walk')!, 'walk')!;
      for (const h of walk.halves) walkClasses.add(HIGHWAY_CLASSES[graph.edgeClass[h >> 1] as number] as string);
    }
    expect([...walkClasses].some((c) => carOnly.has(c))).toBe(true);
  });

  it('directions name real streets from the OSM file and end with arrival', () => {
    const names = new Set(graph.names);
    const unescape = (s: string): string =>
      s
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    let named = 0;
    for (const profile of PROFILES) {
      for (const [a, b] of randomPairs(15, 21)) {
        const r = planner.routeOnGraph(a, b, profile);
        if (!r) continue;
        expect(r.directions.length).toBeGreaterThanOrEqual(2);
        expect(r.directions[r.directions.length - 1]!.html_instructions).toBe('Arrive at your destination');
        expect(r.directions[0]!.html_instructions).toMatch(
          /^(Head (north|northeast|east|southeast|south|southwest|west|northwest)|Start) (on|along) /,
        );
        for (const d of r.directions.slice(0, -1)) {
          expect(d.distance.text).toMatch(/^\d+(\.\d)? (m|km)$/);
          const m = /(?: on | onto | ferry )(.+)$/.exec(d.html_instructions);
          if (!m) continue;
          const where = unescape(m[1]!);
          if (/^(the|a|an) /.test(where)) continue; // an honestly described unnamed way
          expect(names.has(where)).toBe(true);
          named++;
        }
        // The instructions' distances add up to about the route's length.
        const total = r.directions
          .slice(0, -1)
          .reduce(
            (s, d) =>
              s + (d.distance.text.endsWith('km') ? parseFloat(d.distance.text) * 1000 : parseFloat(d.distance.text)),
            0,
          );
        expect(Math.abs(total - r.distance)).toBeLessThan(0.15 * r.distance + 60);
      }
    }
    expect(named).toBeGreaterThan(50);
  });

  it('snaps to the nearest usable edge, within the distance cap', () => {
    const rnd = seeded(5);
    for (let i = 0; i < 50; i++) {
      const v = walkVertices[Math.floor(rnd() * walkVertices.length)] as number;
      const p = pointOf(graph, v);
      const q = { lat: p.lat + 0.00015, lng: p.lng };
      const s = planner.snap(q, 'walk')!;
      expect(s.distance).toBeLessThanOrEqual(haversine(q.lat, q.lng, p.lat, p.lng) + 0.01);
      expect(s.offset).toBeGreaterThanOrEqual(0);
      expect(s.offset).toBeLessThanOrEqual(graph.edgeLength[s.edge] as number);
      const car = planner.snap(q, 'car');
      if (car) {
        expect(
          Number.isFinite(graph.cost[2][2 * car.edge] as number) ||
            Number.isFinite(graph.cost[2][2 * car.edge + 1] as number),
        ).toBe(true);
        expect(car.distance).toBeGreaterThanOrEqual(s.distance - 1e-6);
      }
    }
    // Far outside the city, and with a tight cap: nothing.
    expect(planner.snap({ lat: -29.5, lng: -51.2 }, 'walk')).toBeNull();
    const p = pointOf(graph, walkVertices[0] as number);
    expect(planner.snap({ lat: p.lat + 0.01, lng: p.lng + 0.01 }, 'walk', 1)).toBeNull();
  });

  it('snapping finds the same nearest usable edge as a brute-force scan', () => {
    const rnd = seeded(31);
    const box = graph.bbox;
    for (const profile of ['walk', 'car'] as const) {
      const p = profile === 'walk' ? 0 : 2;
      for (let i = 0; i < 15; i++) {
        const q = {
          lat: box.minLat + rnd() * (box.maxLat - box.minLat),
          lng: box.minLng + rnd() * (box.maxLng - box.minLng),
        };
        let best = Infinity;
        const kx = 111_195 * Math.cos((q.lat * Math.PI) / 180);
        for (let e = 0; e < graph.edgeCount; e++) {
          if (!snappable(graph, e, p)) continue;
          const pts = edgeGeometry(graph, e);
          for (let j = 1; j < pts.length; j++) {
            const ax = (pts[j - 1]!.lng - q.lng) * kx;
            const ay = (pts[j - 1]!.lat - q.lat) * 111_195;
            const dx = (pts[j]!.lng - pts[j - 1]!.lng) * kx;
            const dy = (pts[j]!.lat - pts[j - 1]!.lat) * 111_195;
            const len2 = dx * dx + dy * dy;
            const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
            best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
          }
        }
        const s = planner.snap(q, profile, 3000);
        if (best > 3000) expect(s).toBeNull();
        else expect(Math.abs(s!.distance - best)).toBeLessThan(0.5);
      }
    }
  });

  it('one-to-many agrees with point-to-point, forwards and in reverse, within the budget', () => {
    const rnd = seeded(17);
    const origin = pointOf(graph, walkVertices[Math.floor(rnd() * walkVertices.length)] as number);
    const targets = Array.from({ length: 200 }, () => {
      const p = pointOf(graph, walkVertices[Math.floor(rnd() * walkVertices.length)] as number);
      return { lat: origin.lat + (p.lat - origin.lat) * 0.15, lng: origin.lng + (p.lng - origin.lng) * 0.15 };
    });
    for (const profile of ['walk', 'cycle'] as const) {
      for (const reverse of [false, true]) {
        const reach = planner.reach(origin, targets, profile, 900, { reverse });
        expect(reach.estimated).toBe(false);
        let reached = 0;
        targets.forEach((t, i) => {
          const d = reach.duration[i] as number;
          const r = reverse ? planner.routeOnGraph(t, origin, profile) : planner.routeOnGraph(origin, t, profile);
          if (!r) return;
          if (Number.isNaN(d)) {
            expect(r.duration).toBeGreaterThan(899);
            return;
          }
          reached++;
          expect(d).toBeLessThanOrEqual(900);
          expect(Math.abs(d - r.duration)).toBeLessThanOrEqual(1);
        });
        expect(reached).toBeGreaterThan(20);
      }
    }
  });

  it('reports the highest and lowest elevation along a route from the GeoTIFF', () => {
    const [a, b] = randomPairs(1, 8)[0]!;
    const r = planner.route(a, b, 'walk')!;
    expect(r.elevationHighest).not.toBeNull();
    expect(r.elevationHighest!).toBeGreaterThanOrEqual(r.elevationLowest!);
    expect(r.elevationLowest!).toBeGreaterThanOrEqual(0);
    expect(r.elevationHighest!).toBeLessThanOrEqual(300);
  });

  it('round-trips through a versioned snapshot that routes identically', () => {
    const bytes = serializeStreetGraph(graph);
    const t0 = performance.now();
    const loaded = deserializeStreetGraph(bytes);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(loaded.vertexCount).toBe(graph.vertexCount);
    expect(loaded.names).toEqual(graph.names);
    expect(Array.from(loaded.cost[2].subarray(0, 100))).toEqual(Array.from(graph.cost[2].subarray(0, 100)));
    const again = new StreetPlanner(loaded);
    for (const [a, b] of randomPairs(10, 4)) {
      const x = planner.route(a, b, 'car');
      const y = again.route(a, b, 'car');
      expect(y?.duration).toBe(x?.duration);
      expect(y?.geometry).toBe(x?.geometry);
    }
    const bad = bytes.slice();
    bad[8] = 99;
    expect(() => deserializeStreetGraph(bad)).toThrow(/format version 99/);
  });
});
