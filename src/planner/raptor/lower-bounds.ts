/**
 * Lower bounds on the time from every stop to the destination, for pruning (as OpenTripPlanner's
 * raptor heuristics do): a label at stop s reached at time t can only lead to an arrival of
 * t + bound[s] or later, so when that is no better than a journey already found it is dropped.
 *
 * The bound is a Dijkstra search backwards from the egress stops over a relaxed network: each pattern
 * hop costs the fastest any trip makes it, footpaths cost their duration, and waiting, change times,
 * service days and boarding rules are ignored - all of which only make the bound smaller, so it
 * never prunes a journey that could win. Stops that cannot reach the destination get INF.
 */
import { INF } from './state';
import { CAN_ALIGHT, CAN_BOARD, type StopTime, type TransitData } from './transit-data';

export class LowerBounds {
  /** Fastest ride from position i-1 to i of each pattern, indexed like patternStops (0 at i = 0). */
  private readonly hop: Int32Array;
  /** Footpaths by destination stop (CSR), to walk them backwards. */
  private readonly inStart: Int32Array;
  private readonly inFrom: Int32Array;
  private readonly inDuration: Int32Array;
  private readonly heap: StopHeap;
  readonly bound: Int32Array;
  /** Fewest further trips to the destination after arriving at a stop by trip (0 at an egress stop). */
  readonly tripsAfterArrival: Int32Array;
  /** Fewest further trips, counting the next one, when ready to board at a stop. */
  readonly tripsAfterReady: Int32Array;

  /**
   * Every way into each stop for the Dijkstra (CSR by destination): the fastest ride from the stop before
   * it on any pattern and each footpath (and rule change), one edge per origin stop at its least cost.
   */
  private readonly edgeStart: Int32Array;
  private readonly edgeFrom: Int32Array;
  private readonly edgeCost: Int32Array;

  constructor(private readonly data: TransitData) {
    this.hop = fastestHops(data);
    const S = data.stopCount;
    // Footpaths, and the changes transfer rules allow between two stops (at no cost: a timed one may take none).
    const rules = data.rules;
    const ruleEdges = rules ? rules.boardStop.length : 0;
    const edges = data.footTo.length + ruleEdges;
    const inCount = new Int32Array(S + 1);
    for (let i = 0; i < data.footTo.length; i++) inCount[(data.footTo[i] as number) + 1]!++;
    for (let i = 0; i < ruleEdges; i++) inCount[(rules?.boardStop[i] as number) + 1]!++;
    for (let s = 0; s < S; s++) inCount[s + 1]! += inCount[s] as number;
    this.inStart = inCount;
    this.inFrom = new Int32Array(edges);
    this.inDuration = new Int32Array(edges);
    const fill = inCount.slice(0, S);
    for (let from = 0; from < S; from++) {
      for (let e = data.footStart[from] as number; e < (data.footStart[from + 1] as number); e++) {
        const at = fill[data.footTo[e] as number]!++;
        this.inFrom[at] = from;
        this.inDuration[at] = data.footDuration[e] as number;
      }
    }
    for (let i = 0; i < ruleEdges; i++) {
      const at = fill[rules?.boardStop[i] as number]!++;
      this.inFrom[at] = rules?.otherStop[i] as number;
      this.inDuration[at] = 0;
    }
    [this.edgeStart, this.edgeFrom, this.edgeCost] = this.mergedEdges();
    this.bound = new Int32Array(S);
    this.heap = new StopHeap(S);
    this.tripsAfterArrival = new Int32Array(S);
    this.tripsAfterReady = new Int32Array(S);
  }

  /** The Dijkstra's edges: rides (the stop before on each pattern, at the fastest hop) and footpaths, the cheapest per pair. */
  private mergedEdges(): [Int32Array, Int32Array, Int32Array] {
    const d = this.data;
    const S = d.stopCount;
    const start = new Int32Array(S + 1);
    const from: number[] = [];
    const cost: number[] = [];
    const best = new Map<number, number>();
    for (let v = 0; v < S; v++) {
      best.clear();
      const add = (u: number, c: number) => {
        const known = best.get(u);
        if (known === undefined || c < known) best.set(u, c);
      };
      for (let e = d.stopPatternStart[v] as number, end = d.stopPatternStart[v + 1] as number; e < end; e++) {
        const pos = d.stopPatternPos[e] as number;
        if (pos === 0) continue;
        const at = (d.patternStopStart[d.stopPatterns[e] as number] as number) + pos;
        add(d.patternStops[at - 1] as number, this.hop[at] as number);
      }
      for (let e = this.inStart[v] as number, end = this.inStart[v + 1] as number; e < end; e++)
        add(this.inFrom[e] as number, this.inDuration[e] as number);
      for (const [u, c] of best) {
        from.push(u);
        cost.push(c);
      }
      start[v + 1] = from.length;
    }
    return withoutDetours(S, start, Int32Array.from(from), Int32Array.from(cost));
  }

