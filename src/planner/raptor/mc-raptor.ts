/**
 * Multi-criteria RAPTOR (McRAPTOR, Delling et al. 2012): per round (trips used)
 * and stop, a bag of Pareto-optimal labels over arrival time, walking time and
 * an optional generalised cost (pluggable; zero when no cost model is given).
 * Labels live in typed arrays (mc-labels.ts); pruning against journeys already
 * found uses the same lower bounds to the destination as range RAPTOR.
 */
import { LabelPool, LEG_ACCESS, LEG_EGRESS, LEG_TRANSFER, LEG_TRANSIT, StopBags } from './mc-labels';
import { earliestFrequencyTrip, FrequencyBoarding, isFrequencyPattern } from './frequency';
import type { LowerBounds } from './lower-bounds';
import {
  CAN_ALIGHT,
  CAN_BOARD,
  type PathLeg,
  type RaptorPath,
  type RaptorRequest,
  type TransitData,
} from './transit-data';

/** Generalised cost of the parts of a journey; any unit, lower is better. */
export interface CostModel {
  transit(seconds: number, pattern: number): number;
  walk(seconds: number): number;
  wait(seconds: number): number;
  boarding: number;
}

export class McRaptor {
  private readonly pool = new LabelPool();
  /** Everything kept so far per stop over all rounds: a later round's label must beat these. */
  private readonly bestArrived: StopBags;
  private readonly bestReady: StopBags;
  /** This round's arrivals by trip, the labels ready to board in this round and in the next. */
  private readonly arrived: StopBags;
  private ready: StopBags;
  private next: StopBags;
  private readonly egress: Int32Array;
  private readonly queuePos: Int32Array;
  private readonly queueList: number[] = [];
  // Destination labels found so far, with the round that found them.
  private readonly targets: number[] = [];
  private readonly targetRounds: number[] = [];
  private readonly knownArr: number[] = [];
  private readonly knownWalk: number[] = [];
  private readonly knownRounds: number[] = [];
  private bound: Int32Array | undefined;
  // Labels riding a trip during one pattern scan (parallel arrays, `riders` of them in use).
  private riders = 0;
  private readonly rTrip: number[] = [];
  private readonly rDay: number[] = [];
  private readonly rShift: number[] = [];
  private readonly rBoardPos: number[] = [];
  private readonly rFrom: number[] = [];
  private readonly rWalk: number[] = [];
  private readonly rCost: number[] = [];
  // Result of the last earliestTrip() call.
  private foundTrip = -1;
  private foundDay = 0;
  private foundShift = 0;
  private readonly frequencyFound = new FrequencyBoarding();

  constructor(
    readonly data: TransitData,
    private readonly costModel?: CostModel,
    private readonly lowerBounds?: LowerBounds,
  ) {
    const S = data.stopCount;
    this.bestArrived = new StopBags(S);
    this.bestReady = new StopBags(S);
    this.arrived = new StopBags(S);
    this.ready = new StopBags(S);
    this.next = new StopBags(S);
    this.egress = new Int32Array(S).fill(-1);
    this.queuePos = new Int32Array(data.patternCount).fill(-1);
  }

  /**
   * `known`: journeys already found for the same request by plain RAPTOR (when there is no cost
   * model). Each is a real journey, so a label that it strictly beats on arrival (lower bound) and
   * walking with no more trips can be dropped from the first round on, long before this search
   * reaches the destination itself; labels that only tie with it are kept, so every Pareto-optimal
   * journey is still found here.
   */
  search(req: RaptorRequest, known: readonly RaptorPath[] = []): RaptorPath[] {
    const pool = this.pool;
    const cm = this.costModel;
    const rounds = req.maxTransfers + 1;
    pool.clear();
    this.targets.length = 0;
    this.targetRounds.length = 0;
    this.knownArr.length = 0;
    this.knownWalk.length = 0;
    this.knownRounds.length = 0;
    if (!this.costModel) {
      for (const p of known) {
        this.knownArr.push(p.arrival);
        this.knownWalk.push(walkingTime(p));
        this.knownRounds.push(p.transfers + 1);
      }
    }
    for (const bags of [this.bestArrived, this.bestReady, this.arrived, this.ready, this.next]) bags.clear();
    for (const e of req.egress) {
      const prev = this.egress[e.stop] as number;
      if (prev < 0 || e.duration < prev) this.egress[e.stop] = e.duration;
    }
    this.bound = this.lowerBounds?.compute(req.egress);
    try {
      for (const a of req.access) {
        const l = pool.alloc();
        pool.set(
          l,
          req.departure + a.duration,
          a.duration,
          cm?.walk(a.duration) ?? 0,
          a.stop,
          -1,
          LEG_ACCESS,
          req.departure,
          req.departure + a.duration,
        );
        pool.a[l] = a.stop;
        pool.c[l] = a.duration;
        pool.merge(this.ready.at(a.stop), l);
      }
      for (let k = 1; k <= rounds && this.ready.touched.length > 0; k++) {
        this.queuePatterns(req);
        this.arrived.clear();
        for (const p of this.queueList) {
          const from = this.queuePos[p] as number;
          this.queuePos[p] = -1;
          this.scan(req, p, from, k);
        }
        this.queueList.length = 0;
        this.transfers(k);
        const used = this.ready;
        used.clear();
        this.ready = this.next;
        this.next = used;
      }
    } finally {
      for (const e of req.egress) this.egress[e.stop] = -1;
    }
    return this.results();
  }

