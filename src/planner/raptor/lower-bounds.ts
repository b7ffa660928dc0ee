/**
 * Lower bounds on the time from every stop to the destination, for pruning (as OpenTripPlanner's
 * raptor heuristics do): a label at stop s reached at time t can only lead to an arrival of
 * t + bound[s] or later, so when that is no better than a journey already found it is dropped.
 *
 * The bound is a Dijkstra search backwards from the egress stops over a relaxed network: each pattern
 * hop costs the fastest any trip makes it, footpaths cost their duration, and waiting, change times,
 * service days and boarding rules are ignored - all of which only make the bound smaller, so it
 * never prunes a journey that could win. Stops that cannot reach the destination get INF.
 *
 * A single search asks only whether t + bound[s] beats a journey found, mostly for stops nearer the
 * destination than the origin: it runs the Dijkstra lazily (`startLazy`, `below`), only as far as
 * its questions need, and every answer is the one the whole Dijkstra would give.
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
  private readonly queue: BucketQueue;
  readonly bound: Int32Array;
  /**
   * Stops whose bound is below this are final; the others' bounds are at least it (the Dijkstra has
   * settled every distance below it). After compute(), above every bound.
   */
  frontier = ALL_FINAL;
  /**
   * The stops that can reach `root` (a stop of the network's largest strongly connected part: every
   * stop of that part reaches every other), and the part itself: a destination in it is reachable
   * from exactly the stops that reach the root, which answers "is the bound finite?" without the
   * whole Dijkstra, as a search must before it has found a journey.
   */
  private readonly reachesRoot: Uint8Array;
  private readonly inRootPart: Uint8Array;
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
    let maxCost = 0;
    for (const c of this.edgeCost) if (c > maxCost) maxCost = c;
    this.queue = new BucketQueue(S, maxCost);
    [this.reachesRoot, this.inRootPart] = rootPart(S, this.edgeStart, this.edgeFrom);
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
    this.start(egress);
    this.settle(ALL_FINAL, -1);
    return this.bound;
  }

  /**
   * Starts the Dijkstra for a destination reached from these stops and leaves the rest to `below`;
   * where the destination is outside the largest strongly connected part, runs it all (as compute).
   * Returns `bound`: a stop's entry is its bound once below `frontier`, else at least `frontier`.
   */
  startLazy(egress: readonly StopTime[]): Int32Array {
    this.start(egress);
    for (const e of egress) if (this.inRootPart[e.stop] === 0) this.settle(ALL_FINAL, -1);
    return this.bound;
  }

  /** Whether bound[s] < limit, running the lazy Dijkstra as far as it takes (s's bound not yet final). */
  below(s: number, limit: number): boolean {
    // Beside "no journey found yet" (limit about INF - t), only "is the bound finite?" matters.
    if (limit > INF / 2) return this.reachesRoot[s] === 1;
    if (this.frontier >= limit) return false;
    this.settle(limit, s);
    const b = this.bound[s] as number;
    return b < this.frontier && b < limit;
  }

  private start(egress: readonly StopTime[]): void {
    const bound = this.bound;
    const queue = this.queue;
    bound.fill(INF);
    queue.clear();
    let most = 0;
    for (const e of egress) most = Math.max(most, e.duration);
    queue.reserve(most);
    for (const e of egress) {
      if (e.duration < (bound[e.stop] as number)) {
        queue.set(e.stop, e.duration);
        bound[e.stop] = e.duration;
      }
    }
    this.frontier = 0;
  }

  /**
   * Settles distances in order until every one below `limit` is final, or stop s's is (s -1: none).
   * Bucket by bucket (one second each): all stops of one distance, then the next distance.
   */
  private settle(limit: number, s: number): void {
    const { edgeStart, edgeFrom, edgeCost, bound, queue } = this;
    let key = this.frontier;
    while (key < limit && (s < 0 || (bound[s] as number) >= key)) {
      if (queue.size === 0) {
        key = ALL_FINAL;
        break;
      }
      // Nothing queued in this key's block of 64 seconds: none of those distances exist, skip them.
      if (queue.blockEmpty(key)) {
        key = (key | 63) + 1;
        continue;
      }
      for (let v = queue.take(key); v >= 0; v = queue.take(key)) {
        for (let e = edgeStart[v] as number, end = edgeStart[v + 1] as number; e < end; e++) {
          const u = edgeFrom[e] as number;
          const t = key + (edgeCost[e] as number);
          if (t < (bound[u] as number)) {
            queue.set(u, t);
            bound[u] = t;
          }
        }
      }
      key++;
    }
    this.frontier = key;
  }
}

/** Above every bound (INF included): all final. */
const ALL_FINAL = 0x7fffffff;