  /**
   * Fills the trip-count bounds for a destination reached from these stops, up to `rounds` trips
   * (stops needing more keep INF). Level by level: a stop is `level` trips away when ready there if
   * some pattern boards there and later alights where `level - 1` trips remain after arriving; a stop
   * is that far after arriving if it is itself, or is a footpath away from, such a boarding stop.
   */
  computeTrips(egress: readonly StopTime[], rounds: number): void {
    const d = this.data;
    const { patternStopStart, patternStops, patternStopFlags } = d;
    const after = this.tripsAfterArrival;
    const ready = this.tripsAfterReady;
    after.fill(INF);
    ready.fill(INF);
    for (const e of egress) after[e.stop] = 0;
    for (let level = 1; level <= rounds; level++) {
      let changed = false;
      for (let p = 0; p < d.patternCount; p++) {
        const s0 = patternStopStart[p] as number;
        let reaches = false;
        for (let e = (patternStopStart[p + 1] as number) - 1; e >= s0; e--) {
          const s = patternStops[e] as number;
          const flags = patternStopFlags[e] as number;
          if (reaches && (flags & CAN_BOARD) !== 0 && (ready[s] as number) > level) {
            ready[s] = level;
            changed = true;
          }
          if ((flags & CAN_ALIGHT) !== 0 && (after[s] as number) < level) reaches = true;
        }
      }
      if (!changed) break;
      for (let s = 0; s < d.stopCount; s++) {
        if (ready[s] !== level) continue;
        if ((after[s] as number) > level) after[s] = level;
        for (let e = this.inStart[s] as number, end = this.inStart[s + 1] as number; e < end; e++) {
          const u = this.inFrom[e] as number;
          if ((after[u] as number) > level) after[u] = level;
        }
      }
    }
  }

  /** Fills `bound` for a destination reached from these stops; returns it. */
  compute(egress: readonly StopTime[]): Int32Array {
    const bound = this.bound;
    const heap = this.heap;
    bound.fill(INF);
    heap.clear();
    for (const e of egress) {
      if (e.duration < (bound[e.stop] as number)) {
        bound[e.stop] = e.duration;
        heap.decrease(e.stop, e.duration);
      }
    }
    const { edgeStart, edgeFrom, edgeCost } = this;
    while (heap.size > 0) {
      const v = heap.pop();
      const key = bound[v] as number;
      for (let e = edgeStart[v] as number, end = edgeStart[v + 1] as number; e < end; e++) {
        const u = edgeFrom[e] as number;
        const t = key + (edgeCost[e] as number);
        if (t < (bound[u] as number)) {
          bound[u] = t;
          heap.decrease(u, t);
        }
      }
    }
    return bound;
  }
}

/**
 * Binary min-heap of stops keyed by their bound, each stop at most once (its key lowered in place), so
 * the Dijkstra pops each stop once instead of once per improvement.
 */
class StopHeap {
  private readonly stops: Int32Array;
  private readonly keys: Int32Array;
  /** Each stop's place in the heap, or -1. */
  private readonly at: Int32Array;
  size = 0;

  constructor(stopCount: number) {
    this.stops = new Int32Array(stopCount);
    this.keys = new Int32Array(stopCount);
    this.at = new Int32Array(stopCount).fill(-1);
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) this.at[this.stops[i] as number] = -1;
    this.size = 0;
  }

  /** Adds the stop with this key, or lowers its key to it. */
  decrease(stop: number, key: number): void {
    const { stops, keys, at } = this;
    let i = at[stop] as number;
    if (i < 0) i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent] as number;
      if (pk <= key) break;
      keys[i] = pk;
      const ps = stops[parent] as number;
      stops[i] = ps;
      at[ps] = i;
      i = parent;
    }
    keys[i] = key;
    stops[i] = stop;
    at[stop] = i;
  }

  /** Removes and returns the stop with the least key. */
  pop(): number {
    const { stops, keys, at } = this;
    const top = stops[0] as number;
    at[top] = -1;
    const n = --this.size;
    if (n > 0) {
      const key = keys[n] as number;
      const stop = stops[n] as number;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && (keys[child + 1] as number) < (keys[child] as number)) child++;
        const ck = keys[child] as number;
        if (ck >= key) break;
        keys[i] = ck;
        const cs = stops[child] as number;
        stops[i] = cs;
        at[cs] = i;
        i = child;
      }
      keys[i] = key;
      stops[i] = stop;
      at[stop] = i;
    }
    return top;
  }
}

