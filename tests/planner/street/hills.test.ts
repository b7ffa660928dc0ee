import { describe, expect, it } from 'vitest';
import { CLIMB_SECONDS_PER_M } from '../../../src/planner/street/build';
import { loadElevation } from '../../../src/planner/street/elevation-node';
import { pointOf } from '../../../src/planner/street/graph';
import { buildStreetGraphFromFile } from '../../../src/planner/street/osm-node';
import { StreetPlanner } from '../../../src/planner/street/street';
import { PORTO_ALEGRE_PBF, PORTO_ALEGRE_TIF, graphOf, requireData } from './fixtures';

describe('hills (Porto Alegre with its elevation raster)', () => {
  it('makes walking and cycling uphill slower than downhill; driving is unchanged', async () => {
    const elevation = await loadElevation([requireData(PORTO_ALEGRE_TIF)]);
    const { graph } = await buildStreetGraphFromFile(requireData(PORTO_ALEGRE_PBF), { elevation });
    const flat = (await graphOf(PORTO_ALEGRE_PBF)).graph;
    expect(flat.edgeCount).toBe(graph.edgeCount);
    // The edge whose two ends differ most in height.
    let steepest = -1;
    let rise = 0;
    for (let e = 0; e < graph.edgeCount; e++) {
      if (
        !(
          (graph.inComponent[graph.edgeFrom[e] as number] as number) &
          (graph.inComponent[graph.edgeTo[e] as number] as number) &
          1
        )
      )
        continue;
      const a = pointOf(graph, graph.edgeFrom[e] as number);
      const b = pointOf(graph, graph.edgeTo[e] as number);
      const za = elevation.elevationAt(a.lat, a.lng);
      const zb = elevation.elevationAt(b.lat, b.lng);
      if (za === null || zb === null) continue; // the raster stops short of the street extract's east edge
      const dz = zb - za;
      if (
        Math.abs(dz) > Math.abs(rise) &&
        Number.isFinite(graph.cost[0][2 * e] as number) &&
        Number.isFinite(graph.cost[0][2 * e + 1] as number)
      ) {
        rise = dz;
        steepest = e;
      }
    }
    expect(Math.abs(rise)).toBeGreaterThan(10);
    const up = rise > 0 ? 2 * steepest : 2 * steepest + 1;
    const down = up ^ 1;
    for (const p of [0, 1] as const) {
      // Extra time over the flat graph (cycle costs also hold signal delays, the same in both).
      const extraUp = (graph.cost[p][up] as number) - (flat.cost[p][up] as number);
      const extraDown = (graph.cost[p][down] as number) - (flat.cost[p][down] as number);
      expect(extraUp).toBeGreaterThan(extraDown);
      // At least the net rise costs extra going up; descending is never faster than flat.
      expect(extraUp).toBeGreaterThanOrEqual(CLIMB_SECONDS_PER_M[p] * Math.abs(rise) * 0.9);
      expect(extraDown).toBeGreaterThanOrEqual(0);
    }
    expect(graph.cost[2][up]).toBe(flat.cost[2][up]);
    // Whole routes: the way up takes longer than the way down.
    const planner = new StreetPlanner(graph, { elevation });
    const low = pointOf(graph, rise > 0 ? (graph.edgeFrom[steepest] as number) : (graph.edgeTo[steepest] as number));
    const high = pointOf(graph, rise > 0 ? (graph.edgeTo[steepest] as number) : (graph.edgeFrom[steepest] as number));
    const climbRoute = planner.route(low, high, 'walk')!;
    const descent = planner.route(high, low, 'walk')!;
    expect(climbRoute.duration).toBeGreaterThan(descent.duration);
    expect(climbRoute.elevationHighest! - climbRoute.elevationLowest!).toBeGreaterThan(5);
  });
});