  /** Patterns through stops with new ready labels, each from its earliest such position. */
  private queuePatterns(req: RaptorRequest): void {
    const d = this.data;
    for (const s of this.ready.touched) {
      for (let e = d.stopPatternStart[s] as number, end = d.stopPatternStart[s + 1] as number; e < end; e++) {
        const p = d.stopPatterns[e] as number;
        if (req.patternAllowed && req.patternAllowed[p] === 0) continue;
        const pos = d.stopPatternPos[e] as number;
        const q = this.queuePos[p] as number;
        if (q < 0) {
          this.queuePos[p] = pos;
          this.queueList.push(p);
        } else if (pos < q) this.queuePos[p] = pos;
      }
    }
  }

  /** Whether a destination label of no later round beats arriving at `arrival` with this walk and cost. */
  private beatenByTarget(walk: number, cost: number, round: number, arrival: number): boolean {
    const pool = this.pool;
    const { knownArr, knownWalk, knownRounds } = this;
    for (let i = 0; i < knownArr.length; i++) {
      if ((knownRounds[i] as number) > round) continue;
      const a = knownArr[i] as number;
      const w = knownWalk[i] as number;
      if ((a < arrival && w <= walk) || (a <= arrival && w < walk)) return true;
    }
    for (let i = 0; i < this.targets.length; i++) {
      const t = this.targets[i] as number;
      if (
        (this.targetRounds[i] as number) <= round &&
        (pool.arr[t] as number) <= arrival &&
        (pool.walk[t] as number) <= walk &&
        (pool.cost[t] as number) <= cost
      )
        return true;
    }
    return false;
  }

  /** A label on the way arrives no sooner than its time plus the stop's lower bound to the destination. */
  private hopeless(l: number, round: number): boolean {
    const pool = this.pool;
    const arr = pool.arr[l] as number;
    const bound = this.bound ? (this.bound[pool.stop[l] as number] as number) : 0;
    return this.beatenByTarget(pool.walk[l] as number, pool.cost[l] as number, round, arr + bound);
  }

  private scan(req: RaptorRequest, p: number, from: number, k: number): void {
    const d = this.data;
    const pool = this.pool;
    const cm = this.costModel;
    const stopBase = d.patternStopStart[p] as number;
    const n = (d.patternStopStart[p + 1] as number) - stopBase;
    const tripBase = d.patternTripStart[p] as number;
    const timeBase = d.patternTimeStart[p] as number;
    const { boardTimes, alightTimes } = d;
    this.riders = 0;
    for (let i = from; i < n; i++) {
      const s = d.patternStops[stopBase + i] as number;
      const flags = d.patternStopFlags[stopBase + i] as number;
      if ((flags & CAN_ALIGHT) !== 0) {
        for (let r = 0; r < this.riders; r++) {
          const row = timeBase + ((this.rTrip[r] as number) - tripBase) * n;
          const shift = this.rShift[r] as number;
          const arr = (alightTimes[row + i] as number) + shift;
          const start = (boardTimes[row + (this.rBoardPos[r] as number)] as number) + shift;
          const walk = this.rWalk[r] as number;
          const cost = (this.rCost[r] as number) + (cm?.transit(arr - start, p) ?? 0);
          if (this.beatenByTarget(walk, cost, k, arr + (this.bound ? (this.bound[s] as number) : 0))) continue;
          const l = pool.alloc();
          pool.set(l, arr, walk, cost, s, this.rFrom[r] as number, LEG_TRANSIT, start, arr);
          if (!pool.merge(this.bestArrived.at(s), l)) {
            pool.release(l);
            continue;
          }
          pool.a[l] = p;
          pool.b[l] = this.rTrip[r] as number;
          pool.c[l] = this.rBoardPos[r] as number;
          pool.d[l] = i;
          pool.day[l] = this.rDay[r] as number;
          pool.merge(this.arrived.at(s), l);
        }
      }
      if ((flags & CAN_BOARD) === 0) continue;
      const bag = this.ready.get(s);
      for (let b = 0; b < bag.length; b++) {
        const l = bag[b] as number;
        const ready = pool.arr[l] as number;
        this.earliestTrip(req, p, n, i, ready);
        if (this.foundTrip < 0) continue;
        const dep = (boardTimes[timeBase + (this.foundTrip - tripBase) * n + i] as number) + this.foundShift;
        const walk = pool.walk[l] as number;
        const cost = (pool.cost[l] as number) + (cm ? cm.wait(dep - ready) + cm.boarding : 0);
        this.addRider(boardTimes, timeBase, tripBase, n, i, dep, walk, cost, l);
      }
    }
  }