/**
 * Per pattern position i > 0, the fastest any trip goes from position i-1 to i. Summing hops bounds a
 * longer ride only when no trip leaves a stop before it arrives there; a pattern where one does gets
 * zero hops (a weaker but still valid bound).
 */
function fastestHops(d: TransitData): Int32Array {
  const hop = new Int32Array(d.patternStops.length);
  for (let p = 0; p < d.patternCount; p++) {
    const s0 = d.patternStopStart[p] as number;
    const n = (d.patternStopStart[p + 1] as number) - s0;
    const m = (d.patternTripStart[p + 1] as number) - (d.patternTripStart[p] as number);
    const base = d.patternTimeStart[p] as number;
    let consistent = true;
    for (let i = 1; i < n; i++) {
      let best = INF;
      for (let j = 0; j < m; j++) {
        const row = base + j * n;
        const ride = (d.alightTimes[row + i] as number) - (d.boardTimes[row + i - 1] as number);
        if (ride < best) best = ride;
        if ((d.boardTimes[row + i] as number) < (d.alightTimes[row + i] as number)) consistent = false;
      }
      hop[s0 + i] = Math.max(0, best);
    }
    if (!consistent) hop.fill(0, s0, s0 + n);
  }
  return hop;
}

/**
 * Drops each edge u -> v that some u -> w -> v costs no more than (strictly less, or as much through two
 * edges of positive cost): both are cheaper than it, so by induction on cost every distance stays the
 * same and the bounds are identical, while the Dijkstra relaxes far fewer edges. Walks between nearby
 * stops are mostly such detours of one another (on the 7k-stop benchmark network, most of them).
 * Edges are given CSR by destination (start, from, cost); returns the kept ones the same way.
 */
function withoutDetours(
  S: number,
  start: Int32Array,
  from: Int32Array,
  cost: Int32Array,
): [Int32Array, Int32Array, Int32Array] {
  // The same edges by origin, to walk u -> w.
  const outStart = new Int32Array(S + 1);
  for (let e = 0; e < from.length; e++) outStart[(from[e] as number) + 1]!++;
  for (let s = 0; s < S; s++) outStart[s + 1]! += outStart[s] as number;
  const outTo = new Int32Array(from.length);
  const outCost = new Int32Array(from.length);
  const fill = outStart.slice(0, S);
  for (let v = 0; v < S; v++) {
    for (let e = start[v] as number, end = start[v + 1] as number; e < end; e++) {
      const at = fill[from[e] as number]!++;
      outTo[at] = v;
      outCost[at] = cost[e] as number;
    }
  }
  const costIn = new Int32Array(S).fill(-1);
  const keep = new Uint8Array(from.length).fill(1);
  let kept = from.length;
  for (let v = 0; v < S; v++) {
    const e0 = start[v] as number;
    const e1 = start[v + 1] as number;
    for (let e = e0; e < e1; e++) costIn[from[e] as number] = cost[e] as number;
    for (let e = e0; e < e1; e++) {
      const u = from[e] as number;
      const c = cost[e] as number;
      for (let x = outStart[u] as number, end = outStart[u + 1] as number; x < end; x++) {
        const w = outTo[x] as number;
        const b = costIn[w] as number;
        if (w === v || w === u || b < 0) continue;
        const a = outCost[x] as number;
        if (a + b < c || (a + b === c && a > 0 && b > 0)) {
          keep[e] = 0;
          kept--;
          break;
        }
      }
    }
    for (let e = e0; e < e1; e++) costIn[from[e] as number] = -1;
  }
  const keptStart = new Int32Array(S + 1);
  const keptFrom = new Int32Array(kept);
  const keptCost = new Int32Array(kept);
  let k = 0;
  for (let v = 0; v < S; v++) {
    for (let e = start[v] as number, end = start[v + 1] as number; e < end; e++) {
      if (keep[e] === 0) continue;
      keptFrom[k] = from[e] as number;
      keptCost[k++] = cost[e] as number;
    }
    keptStart[v + 1] = k;
  }
  return [keptStart, keptFrom, keptCost];
}
