/**
 * RAPTOR labels, one row of `stopCount` entries per round, plus what is needed
 * to rebuild a journey from them: how each label was reached (its kind) and from
 * where. Buffers are reused between searches.
 */
import { SeatEntries } from './seats';
import type { LowerBounds } from './lower-bounds';
import type { TransitData } from './transit-data';

export const INF = 0x3fffffff;
/** The label was carried over from the previous round (look one round down). */
export const KIND_INHERITED = 0;
export const KIND_TRIP = 1;
/** ready = arr at the same stop + the stop's minimum transfer time. */
export const KIND_OWN = 2;
export const KIND_FOOT = 3;
export const KIND_ACCESS = 4;

export class PathState {
  rounds = 0;
  arr = new Int32Array(0);
  arrKind = new Uint8Array(0);
  arrTrip = new Int32Array(0);
  arrBoardPos = new Int32Array(0);
  arrAlightPos = new Int32Array(0);
  arrDay = new Uint8Array(0);
  /** The seat entry by which the trip of an arrival label was boarded (staying on from the trip before), or -1. */
  arrSeat = new Int32Array(0);
  readonly seats = new SeatEntries();
  /** How the trip of an arrival label was boarded: 0 from the ready label, e + 1 from rule entry e (below). */
  arrVia = new Int32Array(0);
  /**
   * Rule entries (transfer rules naming trips or routes, TransferRules): for round k and a rule's boarding
   * stop s, a list from altHead[k * S + s] (linked by `next`) of arrivals at a rule's other stop by trips
   * a timed or minimum-time rule names, each with its ride (as the arr labels keep one), so a trip such a
   * rule lets the traveller catch sooner than the ready label is found whichever arrival was earliest.
   * Allocated only where the data has rules.
   */
  useRules = false;
  altHead = new Int32Array(0);
  readonly alt = {
    next: [] as number[],
    arr: [] as number[],
    from: [] as number[],
    trip: [] as number[],
    day: [] as number[],
    boardPos: [] as number[],
    alightPos: [] as number[],
    via: [] as number[],
    rule: [] as number[],
  };
  ready = new Int32Array(0);
  readyKind = new Uint8Array(0);
  readyFrom = new Int32Array(0);
  readyDuration = new Int32Array(0);
  /** The pattern whose arrival at this very stop gave the ready time (a change there), else -1. */
  readyPattern = new Int32Array(0);
  /** With readyPattern: the trip (and its day slot) that arrived; an earlier trip of that pattern may still be caught. */
  readyTrip = new Int32Array(0);
  readyDay = new Uint8Array(0);
  /** Best over all rounds, for local pruning in single-departure searches. */
  readonly bestArr: Int32Array;
  readonly bestReady: Int32Array;
  /** Best arrival at the destination place per round, and where it came from. */
  target = new Int32Array(0);
  targetStop = new Int32Array(0);
  targetRound = new Int32Array(0);
  targetImproved = new Uint8Array(0);
  /** Lower bound on the time from each stop to the destination (INF: cannot reach it). */
  bound: Int32Array;
  /** Set when `bound` is computed lazily (a single search): entries not yet final are asked of it. */
  lower: LowerBounds | undefined;
  /** Lower bounds on further trips after arriving at / when ready at each stop (zeros: unknown). */
  tripsAfterArrival: Int32Array;
  tripsAfterReady: Int32Array;
  /** Best destination arrival found so far with at most k trips (over every run of a range search). */
  targetBest = new Int32Array(0);

  readonly marked: Uint8Array;
  readonly markedList: Int32Array;
  markedCount = 0;
  /**
   * Stops whose labels (any round) changed in the current run: a range search keeps labels between
   * runs, and only these can break "round k is at least as good as round k - 1" (beginRound).
   */
  private readonly touched: Uint8Array;
  private readonly touchedList: Int32Array;
  private touchedCount = 0;
  private readonly tripFlag: Uint8Array;
  /** During a round: the pattern whose trip set the stop's arrival. */
  private readonly arrivedBy: Int32Array;
  private readonly arrivedTrip: Int32Array;
  private readonly arrivedDay: Uint8Array;
  private readonly tripList: Int32Array;
  private tripCount = 0;

  /**
   * The data's footpaths as [to, duration] pairs (CSR by footStart): relaxTransfers reads both of a
   * walk from one place, about 26 walks a stop on bench-7k.
   */
  private readonly walks: Int32Array;