  /**
   * Keeps riders no other rider beats on trip (an earlier departure here is better: trips never
   * overtake), walking and cost; the new one boards at position i from label `from`.
   */
  private addRider(
    boardTimes: Int32Array,
    timeBase: number,
    tripBase: number,
    n: number,
    i: number,
    dep: number,
    walk: number,
    cost: number,
    from: number,
  ): void {
    const { rTrip, rShift, rWalk, rCost } = this;
    for (let r = 0; r < this.riders; r++) {
      const at = (boardTimes[timeBase + ((rTrip[r] as number) - tripBase) * n + i] as number) + (rShift[r] as number);
      if (at <= dep && (rWalk[r] as number) <= walk && (rCost[r] as number) <= cost) return;
    }
    let kept = 0;
    for (let r = 0; r < this.riders; r++) {
      const at = (boardTimes[timeBase + ((rTrip[r] as number) - tripBase) * n + i] as number) + (rShift[r] as number);
      if (dep <= at && walk <= (rWalk[r] as number) && cost <= (rCost[r] as number)) continue;
      if (kept !== r) {
        rTrip[kept] = rTrip[r] as number;
        this.rDay[kept] = this.rDay[r] as number;
        rShift[kept] = rShift[r] as number;
        this.rBoardPos[kept] = this.rBoardPos[r] as number;
        this.rFrom[kept] = this.rFrom[r] as number;
        rWalk[kept] = rWalk[r] as number;
        rCost[kept] = rCost[r] as number;
      }
      kept++;
    }
    rTrip[kept] = this.foundTrip;
    this.rDay[kept] = this.foundDay;
    rShift[kept] = this.foundShift;
    this.rBoardPos[kept] = i;
    this.rFrom[kept] = from;
    rWalk[kept] = walk;
    rCost[kept] = cost;
    this.riders = kept + 1;
  }

  /** Destination labels, changes at the same stop and footpaths from this round's arrivals. */
  private transfers(k: number): void {
    const d = this.data;
    const pool = this.pool;
    const cm = this.costModel;
    for (const s of this.arrived.touched) {
      const bag = this.arrived.get(s);
      const eg = this.egress[s] as number;
      for (let b = 0; b < bag.length; b++) {
        const l = bag[b] as number;
        const arr = pool.arr[l] as number;
        const walk = pool.walk[l] as number;
        const cost = pool.cost[l] as number;
        // Arrivals found later in this round may have made this label hopeless; then so is every
        // walk or change from it (the bound at s is at most a footpath plus the bound beyond it).
        if (this.hopeless(l, k)) continue;
        if (eg >= 0 && !this.beatenByTarget(walk + eg, cost + (cm?.walk(eg) ?? 0), k, arr + eg)) {
          const t = pool.alloc();
          pool.set(t, arr + eg, walk + eg, cost + (cm?.walk(eg) ?? 0), s, l, LEG_EGRESS, arr, arr + eg);
          pool.a[t] = s;
          pool.c[t] = eg;
          this.targets.push(t);
          this.targetRounds.push(k);
        }
        const mtt = d.stopMinTransfer[s] as number;
        this.offerReady(k, s, arr + mtt, walk, cost, l, s, 0);
        for (let e = d.footStart[s] as number, end = d.footStart[s + 1] as number; e < end; e++) {
          const w = d.footDuration[e] as number;
          this.offerReady(k, d.footTo[e] as number, arr + w, walk + w, cost + (cm?.walk(w) ?? 0), l, s, w);
        }
      }
    }
  }