/**
 * Dial's bucket queue of stops keyed by their tentative bound (whole seconds): a ring of one bucket per
 * second, longer than the costliest edge (and egress), so the keys queued, which lie between the
 * distance being settled and it plus one edge, never share a bucket with another key. Each stop is in
 * at most one bucket (moved when its key drops), in a doubly linked list. Buckets are counted by blocks
 * of 64, so empty stretches are passed a block at a time (rail's hops make a ring of 32,768 seconds for
 * 354 stops).
 */
class BucketQueue {
  private head: Int32Array;
  private mask: number;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** Each stop's bucket, or -1. */
  private readonly at: Int32Array;
  /** Stops queued in each block of 64 buckets. */
  private blocks: Int32Array;
  size = 0;

  constructor(
    stopCount: number,
    private readonly maxCost: number,
  ) {
    this.next = new Int32Array(stopCount);
    this.prev = new Int32Array(stopCount);
    this.at = new Int32Array(stopCount).fill(-1);
    this.head = new Int32Array(0);
    this.blocks = new Int32Array(0);
    this.mask = -1;
    this.reserve(0);
  }

  /** Makes the ring long enough for keys up to `key` queued at once at the start. */
  reserve(key: number): void {
    const need = Math.max(this.maxCost, key) + 1;
    if (this.mask + 1 >= need) return;
    let size = 64;
    while (size < need) size *= 2;
    this.head = new Int32Array(size).fill(-1);
    this.blocks = new Int32Array(size >> 6);
    this.mask = size - 1;
  }

  clear(): void {
    if (this.size === 0) return;
    this.head.fill(-1);
    this.blocks.fill(0);
    this.at.fill(-1);
    this.size = 0;
  }

  /** Queues the stop at `key`, or moves it there from its bucket. */
  set(stop: number, key: number): void {
    const { head, next, prev, at, blocks } = this;
    const was = at[stop] as number;
    if (was >= 0) {
      const p = prev[stop] as number;
      const n = next[stop] as number;
      if (p >= 0) next[p] = n;
      else head[was] = n;
      if (n >= 0) prev[n] = p;
      blocks[was >> 6]!--;
    } else this.size++;
    const b = key & this.mask;
    blocks[b >> 6]!++;
    const first = head[b] as number;
    next[stop] = first;
    prev[stop] = -1;
    if (first >= 0) prev[first] = stop;
    head[b] = stop;
    at[stop] = b;
  }

  /** Removes and returns a stop queued at `key`, or -1 if none. */
  take(key: number): number {
    const head = this.head;
    const b = key & this.mask;
    const v = head[b] as number;
    if (v < 0) return -1;
    const n = this.next[v] as number;
    head[b] = n;
    if (n >= 0) this.prev[n] = -1;
    this.at[v] = -1;
    this.blocks[b >> 6]!--;
    this.size--;
    return v;
  }

  /** Whether nothing is queued in the block of 64 buckets holding `key`. */
  blockEmpty(key: number): boolean {
    return this.blocks[(key & this.mask) >> 6] === 0;
  }
}

/**
 * A root stop with the most edges, the stops that can reach it (backwards over the edges) and its
 * strongly connected part (those it can also reach).
 */
function rootPart(S: number, start: Int32Array, from: Int32Array): [Uint8Array, Uint8Array] {
  const part = new Uint8Array(S);
  if (S === 0) return [new Uint8Array(0), part];
  let root = 0;
  for (let v = 1; v < S; v++)
    if ((start[v + 1] as number) - (start[v] as number) > (start[root + 1] as number) - (start[root] as number))
      root = v;
  // Backwards: u -> v is stored with v, so walking v's list finds who reaches v.
  const reaches = reachable(root, start, from);
  // Forwards from the root, over the same edges by origin.
  const outStart = new Int32Array(S + 1);
  for (let e = 0; e < from.length; e++) outStart[(from[e] as number) + 1]!++;
  for (let v = 0; v < S; v++) outStart[v + 1]! += outStart[v] as number;
  const outTo = new Int32Array(from.length);
  const fill = outStart.slice(0, S);
  for (let v = 0; v < S; v++)
    for (let e = start[v] as number, end = start[v + 1] as number; e < end; e++) outTo[fill[from[e] as number]!++] = v;
  const reached = reachable(root, outStart, outTo);
  for (let v = 0; v < S; v++) part[v] = (reaches[v] as number) & (reached[v] as number);
  return [reaches, part];
}

/** 1 for each stop found from `root` over a CSR adjacency (the stops after s are list[start[s] .. start[s+1])). */
function reachable(root: number, start: Int32Array, list: Int32Array): Uint8Array {
  const seen = new Uint8Array(start.length - 1);
  const stack = new Int32Array(start.length - 1);
  let top = 0;
  seen[root] = 1;
  stack[top++] = root;
  while (top > 0) {
    const v = stack[--top] as number;
    for (let e = start[v] as number, end = start[v + 1] as number; e < end; e++) {
      const u = list[e] as number;
      if (seen[u] === 0) {
        seen[u] = 1;
        stack[top++] = u;
      }
    }
  }
  return seen;
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