  constructor(
    readonly stopCount: number,
    d: Pick<TransitData, 'footTo' | 'footDuration'>,
  ) {
    this.walks = new Int32Array(2 * d.footTo.length);
    for (let e = 0; e < d.footTo.length; e++) {
      this.walks[2 * e] = d.footTo[e] as number;
      this.walks[2 * e + 1] = d.footDuration[e] as number;
    }
    this.bestArr = new Int32Array(stopCount);
    this.bestReady = new Int32Array(stopCount);
    this.marked = new Uint8Array(stopCount);
    this.markedList = new Int32Array(stopCount);
    this.touched = new Uint8Array(stopCount);
    this.touchedList = new Int32Array(stopCount);
    this.tripFlag = new Uint8Array(stopCount);
    this.arrivedBy = new Int32Array(stopCount);
    this.arrivedTrip = new Int32Array(stopCount);
    this.arrivedDay = new Uint8Array(stopCount);
    this.tripList = new Int32Array(stopCount);
    this.bound = new Int32Array(stopCount);
    this.tripsAfterArrival = new Int32Array(stopCount);
    this.tripsAfterReady = this.tripsAfterArrival;
  }

  /**
   * Whether a label at stop s after k trips, arriving there at t, can still lead to a journey that
   * beats one already found: it needs at least k + `more` trips, so it must arrive before the best
   * found with that many trips or fewer, and it arrives no sooner than t plus the stop's bound.
   */
  canImprove(k: number, more: number, s: number, t: number): boolean {
    const need = k + more;
    return need <= this.rounds && this.boundBelow(s, (this.targetBest[need] as number) - t);
  }

  /** Whether the bound at s is below `limit` (t + bound < T asked as bound < T - t). */
  boundBelow(s: number, limit: number): boolean {
    const b = this.bound[s] as number;
    const lower = this.lower;
    if (lower === undefined || b < lower.frontier) return b < limit;
    return lower.below(s, limit);
  }

  reset(rounds: number): void {
    const size = (rounds + 1) * this.stopCount;
    if (this.arr.length < size) {
      this.arr = new Int32Array(size);
      this.arrKind = new Uint8Array(size);
      this.arrTrip = new Int32Array(size);
      this.arrBoardPos = new Int32Array(size);
      this.arrAlightPos = new Int32Array(size);
      this.arrDay = new Uint8Array(size);
      this.arrSeat = new Int32Array(size);
      this.arrVia = new Int32Array(size);
      this.ready = new Int32Array(size);
      this.readyKind = new Uint8Array(size);
      this.readyFrom = new Int32Array(size);
      this.readyDuration = new Int32Array(size);
      this.readyPattern = new Int32Array(size);
      this.readyTrip = new Int32Array(size);
      this.readyDay = new Uint8Array(size);
    }
    if (this.useRules) {
      if (this.altHead.length < size) this.altHead = new Int32Array(size);
      this.altHead.fill(-1, 0, size);
      for (const list of Object.values(this.alt)) list.length = 0;
    }
    if (this.target.length < rounds + 1) {
      this.target = new Int32Array(rounds + 1);
      this.targetStop = new Int32Array(rounds + 1);
      this.targetRound = new Int32Array(rounds + 1);
      this.targetImproved = new Uint8Array(rounds + 1);
      this.targetBest = new Int32Array(rounds + 1);
    }
    this.rounds = rounds;
    this.arr.fill(INF, 0, size);
    this.ready.fill(INF, 0, size);
    this.arrKind.fill(KIND_INHERITED, 0, size);
    this.readyKind.fill(KIND_INHERITED, 0, size);
    this.bestArr.fill(INF);
    this.bestReady.fill(INF);
    this.target.fill(INF);
    this.targetBest.fill(INF);
    this.targetStop.fill(-1);
    this.seats.clear();
    this.clearMarks();
  }

  startIteration(): void {
    this.targetImproved.fill(0);
    this.clearMarks();
    for (let m = 0; m < this.touchedCount; m++) this.touched[this.touchedList[m] as number] = 0;
    this.touchedCount = 0;
  }

  /** Notes that a label of stop s changed in this run. */
  touch(s: number): void {
    if (this.touched[s]) return;
    this.touched[s] = 1;
    this.touchedList[this.touchedCount++] = s;
  }

  /**
   * A range run that stopped before its last round: carries its improvements up to every round, as the
   * rounds it did not reach would have, so the next run starts from rows that hold the best with at
   * most k trips.
   */
  finishRun(reached: number): void {
    for (let k = reached + 1; k <= this.rounds; k++) this.beginRound(k, false);
  }

  /** A search that stopped at its round limit leaves marks behind; drop them. */
  private clearMarks(): void {
    for (let m = 0; m < this.markedCount; m++) this.marked[this.markedList[m] as number] = 0;
    this.markedCount = 0;
  }

  mark(s: number): void {
    if (this.marked[s]) return;
    this.marked[s] = 1;
    this.markedList[this.markedCount++] = s;
  }

