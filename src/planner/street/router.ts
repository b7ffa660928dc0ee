/**
 * Shortest paths on the street graph by travel time: point-to-point A* (admissible bound:
 * great-circle distance at the profile's top speed) or plain Dijkstra, and one-to-many Dijkstra
 * within a time budget (forward for access to stops, reverse for egress from them).
 * Searches start and end part-way along edges (see Snap). Scratch arrays are reused across
 * queries with a generation stamp, so a Router is cheap to query many times (not re-entrant).
 */
import { EARTH_RADIUS_M } from '../geo/geo';
import type { StreetGraph } from './graph';
import { E7 } from './graph';
import { MinHeap } from './heap';
import type { Snap } from './spatial';

export interface PathResult {
  /** Seconds. */
  duration: number;
  /** Metres. */
  distance: number;
  source: Snap;
  target: Snap;
  /** True when the path stays on the shared edge of source and target. */
  sameEdge: boolean;
  /** Half-edge along which the path leaves the source edge, and enters the target edge (-1 if sameEdge). */
  startHalf: number;
  endHalf: number;
  /** Whole half-edges traversed between them. */
  halves: number[];
  /** Vertices settled by the search (work done). */
  settled: number;
}

export interface ManyResult {
  /** Seconds per target (NaN when not reachable within the budget or not snapped). */
  duration: Float64Array;
  /** Metres along the time-shortest path per target (NaN likewise). */
  distance: Float64Array;
  settled: number;
}

/** Under 1 so float rounding and the flat-earth approximation never make the bound inadmissible. */
const BOUND_FACTOR = 0.99;
const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;

export class Router {
  private readonly dist: Float64Array;
  private readonly metres: Float64Array;
  private readonly parent: Int32Array;
  private readonly seen: Uint32Array;
  private readonly done: Uint32Array;
  private readonly heap = new MinHeap(4096);
  private gen = 0;
  private readonly cosPole: number;

  constructor(readonly graph: StreetGraph) {
    const n = graph.vertexCount;
    const pole = Math.max(Math.abs(graph.bbox.minLat), Math.abs(graph.bbox.maxLat));
    this.cosPole = Number.isFinite(pole) ? Math.cos((Math.min(pole, 89) * Math.PI) / 180) : 1;
    this.dist = new Float64Array(n);
    this.metres = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.done = new Uint32Array(n);
  }

  private begin(): number {
    this.gen++;
    if (this.gen === 0xffffffff) {
      this.seen.fill(0);
      this.done.fill(0);
      this.gen = 1;
    }
    this.heap.clear();
    return this.gen;
  }

  /** Relaxes vertex v to cost d (parent: half-edge, or -2 - startHalf for a seed). */
  private relax(v: number, d: number, m: number, parent: number, key: number): void {
    const gen = this.gen;
    if (this.seen[v] === gen && (this.dist[v] as number) <= d) return;
    this.seen[v] = gen;
    this.dist[v] = d;
    this.metres[v] = m;
    this.parent[v] = parent;
    this.heap.push(key, v);
  }

