import { describe, expect, it } from 'vitest';
import { buildStreetGraph } from '../../../src/planner/street/build';
import { StreetPlanner } from '../../../src/planner/street/street';
import { writePbf, type PbfNode, type PbfWay } from './pbf-writer';

// A small made-up town on a firth: a main road east-west at 56.00N, a ferry across to 56.02N.
const at = (id: number, lat: number, lng: number, tags?: Record<string, string>): PbfNode => ({
  id,
  lat,
  lng,
  ...(tags ? { tags } : {}),
});
const nodes: PbfNode[] = [
  at(1, 56.0, -3.0),
  at(2, 56.0, -2.995),
  at(3, 56.0, -2.99, { barrier: 'gate', access: 'private' }), // where the private drive meets the main road
  at(4, 56.0, -2.985),
  at(5, 56.0, -2.98),
  at(6, 55.998, -2.99), // end of the private drive
  at(7, 56.0, -2.975, { barrier: 'bollard' }), // a bollard inside the road east of 5
  at(8, 56.0, -2.97),
  at(10, 56.02, -2.99), // ferry landing north
  at(11, 56.02, -2.98),
  // node 9 (a ref of the broken way) is missing from the extract
  at(12, 56.005, -3.0),
  at(13, 56.01, -3.0),
];
const ways: PbfWay[] = [
  { id: 100, refs: [1, 2, 3, 4, 5], tags: { highway: 'tertiary', name: 'Shore Road' } },
  { id: 101, refs: [3, 6], tags: { highway: 'service', name: 'Private Drive' } },
  { id: 102, refs: [5, 7, 8], tags: { highway: 'residential', name: 'Harbour Street' } },
  { id: 103, refs: [2, 10], tags: { route: 'ferry', duration: '00:20', name: 'Firth Ferry' } },
  { id: 104, refs: [10, 11], tags: { highway: 'residential', name: 'North Pier' } },
  { id: 105, refs: [1, 12, 9, 13], tags: { highway: 'footway' } },
];

async function build(sorted = true, extraWays: PbfWay[] = []) {
  const bytes = writePbf(nodes, [...ways, ...extraWays], [], sorted);
  // Two chunks split mid-blob, as a file stream would deliver them.
  return buildStreetGraph(() => [bytes.subarray(0, 100), bytes.subarray(100)]);
}

describe('street graph from a synthetic PBF', () => {
  it('reads sorted and unsorted files alike, and splits ways at missing nodes', async () => {
    const a = await build(true);
    const b = await build(false);
    expect(a.stats.nodesMissing).toBe(1);
    expect(b.stats.edges).toBe(a.stats.edges);
    expect(b.stats.vertices).toBe(a.stats.vertices);
    // Way 105: 1-12 kept, 12-9-13 broken: only one footway edge.
    const footway = [...a.graph.edgeWay].filter((w) => w === 105);
    expect(footway).toHaveLength(1);
  });

  it('takes the ferry at the speed its duration gives (walk and cycle, not car)', async () => {
    const { graph } = await build();
    const planner = new StreetPlanner(graph);
    const from = { lat: 56.0, lng: -2.9951 };
    const to = { lat: 56.02, lng: -2.985 };
    const walk = planner.routeOnGraph(from, to, 'walk')!;
    expect(walk).not.toBeNull();
    expect(walk.duration).toBeGreaterThan(20 * 60);
    expect(walk.duration).toBeLessThan(20 * 60 + 600);
    expect(walk.directions.some((d) => d.html_instructions === 'Take the ferry Firth Ferry')).toBe(true);
    // The north pier is reachable only by the foot ferry: not part of the car network, and no
    // car route is offered (not an estimate either: both points are on the mapped streets).
    expect(planner.snap(to, 'car')).toBeNull();
    expect(planner.route(from, to, 'car')).toBeNull();
    // A point far from any street gets a flagged estimate.
    expect(planner.route(from, { lat: 56.2, lng: -2.9 }, 'car')?.estimated).toBe(true);
  });

  it('carries cars on a ferry that says so', async () => {
    const bytes = writePbf(
      nodes,
      ways.map((w) => (w.id === 103 ? { ...w, tags: { ...w.tags, motor_vehicle: 'yes' } } : w)),
    );
    const { graph } = await buildStreetGraph(() => [bytes]);
    const car = new StreetPlanner(graph).routeOnGraph({ lat: 56.0, lng: -2.9951 }, { lat: 56.02, lng: -2.985 }, 'car');
    expect(car).not.toBeNull();
    expect(car!.duration).toBeGreaterThan(20 * 60);
  });

  it('closes a private drive behind its gate to everyone, but not the road through the gate', async () => {
    const { graph } = await build();
    const drive = [...graph.edgeWay.keys()].find((e) => graph.edgeWay[e] === 101)!;
    for (const cost of graph.cost) {
      expect(cost[2 * drive]).toBe(Infinity);
      expect(cost[2 * drive + 1]).toBe(Infinity);
    }
    const planner = new StreetPlanner(graph);
    const car = planner.routeOnGraph({ lat: 56.0, lng: -2.999 }, { lat: 56.0, lng: -2.981 }, 'car');
    expect(car).not.toBeNull();
    expect(car!.distance).toBeLessThan(1_300);
  });

  it('lets walkers and cyclists past a bollard, not cars', async () => {
    const { graph } = await build();
    const planner = new StreetPlanner(graph);
    const west = { lat: 56.0, lng: -2.978 };
    const east = { lat: 56.0, lng: -2.972 };
    expect(planner.routeOnGraph(west, east, 'walk')).not.toBeNull();
    expect(planner.routeOnGraph(west, east, 'cycle')).not.toBeNull();
    const car = planner.routeOnGraph(west, east, 'car');
    // East of the bollard is cut off for cars: snapping puts the car on this side, or nowhere.
    if (car)
      expect(car.points.every((p) => p.lng < -2.975 + 1e-9 || p === car.points[car.points.length - 1])).toBe(true);
  });
});