  /** A transfer label (change at `from`, or a walk from `from` to `to`) offered for boarding in the next round. */
  private offerReady(
    k: number,
    to: number,
    arr: number,
    walk: number,
    cost: number,
    parent: number,
    from: number,
    duration: number,
  ): void {
    const pool = this.pool;
    if (this.beatenByTarget(walk, cost, k, arr + (this.bound ? (this.bound[to] as number) : 0))) return;
    const l = pool.alloc();
    pool.set(l, arr, walk, cost, to, parent, LEG_TRANSFER, pool.arr[parent] as number, arr);
    if (!pool.merge(this.bestReady.at(to), l)) {
      pool.release(l);
      return;
    }
    pool.a[l] = from;
    pool.b[l] = to;
    pool.c[l] = duration;
    pool.merge(this.next.at(to), l);
  }

  /**
   * Earliest trip of pattern p boarding at position i at or after `time`, over all service days; on a
   * frequency pattern, its window by the waiting rule (frequency.ts), the shift then holding the wait.
   */
  private earliestTrip(req: RaptorRequest, p: number, n: number, i: number, time: number): void {
    const d = this.data;
    if (isFrequencyPattern(d, p)) {
      const found = this.frequencyFound;
      earliestFrequencyTrip(d, req, p, n, i, time, found);
      this.foundTrip = found.trip < 0 ? -1 : (d.patternTripStart[p] as number) + found.trip;
      this.foundDay = found.day;
      this.foundShift = found.shift;
      return;
    }
    const tripBase = d.patternTripStart[p] as number;
    const m = (d.patternTripStart[p + 1] as number) - tripBase;
    const base = (d.patternTimeStart[p] as number) + i;
    const board = d.boardTimes;
    this.foundTrip = -1;
    let bestTime = Infinity;
    for (let day = 0; day < req.days.length; day++) {
      const slot = req.days[day] as (typeof req.days)[number];
      const target = time - slot.shift;
      let lo = 0;
      let hi = m;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((board[base + mid * n] as number) < target) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < m; j++) {
        const t = (board[base + j * n] as number) + slot.shift;
        if (t >= bestTime) break;
        const g = tripBase + j;
        if (slot.active[d.tripService[g] as number] === 0 || (req.tripAllowed && req.tripAllowed[g] === 0)) continue;
        this.foundTrip = g;
        this.foundDay = day;
        this.foundShift = slot.shift;
        bestTime = t;
        break;
      }
    }
  }

  /** A target survives unless another with no more trips is at least as good everywhere (first of equals kept). */
  private results(): RaptorPath[] {
    const pool = this.pool;
    const { targets, targetRounds } = this;
    const out: RaptorPath[] = [];
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i] as number;
      let beaten = false;
      for (let j = 0; j < targets.length && !beaten; j++) {
        if (j === i || (targetRounds[j] as number) > (targetRounds[i] as number)) continue;
        const o = targets[j] as number;
        beaten =
          pool.dominates(o, t) &&
          ((targetRounds[j] as number) < (targetRounds[i] as number) || !pool.dominates(t, o) || j < i);
      }
      if (!beaten) out.push(this.toPath(t));
    }
    return out.sort((a, b) => a.arrival - b.arrival || a.transfers - b.transfers);
  }

  private toPath(target: number): RaptorPath {
    const pool = this.pool;
    const legs: PathLeg[] = [];
    for (let l = target; l >= 0; l = pool.parent[l] as number) {
      // A change at the same stop is not a leg.
      if (pool.kind[l] === LEG_TRANSFER && pool.a[l] === pool.b[l]) continue;
      legs.push(pool.leg(l));
    }
    legs.reverse();
    const transit = legs.filter((l) => l.kind === 'transit');
    const first = transit[0];
    const access = legs[0];
    // Leave just in time for a timetabled first trip; for a frequency one, be at the stop when ready.
    const justInTime = first && access?.kind === 'access' && !isFrequencyPattern(this.data, first.pattern);
    const departure = justInTime ? first.start - access.duration : (access?.start ?? 0);
    if (justInTime) legs[0] = { ...access, start: departure, end: first.start };
    return { departure, arrival: pool.arr[target] as number, transfers: transit.length - 1, legs };
  }
}

/** Seconds on foot: access, walks between stops and egress. */
export function walkingTime(p: RaptorPath): number {
  let walk = 0;
  for (const l of p.legs) if (l.kind !== 'transit') walk += l.duration;
  return walk;
}