  /**
   * Carries the previous round's improvements and destination arrival into round k. A single search
   * copies only the marked stops (its best-of-all-rounds labels prune the rest); a range search keeps
   * labels between runs, so round k must hold the best with at most k trips everywhere (which prunes
   * about half the pattern visits): the rows held that at the end of the previous run (finishRun), so
   * only the stops this run changed need copying.
   */
  beginRound(k: number, single: boolean): void {
    const S = this.stopCount;
    const prev = (k - 1) * S;
    const row = k * S;
    const list = single ? this.markedList : this.touchedList;
    const count = single ? this.markedCount : this.touchedCount;
    const { ready, arr, readyKind, arrKind, readyPattern, readyTrip, readyDay } = this;
    for (let m = 0; m < count; m++) {
      const s = list[m] as number;
      if ((ready[prev + s] as number) < (ready[row + s] as number)) {
        ready[row + s] = ready[prev + s] as number;
        readyKind[row + s] = KIND_INHERITED;
        readyPattern[row + s] = readyPattern[prev + s] as number;
        readyTrip[row + s] = readyTrip[prev + s] as number;
        readyDay[row + s] = readyDay[prev + s] as number;
      }
      if ((arr[prev + s] as number) < (arr[row + s] as number)) {
        arr[row + s] = arr[prev + s] as number;
        arrKind[row + s] = KIND_INHERITED;
      }
    }
    if ((this.target[k - 1] as number) < (this.target[k] as number)) {
      this.target[k] = this.target[k - 1] as number;
      this.targetStop[k] = this.targetStop[k - 1] as number;
      this.targetRound[k] = this.targetRound[k - 1] as number;
    }
  }

  noteTripArrival(s: number, pattern: number, trip: number, day: number): void {
    this.arrivedBy[s] = pattern;
    this.arrivedTrip[s] = trip;
    this.arrivedDay[s] = day;
    this.touch(s);
    if (this.tripFlag[s]) return;
    this.tripFlag[s] = 1;
    this.tripList[this.tripCount++] = s;
  }

  offerTarget(k: number, s: number, t: number): void {
    if (t >= (this.target[k] as number)) return;
    this.target[k] = t;
    this.targetStop[k] = s;
    this.targetRound[k] = k;
    this.targetImproved[k] = 1;
    for (let j = k; j <= this.rounds && t < (this.targetBest[j] as number); j++) this.targetBest[j] = t;
  }

  /** After round k's pattern scans: ready times at the same stop (with its change time) and across footpaths. */
  relaxTransfers(d: TransitData, k: number, single: boolean): void {
    const S = this.stopCount;
    const row = k * S;
    const { footStart, stopMinTransfer } = d;
    const { arr, ready, bestReady, walks } = this;
    for (let i = 0; i < this.tripCount; i++) {
      const s = this.tripList[i] as number;
      this.tripFlag[s] = 0;
      const t = arr[row + s] as number;
      this.improveReady(
        row,
        S,
        k,
        s,
        t + (stopMinTransfer[s] as number),
        KIND_OWN,
        s,
        0,
        single,
        this.arrivedBy[s] as number,
        this.arrivedTrip[s] as number,
        this.arrivedDay[s] as number,
      );
      for (let e = 2 * (footStart[s] as number), end = 2 * (footStart[s + 1] as number); e < end; e += 2) {
        const to = walks[e] as number;
        const w = walks[e + 1] as number;
        // Most walks improve nothing (on bench-7k, 1 in 13): improveReady's first tests, here without a call.
        if (single && t + w >= (bestReady[to] as number)) continue;
        if (t + w >= (ready[row + to] as number) || t + w >= (ready[row - S + to] as number)) continue;
        // The trip that arrived is kept (pattern -1: no same-pattern shortcut) for transfer rules.
        this.improveReady(
          row,
          S,
          k,
          to,
          t + w,
          KIND_FOOT,
          s,
          w,
          single,
          -1,
          this.arrivedTrip[s] as number,
          this.arrivedDay[s] as number,
        );
      }
    }
    this.tripCount = 0;
  }

  private improveReady(
    row: number,
    S: number,
    k: number,
    s: number,
    t: number,
    kind: number,
    from: number,
    duration: number,
    single: boolean,
    pattern: number,
    trip: number,
    day: number,
  ): void {
    const idx = row + s;
    const ready = this.ready;
    if (t >= (ready[idx] as number) || t >= (ready[idx - S] as number)) return;
    // The bound last: it may have to run the lazy Dijkstra further.
    if (single && t >= (this.bestReady[s] as number)) return;
    if (!this.canImprove(k, this.tripsAfterReady[s] as number, s, t)) return;
    if (single) this.bestReady[s] = t;
    ready[idx] = t;
    if (!single) this.touch(s);
    this.readyKind[idx] = kind;
    this.readyFrom[idx] = from;
    this.readyDuration[idx] = duration;
    this.readyPattern[idx] = pattern;
    this.readyTrip[idx] = trip;
    this.readyDay[idx] = day;
    this.mark(s);
  }
}
