/**
 * Shortest paths on the street graph by travel time: point-to-point A* (admissible bound:
 * straight-line distance at the profile's top speed) or plain Dijkstra, and one-to-many Dijkstra
 * within a time budget (forward for access to stops, reverse for egress from them).
 * Searches start and end part-way along edges (see Snap). Scratch arrays are reused across
 * queries with a generation stamp, so a Router is cheap to query many times (not re-entrant).
 *
 * Search states are vertices, except at vertices with turn restrictions, which get one state per
 * approach (incoming half-edge) so a forbidden turn can be refused: states 0..V-1 are vertices,
 * V + slot are approaches (see TurnTable).
 */
import { EARTH_RADIUS_M } from '../geo/geo';
import type { StreetGraph } from './graph';
import { E7 } from './graph';
import { MinHeap } from '../common/heap';
import type { Snap } from './spatial';
import { TurnTable } from './turns';

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
  /** Half-edge that reached the state, or -2 - startHalf for a seed. */
  private readonly parent: Int32Array;
  private readonly parentState: Int32Array;
  private readonly seen: Uint32Array;
  private readonly done: Uint32Array;
  private readonly heap = new MinHeap(4096);
  private gen = 0;
  private readonly cosPole: number;
  private readonly turns: TurnTable;
  private readonly V: number;

  constructor(readonly graph: StreetGraph) {
    this.V = graph.vertexCount;
    this.turns = new TurnTable(graph, graph.vertexCount, graph.adjOffset, graph.adjHalf);
    const n = graph.vertexCount + this.turns.slots;
    this.dist = new Float64Array(n);
    this.metres = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.parentState = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.done = new Uint32Array(n);
    const pole = Math.max(Math.abs(graph.bbox.minLat), Math.abs(graph.bbox.maxLat));
    this.cosPole = Number.isFinite(pole) ? Math.cos((Math.min(pole, 89) * Math.PI) / 180) : 1;
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

  /** The state for arriving at vertex w along half-edge h (for a reverse search: leaving w along h ^ 1). */
  private stateOf(w: number, h: number): number {
    const base = this.turns.slotBase[w] as number;
    return base < 0 ? w : this.V + base + (this.turns.adjPos[h ^ 1] as number);
  }

  private vertexOf(state: number): number {
    return state < this.V ? state : (this.turns.slotVertex[state - this.V] as number);
  }

  /** Relaxes a state to cost d; parent is the half-edge (or -2 - startHalf for a seed). */
  private relax(state: number, d: number, m: number, parent: number, from: number, key: number): void {
    const gen = this.gen;
    if (this.seen[state] === gen && (this.dist[state] as number) <= d) return;
    if (this.done[state] === gen) return;
    this.seen[state] = gen;
    this.dist[state] = d;
    this.metres[state] = m;
    this.parent[state] = parent;
    this.parentState[state] = from;
    this.heap.push(key, state);
  }

  /** Incoming half-edge of a state at a restricted vertex, else -1 (no turn memory needed). */
  private approach(state: number): number {
    return state < this.V ? -1 : (this.turns.slotIn[state - this.V] as number);
  }

  /**
   * Fastest path from source to target for profile p (0 walk, 1 cycle, 2 car), or null when
   * none exists. `astar` false gives plain Dijkstra (same cost, more work).
   */
  route(source: Snap, target: Snap, p: number, astar = true): PathResult | null {
    const g = this.graph;
    const cost = g.cost[p as 0 | 1 | 2];
    const gen = this.begin();
    const turns = this.turns;
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
    let bestState = -1;
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
      this.relax(this.stateOf(v, 2 * e), d, Le - source.offset, -2 - 2 * e, -1, d + bound(v));
    }
    if (Number.isFinite(sb)) {
      const v = g.edgeFrom[e] as number;
      const d = Le > 0 ? (sb * source.offset) / Le : 0;
      this.relax(this.stateOf(v, 2 * e + 1), d, source.offset, -2 - (2 * e + 1), -1, d + bound(v));
    }
    // Arrivals: reach the target edge from edgeFrom going forwards, or from edgeTo going backwards.
    const tA = g.edgeFrom[f] as number;
    const tB = g.edgeTo[f] as number;
    const cA = Number.isFinite(cost[2 * f] as number)
      ? Lf > 0
        ? ((cost[2 * f] as number) * target.offset) / Lf
        : 0
      : Infinity;
    const cB = Number.isFinite(cost[2 * f + 1] as number)
      ? Lf > 0
        ? ((cost[2 * f + 1] as number) * (Lf - target.offset)) / Lf
        : 0
      : Infinity;

    const heap = this.heap;
    const { adjOffset, adjHalf, edgeFrom, edgeTo } = g;
    let settled = 0;
    while (heap.size > 0) {
      if (heap.peekKey() >= best) break;
      const s = heap.pop();
      if (this.done[s] === gen) continue;
      this.done[s] = gen;
      settled++;
      const v = s < this.V ? s : this.vertexOf(s);
      const inHalf = this.approach(s);
      const d = this.dist[s] as number;
      if (v === tA && d + cA < best && (inHalf < 0 || turns.allowed(p, v, inHalf, 2 * f))) {
        best = d + cA;
        bestEnd = 2 * f;
        bestState = s;
        sameEdge = false;
      }
      if (v === tB && d + cB < best && (inHalf < 0 || turns.allowed(p, v, inHalf, 2 * f + 1))) {
        best = d + cB;
        bestEnd = 2 * f + 1;
        bestState = s;
        sameEdge = false;
      }
      const m = this.metres[s] as number;
      for (let i = adjOffset[v] as number, end = adjOffset[v + 1] as number; i < end; i++) {
        const h = adjHalf[i] as number;
        const c = cost[h] as number;
        if (c === Infinity) continue;
        if (inHalf >= 0 && !turns.allowed(p, v, inHalf, h)) continue;
        const ed = h >> 1;
        const w = (h & 1 ? edgeFrom[ed] : edgeTo[ed]) as number;
        const ws = turns.slotBase[w] === -1 ? w : this.stateOf(w, h);
        const nd = d + c;
        if (this.seen[ws] === gen && (this.dist[ws] as number) <= nd) continue;
        this.relax(ws, nd, m + (g.edgeLength[ed] as number), h, s, nd + bound(w));
      }
    }
    if (best === Infinity) return null;
    if (sameEdge) {
      return {
        duration: best,
        distance: Math.abs(target.offset - source.offset),
        source,
        target,
        sameEdge: true,
        startHalf: sameHalf,
        endHalf: -1,
        halves: [],
        settled,
      };
    }
    const halves: number[] = [];
    let st = bestState;
    const arrivalMetres = (this.metres[st] as number) + (bestEnd & 1 ? Lf - target.offset : target.offset);
    while ((this.parent[st] as number) >= 0) {
      halves.push(this.parent[st] as number);
      st = this.parentState[st] as number;
    }
    halves.reverse();
    const startHalf = -2 - (this.parent[st] as number);
    return {
      duration: best,
      distance: arrivalMetres,
      source,
      target,
      sameEdge: false,
      startHalf,
      endHalf: bestEnd,
      halves,
      settled,
    };
  }

  /**
   * Travel time from `origin` to every target within `budget` seconds (reverse = false), or from
   * every target to `origin` (reverse = true, for egress from stops to a destination), honouring
   * turn restrictions all the way.
   */
  oneToMany(origin: Snap, targets: readonly (Snap | null)[], p: number, budget: number, reverse = false): ManyResult {
    const g = this.graph;
    const cost = g.cost[p as 0 | 1 | 2];
    const gen = this.begin();
    const turns = this.turns;
    const e = origin.edge;
    const Le = g.edgeLength[e] as number;
    const frac = (x: number): number => (Le > 0 ? x / Le : 0);
    // Forward: leave origin along 2e to edgeTo, along 2e+1 to edgeFrom.
    // Reverse: arrive at origin along 2e from edgeFrom, along 2e+1 from edgeTo. A reverse state
    // at a restricted vertex records the half-edge the path leaves it by (stored reversed).
    const fw = cost[2 * e] as number;
    const bw = cost[2 * e + 1] as number;
    if (!reverse) {
      if (Number.isFinite(fw))
        this.relax(
          this.stateOf(g.edgeTo[e] as number, 2 * e),
          fw * frac(Le - origin.offset),
          Le - origin.offset,
          -1,
          -1,
          fw * frac(Le - origin.offset),
        );
      if (Number.isFinite(bw))
        this.relax(
          this.stateOf(g.edgeFrom[e] as number, 2 * e + 1),
          bw * frac(origin.offset),
          origin.offset,
          -1,
          -1,
          bw * frac(origin.offset),
        );
    } else {
      if (Number.isFinite(fw))
        this.relax(
          this.stateOf(g.edgeFrom[e] as number, 2 * e + 1),
          fw * frac(origin.offset),
          origin.offset,
          -1,
          -1,
          fw * frac(origin.offset),
        );
      if (Number.isFinite(bw))
        this.relax(
          this.stateOf(g.edgeTo[e] as number, 2 * e),
          bw * frac(Le - origin.offset),
          Le - origin.offset,
          -1,
          -1,
          bw * frac(Le - origin.offset),
        );
    }
    const heap = this.heap;
    const { adjOffset, adjHalf, edgeFrom, edgeTo } = g;
    // Best time per vertex over its states, for the targets.
    const V = this.V;
    let settled = 0;
    while (heap.size > 0) {
      if (heap.peekKey() > budget) break;
      const s = heap.pop();
      if (this.done[s] === gen) continue;
      this.done[s] = gen;
      settled++;
      const v = s < V ? s : this.vertexOf(s);
      const tag = this.approach(s);
      const d = this.dist[s] as number;
      const m = this.metres[s] as number;
      if (s >= V && (this.seen[v] !== gen || (this.dist[v] as number) > d)) {
        // Keep the vertex's own label as the best over its approaches (targets read it).
        this.seen[v] = gen;
        this.dist[v] = d;
        this.metres[v] = m;
        this.done[v] = gen;
      }
      for (let i = adjOffset[v] as number, end = adjOffset[v + 1] as number; i < end; i++) {
        const h = adjHalf[i] as number;
        // Reverse search walks incoming half-edges: h leaves v, so h ^ 1 arrives at v.
        const c = cost[reverse ? h ^ 1 : h] as number;
        if (c === Infinity) continue;
        if (tag >= 0) {
          // Forward: arrived along tag, leaving along h. Reverse: in the real direction the path
          // arrives along h ^ 1 and then leaves along (tag ^ 1).
          if (!reverse ? !turns.allowed(p, v, tag, h) : !turns.allowed(p, v, h ^ 1, tag ^ 1)) continue;
        }
        const ed = h >> 1;
        const w = (h & 1 ? edgeFrom[ed] : edgeTo[ed]) as number;
        const nd = d + c;
        if (nd > budget) continue;
        const ws = turns.slotBase[w] === -1 ? w : this.stateOf(w, h);
        if (this.done[ws] === gen) continue;
        this.relax(ws, nd, m + (g.edgeLength[ed] as number), h, s, nd);
      }
    }
    const duration = new Float64Array(targets.length).fill(NaN);
    const distance = new Float64Array(targets.length).fill(NaN);
    const done = this.done;
    const dist = this.dist;
    const metres = this.metres;
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      if (!t) continue;
      const f = t.edge;
      const a = edgeFrom[f] as number;
      const b = edgeTo[f] as number;
      const reachedA = done[a] === gen;
      const reachedB = done[b] === gen;
      if (!reachedA && !reachedB && f !== e) continue;
      const Lf = g.edgeLength[f] as number;
      const inv = Lf > 0 ? 1 / Lf : 0;
      const cf = cost[2 * f] as number;
      const cb = cost[2 * f + 1] as number;
      // Forward: into the target from a along 2f, or from b along 2f+1. Reverse: out of it.
      const viaA = reverse ? cb * t.offset * inv : cf * t.offset * inv;
      const viaB = reverse ? cf * (Lf - t.offset) * inv : cb * (Lf - t.offset) * inv;
      let bestT = Infinity;
      let bestM = NaN;
      // The turn between the search and the target's own edge: at a restricted vertex, only the
      // approaches that may make it count (forward: arrive by the approach, leave along the
      // target edge; reverse: arrive from the target edge, leave by the approach's way out).
      const end = (v: number, via: number, into: number, out: number, along: number): void => {
        if (via === Infinity) return;
        const base = turns.slotBase[v] as number;
        if (base < 0) {
          if ((dist[v] as number) + via < bestT) {
            bestT = (dist[v] as number) + via;
            bestM = (metres[v] as number) + along;
          }
          return;
        }
        const slots = (adjOffset[v + 1] as number) - (adjOffset[v] as number);
        for (let k = 0; k < slots; k++) {
          const st = V + base + k;
          if (done[st] !== gen) continue;
          const tag = turns.slotIn[base + k] as number;
          if (!(reverse ? turns.allowed(p, v, into, tag ^ 1) : turns.allowed(p, v, tag, out))) continue;
          if ((dist[st] as number) + via < bestT) {
            bestT = (dist[st] as number) + via;
            bestM = (metres[st] as number) + along;
          }
        }
      };
      if (reachedA) end(a, viaA, 2 * f + 1, 2 * f, t.offset);
      if (reachedB) end(b, viaB, 2 * f, 2 * f + 1, Lf - t.offset);
      if (f === e) {
        // Same edge: straight along it, in the allowed direction.
        const ahead = reverse ? origin.offset - t.offset : t.offset - origin.offset;
        const c = ahead >= 0 ? fw * frac(ahead) : bw * frac(-ahead);
        if (c !== Infinity && c < bestT) {
          bestT = c;
          bestM = Math.abs(ahead);
        }
      }
      if (bestT <= budget) {
        duration[i] = bestT;
        distance[i] = bestM;
      }
    }
    return { duration, distance, settled };
  }
}