  /**
   * Fastest path from source to target for profile p (0 walk, 1 cycle, 2 car), or null when
   * none exists. `astar` false gives plain Dijkstra (same cost, more work).
   */
  route(source: Snap, target: Snap, p: number, astar = true): PathResult | null {
    const g = this.graph;
    const cost = g.cost[p as 0 | 1 | 2];
    const gen = this.begin();
    // Lower bound on the remaining time: flat-earth distance to the target (longitude scaled by
    // the cosine of the graph's most poleward latitude, so it never exceeds the great-circle
    // distance) at the profile's top speed. Cheaper than haversine, and admissible.
    const inv = astar ? BOUND_FACTOR / (g.maxSpeed[p] as number) : 0;
    const ky = M_PER_DEG * E7 * inv;
    const kx = ky * this.cosPole;
    const tlat = target.lat / E7;
    const tlng = target.lng / E7;
    const pointLat = g.pointLat;
    const pointLng = g.pointLng;
    const bound = (v: number): number => {
      const dy = ((pointLat[v] as number) - tlat) * ky;
      const dx = ((pointLng[v] as number) - tlng) * kx;
      return Math.sqrt(dx * dx + dy * dy);
    };

    const e = source.edge;
    const f = target.edge;
    const Le = g.edgeLength[e] as number;
    const Lf = g.edgeLength[f] as number;
    let best = Infinity;
    let bestEnd = -1;
    let sameEdge = false;
    let sameHalf = -1;
    if (e === f) {
      const fw = cost[2 * e] as number;
      const bw = cost[2 * e + 1] as number;
      const span = Math.abs(target.offset - source.offset);
      const frac = Le > 0 ? span / Le : 0;
      if (target.offset >= source.offset && Number.isFinite(fw) && fw * frac < best) {
        best = fw * frac;
        sameEdge = true;
        sameHalf = 2 * e;
      }
      if (target.offset <= source.offset && Number.isFinite(bw) && bw * frac < best) {
        best = bw * frac;
        sameEdge = true;
        sameHalf = 2 * e + 1;
      }
    }
    // Seeds: leave the source edge forwards (to edgeTo) or backwards (to edgeFrom).
    const sf = cost[2 * e] as number;
    const sb = cost[2 * e + 1] as number;
    if (Number.isFinite(sf)) {
      const v = g.edgeTo[e] as number;
      const d = Le > 0 ? (sf * (Le - source.offset)) / Le : 0;
      this.relax(v, d, Le - source.offset, -2 - 2 * e, d + bound(v));
    }
    if (Number.isFinite(sb)) {
      const v = g.edgeFrom[e] as number;
      const d = Le > 0 ? (sb * source.offset) / Le : 0;
      this.relax(v, d, source.offset, -2 - (2 * e + 1), d + bound(v));
    }
    // Arrivals: reach the target edge from edgeFrom going forwards, or from edgeTo going backwards.
    const tA = g.edgeFrom[f] as number;
    const tB = g.edgeTo[f] as number;
    const cA = Number.isFinite(cost[2 * f] as number) ? (Lf > 0 ? ((cost[2 * f] as number) * target.offset) / Lf : 0) : Infinity;
    const cB = Number.isFinite(cost[2 * f + 1] as number) ? (Lf > 0 ? ((cost[2 * f + 1] as number) * (Lf - target.offset)) / Lf : 0) : Infinity;

    const heap = this.heap;
    const { adjOffset, adjHalf, edgeFrom, edgeTo } = g;
    let settled = 0;
    while (heap.size > 0) {
      if (heap.peekKey() >= best) break;
      const v = heap.pop();
      if (this.done[v] === gen) continue;
      this.done[v] = gen;
      settled++;
      const d = this.dist[v] as number;
      if (v === tA && d + cA < best) {
        best = d + cA;
        bestEnd = 2 * f;
        sameEdge = false;
      }
      if (v === tB && d + cB < best) {
        best = d + cB;
        bestEnd = 2 * f + 1;
        sameEdge = false;
      }
      const m = this.metres[v] as number;
      for (let i = adjOffset[v] as number, end = adjOffset[v + 1] as number; i < end; i++) {
        const h = adjHalf[i] as number;
        const c = cost[h] as number;
        if (c === Infinity) continue;
        const ed = h >> 1;
        const w = (h & 1 ? edgeFrom[ed] : edgeTo[ed]) as number;
        const nd = d + c;
        if (this.seen[w] === gen && (this.dist[w] as number) <= nd) continue;
        if (this.done[w] === gen) continue;
        this.relax(w, nd, m + (g.edgeLength[ed] as number), h, nd + bound(w));
      }
    }
    if (best === Infinity) return null;
    if (sameEdge) {
      return { duration: best, distance: Math.abs(target.offset - source.offset), source, target, sameEdge: true, startHalf: sameHalf, endHalf: -1, halves: [], settled };
    }
    const halves: number[] = [];
    let v = bestEnd & 1 ? tB : tA;
    const arrivalMetres = (this.metres[v] as number) + (bestEnd & 1 ? Lf - target.offset : target.offset);
    while ((this.parent[v] as number) >= 0) {
      const h = this.parent[v] as number;
      halves.push(h);
      v = (h & 1 ? edgeTo[h >> 1] : edgeFrom[h >> 1]) as number;
    }
    halves.reverse();
    const startHalf = -2 - (this.parent[v] as number);
    return { duration: best, distance: arrivalMetres, source, target, sameEdge: false, startHalf, endHalf: bestEnd, halves, settled };
  }

