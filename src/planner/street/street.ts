/**
 * The street module's front door: routes and reach by walk, cycle or car over a region's street
 * graph, with straight-line estimates where there is no graph (or a point lies too far from it).
 *
 * The stretch between a query point and where it meets the graph (the snap distance) is added
 * to the route as a straight connector at walking pace: from a door to the street one walks,
 * whatever the mode.
 */
import type { LatLng } from '../geo/geo';
import { encodePolyline } from '../geo/geo';
import { buildDirections } from './directions';
import type { ElevationSampler } from './elevation';
import { elevationRange } from './elevation';
import { DETOUR_FACTOR, estimateRoute, estimatedDuration } from './estimate';
import { joinPoints, pathSegments } from './geometry';
import type { StreetGraph } from './graph';
import type { Profile } from './profiles';
import { PROFILE_INDEX, WALK_SPEED } from './profiles';
import type { PathResult } from './router';
import { Router } from './router';
import type { Snap } from './spatial';
import { snapPoint } from './spatial';
import type { StreetRoute } from './types';
import { distance } from '../geo/geo';

export interface StreetPlannerOptions {
  elevation?: ElevationSampler | null;
  /** Metres a point may lie from a usable street before it counts as off the graph (default 500). */
  maxSnapDistance?: number;
}

export interface Reach {
  /** Seconds per target, NaN when beyond the budget or unreachable. */
  duration: Float64Array;
  /** Metres per target, NaN likewise. */
  distance: Float64Array;
  /** True when times come from straight-line estimates (no graph, or origin off the graph). */
  estimated: boolean;
}

export class StreetPlanner {
  private readonly router: Router | null;
  readonly elevation: ElevationSampler | null;
  readonly maxSnapDistance: number;

  constructor(
    readonly graph: StreetGraph | null,
    options: StreetPlannerOptions = {},
  ) {
    this.router = graph ? new Router(graph) : null;
    this.elevation = options.elevation ?? null;
    this.maxSnapDistance = options.maxSnapDistance ?? 500;
  }

  snap(point: LatLng, profile: Profile, maxDistance = this.maxSnapDistance): Snap | null {
    return this.graph ? snapPoint(this.graph, point.lat, point.lng, PROFILE_INDEX[profile], maxDistance) : null;
  }

  /** Raw search result (for tests and the benchmark): A* by default, plain Dijkstra on request. */
  path(from: Snap, to: Snap, profile: Profile, algorithm: 'astar' | 'dijkstra' = 'astar'): PathResult | null {
    return this.router ? this.router.route(from, to, PROFILE_INDEX[profile], algorithm === 'astar') : null;
  }

  /** Route over the graph, or null when either point is off the graph or no path exists. */
  routeOnGraph(from: LatLng, to: LatLng, profile: Profile): StreetRoute | null {
    const graph = this.graph;
    if (!graph) return null;
    const a = this.snap(from, profile);
    const b = this.snap(to, profile);
    if (!a || !b) return null;
    const path = this.path(a, b, profile);
    if (!path) return null;
    const segments = pathSegments(graph, path);
    const points = joinPoints([{ points: [from] }, ...segments, { points: [to] }]);
    const connector = a.distance + b.distance;
    const result: StreetRoute = {
      profile,
      estimated: false,
      distance: Math.round(path.distance + connector),
      duration: Math.round(path.duration + connector / WALK_SPEED),
      geometry: encodePolyline(points),
      points,
      directions: buildDirections(segments),
      ...elevationRange(points, this.elevation),
    };
    return result;
  }

  /**
   * Route over the graph where possible. A flagged straight-line estimate when there is no graph
   * or a point lies off the mapped streets (no walkable way within the snap distance); null when
   * both points are on the network but this mode cannot make the trip (a car to a pedestrian
   * precinct, or across a foot ferry).
   */
  route(from: LatLng, to: LatLng, profile: Profile): StreetRoute | null {
    if (!this.graph) return estimateRoute(from, to, profile, this.elevation);
    const onGraph = this.routeOnGraph(from, to, profile);
    if (onGraph) return onGraph;
    const covered = (p: LatLng): boolean => this.snap(p, 'walk') !== null;
    return covered(from) && covered(to) ? null : estimateRoute(from, to, profile, this.elevation);
  }

  /**
   * Travel times from origin to each target (reverse: from each target to origin) within
   * budgetSeconds, for transit access and egress. Targets that cannot be snapped get NaN;
   * without a graph (or with the origin off it) every time is a straight-line estimate.
   */
  reach(
    origin: LatLng,
    targets: readonly LatLng[],
    profile: Profile,
    budgetSeconds: number,
    options: { reverse?: boolean; targetSnaps?: readonly (Snap | null)[] } = {},
  ): Reach {
    const o = this.router ? this.snap(origin, profile) : null;
    if (!this.router || !o) return estimateReach(origin, targets, profile, budgetSeconds);
    const snaps = options.targetSnaps ?? targets.map((t) => this.snap(t, profile));
    const originConnector = o.distance / WALK_SPEED;
    const res = this.router.oneToMany(
      o,
      snaps,
      PROFILE_INDEX[profile],
      budgetSeconds - originConnector,
      options.reverse ?? false,
    );
    snaps.forEach((s, i) => {
      const d = res.duration[i] as number;
      if (!s || Number.isNaN(d)) return;
      const total = d + originConnector + s.distance / WALK_SPEED;
      if (total > budgetSeconds) {
        res.duration[i] = NaN;
        res.distance[i] = NaN;
      } else {
        res.duration[i] = total;
        res.distance[i] = (res.distance[i] as number) + o.distance + s.distance;
      }
    });
    return { duration: res.duration, distance: res.distance, estimated: false };
  }
}

export function estimateReach(
  origin: LatLng,
  targets: readonly LatLng[],
  profile: Profile,
  budgetSeconds: number,
): Reach {
  const duration = new Float64Array(targets.length).fill(NaN);
  const dist = new Float64Array(targets.length).fill(NaN);
  targets.forEach((t, i) => {
    const metres = distance(origin, t) * DETOUR_FACTOR[profile];
    const seconds = estimatedDuration(metres, profile);
    if (seconds <= budgetSeconds) {
      duration[i] = seconds;
      dist[i] = metres;
    }
  });
  return { duration, distance: dist, estimated: true };
}