  /**
   * Travel time from `origin` to every target within `budget` seconds (reverse = false), or from
   * every target to `origin` (reverse = true, for egress from stops to a destination).
   */
  oneToMany(origin: Snap, targets: readonly (Snap | null)[], p: number, budget: number, reverse = false): ManyResult {
    const g = this.graph;
    const cost = g.cost[p as 0 | 1 | 2];
    const gen = this.begin();
    const e = origin.edge;
    const Le = g.edgeLength[e] as number;
    const frac = (x: number): number => (Le > 0 ? x / Le : 0);
    // Forward: leave origin along 2e to edgeTo, along 2e+1 to edgeFrom.
    // Reverse: arrive at origin along 2e from edgeFrom, along 2e+1 from edgeTo.
    const fw = cost[2 * e] as number;
    const bw = cost[2 * e + 1] as number;
    if (!reverse) {
      if (Number.isFinite(fw)) this.relax(g.edgeTo[e] as number, fw * frac(Le - origin.offset), Le - origin.offset, -1, fw * frac(Le - origin.offset));
      if (Number.isFinite(bw)) this.relax(g.edgeFrom[e] as number, bw * frac(origin.offset), origin.offset, -1, bw * frac(origin.offset));
    } else {
      if (Number.isFinite(fw)) this.relax(g.edgeFrom[e] as number, fw * frac(origin.offset), origin.offset, -1, fw * frac(origin.offset));
      if (Number.isFinite(bw)) this.relax(g.edgeTo[e] as number, bw * frac(Le - origin.offset), Le - origin.offset, -1, bw * frac(Le - origin.offset));
    }
    const heap = this.heap;
    const { adjOffset, adjHalf, edgeFrom, edgeTo } = g;
    let settled = 0;
    while (heap.size > 0) {
      if (heap.peekKey() > budget) break;
      const v = heap.pop();
      if (this.done[v] === gen) continue;
      this.done[v] = gen;
      settled++;
      const d = this.dist[v] as number;
      const m = this.metres[v] as number;
      for (let i = adjOffset[v] as number, end = adjOffset[v + 1] as number; i < end; i++) {
        const h = adjHalf[i] as number;
        // Reverse search walks incoming half-edges: h leaves v, so h ^ 1 arrives at v.
        const c = cost[reverse ? h ^ 1 : h] as number;
        if (c === Infinity) continue;
        const ed = h >> 1;
        const w = (h & 1 ? edgeFrom[ed] : edgeTo[ed]) as number;
        const nd = d + c;
        if (nd > budget || this.done[w] === gen) continue;
        this.relax(w, nd, m + (g.edgeLength[ed] as number), h, nd);
      }
    }
    const duration = new Float64Array(targets.length).fill(NaN);
    const distance = new Float64Array(targets.length).fill(NaN);
    targets.forEach((t, i) => {
      if (!t) return;
      const f = t.edge;
      const Lf = g.edgeLength[f] as number;
      const ff = (x: number): number => (Lf > 0 ? x / Lf : 0);
      const cf = cost[2 * f] as number;
      const cb = cost[2 * f + 1] as number;
      let bestT = Infinity;
      let bestM = NaN;
      const consider = (v: number, c: number, metres: number): void => {
        if (!Number.isFinite(c) || this.done[v] !== gen) return;
        const total = (this.dist[v] as number) + c;
        if (total < bestT) {
          bestT = total;
          bestM = (this.metres[v] as number) + metres;
        }
      };
      if (!reverse) {
        consider(g.edgeFrom[f] as number, cf * ff(t.offset), t.offset);
        consider(g.edgeTo[f] as number, cb * ff(Lf - t.offset), Lf - t.offset);
      } else {
        consider(g.edgeTo[f] as number, cf * ff(Lf - t.offset), Lf - t.offset);
        consider(g.edgeFrom[f] as number, cb * ff(t.offset), t.offset);
      }
      if (f === e) {
        // Same edge: straight along it, in the allowed direction.
        const ahead = reverse ? origin.offset - t.offset : t.offset - origin.offset;
        const c = ahead >= 0 ? fw * frac(ahead) : bw * frac(-ahead);
        if (Number.isFinite(c) && c < bestT) {
          bestT = c;
          bestM = Math.abs(ahead);
        }
      }
      if (bestT <= budget) {
        duration[i] = bestT;
        distance[i] = bestM;
      }
    });
    return { duration, distance, settled };
  }
}
