/**
 * Round-based public transit routing (RAPTOR, Delling et al. 2012) with the
 * range extension (rRAPTOR): for a single departure it finds the earliest
 * arrival for every number of transfers; for a window it runs once per
 * departure from the origin, latest first, keeping labels between runs, and
 * returns the Pareto set over (later departure, earlier arrival, fewer transfers).
 *
 * Labels per round k (trips used) and stop:
 *   arr[k][s]   earliest arrival at s by a trip (the k-th)
 *   ready[k][s] earliest time one can board at s: arr + the stop's minimum
 *               transfer time, a footpath from another stop's arr, or the access
 * A round scans every pattern through a stop whose `ready` improved in the
 * previous round, then relaxes transfers from stops whose `arr` improved.
 */
import { PathState, INF, KIND_ACCESS, KIND_FOOT, KIND_INHERITED, KIND_OWN, KIND_TRIP } from './state';
import { reconstruct } from './reconstruct';
import {
  CAN_ALIGHT,
  CAN_BOARD,
  RULE_FORBIDDEN,
  RULE_MIN_TIME,
  RULE_TIMED,
  type DaySlot,
  type RaptorPath,
  type RaptorRequest,
  type TransitData,
} from './transit-data';
import { collectDepartures, paretoFilter } from './departures';
import { LowerBounds } from './lower-bounds';
import { patternOfTrip } from './reconstruct';
import { earliestFrequencyTrip, FrequencyBoarding, isFrequencyPattern } from './frequency';
import { timeProfiles } from './time-profiles';

export class Raptor {
  private readonly st: PathState;
  private readonly queuePos: Int32Array;
  private readonly queueList: Int32Array;
  /** Per queued pattern, its last marked boarding position. */
  private readonly queueLast: Int32Array;
  /** Per pattern, the first seat entry offered at its first stop this round (linked through seatNext), or -1. */
  private readonly seatHead: Int32Array;
  private seatNext = new Int32Array(64);
  private queueCount = 0;
  private readonly egress: Int32Array;
  // Result of the last earliestTrip() call.
  private foundTrip = -1;
  private foundDay = 0;
  private foundTime = INF;
  private readonly frequencyFound = new FrequencyBoarding();
  private lowerBounds?: LowerBounds;
  private readonly noBound: Int32Array;
  private readonly boundsPayForSingle: boolean;
  /**
   * First and last departure of each pattern at each position, indexed like patternStops: the trip
   * search checks a day slot against them first, and beside the stop list they are in cache, where
   * the first and last trips' rows of a long pattern are not.
   */
  private readonly firstBoard: Int32Array;
  private readonly lastBoard: Int32Array;
  /**
   * Per trip g, [row, delta] at 2g: its times are those of the timetable row `row` plus `delta`
   * (time-profiles.ts). Timetabled patterns are read through it; trips sharing a profile share a row.
   */
  private readonly profile: Int32Array;
  /** Per entry of stopPatterns: 1 where boarding is allowed (the pattern stop's CAN_BOARD), read in order. */
  private readonly boardsAt: Uint8Array;
  /** 0, 1, 2, ...: the running-trip list of a pattern whose trips all run in a day slot. */
  private readonly identity: Int32Array;
  /** 1 for a pattern that calls at some stop twice (a loop): arriving on it there says nothing of boarding it again. */
  private readonly repeatsStop: Uint8Array;
  /** The running trips of each of the current request's day slots (looked up once per search, not per boarding). */
  private slotRunning: RunningTrips[] = [];
  /** Per day slot (slots are cached per date by the planner), the trips running in it. */
  private readonly running = new WeakMap<DaySlot, RunningTrips>();

  /**
   * Range searches, per round and pattern: the last trip (global) a run rode on it, its day slot and
   * where it was boarded (riddenBefore).
   */
  private riddenTrip = new Int32Array(0);
  private riddenDay = new Uint8Array(0);
  private riddenPos = new Int32Array(0);

  // Result of the last boardByRules() call (with foundTrip, foundDay, foundTime): 0 by the ready label, e + 1 by rule entry e.
  private foundVia = 0;

  constructor(readonly data: TransitData) {
    this.st = new PathState(data.stopCount, data);
    this.st.useRules = data.rules !== undefined;
    this.noBound = new Int32Array(data.stopCount);
    this.boundsPayForSingle = (data.footTo.length + data.stopPatterns.length) * 12 < data.boardTimes.length;
    this.queuePos = new Int32Array(data.patternCount).fill(-1);
    this.queueList = new Int32Array(data.patternCount);
    this.queueLast = new Int32Array(data.patternCount);
    this.seatHead = new Int32Array(data.patternCount).fill(-1);
    this.egress = new Int32Array(data.stopCount).fill(-1);
    this.repeatsStop = new Uint8Array(data.patternCount);
    for (let p = 0; p < data.patternCount; p++) {
      const stops = data.patternStops.subarray(data.patternStopStart[p], data.patternStopStart[p + 1]);
      if (new Set(stops).size < stops.length) this.repeatsStop[p] = 1;
    }
    this.profile = timeProfiles(data);
    this.boardsAt = new Uint8Array(data.stopPatterns.length);
    for (let e = 0; e < data.stopPatterns.length; e++) {
      const at = (data.patternStopStart[data.stopPatterns[e] as number] as number) + (data.stopPatternPos[e] as number);
      this.boardsAt[e] = (data.patternStopFlags[at] as number) & CAN_BOARD ? 1 : 0;
    }
    let most = 0;
    for (let p = 0; p < data.patternCount; p++)
      most = Math.max(most, (data.patternTripStart[p + 1] as number) - (data.patternTripStart[p] as number));
    this.identity = Int32Array.from({ length: most }, (_, j) => j);
    this.firstBoard = new Int32Array(data.patternStops.length);
    this.lastBoard = new Int32Array(data.patternStops.length);
    for (let p = 0; p < data.patternCount; p++) {
      const s0 = data.patternStopStart[p] as number;
      const n = (data.patternStopStart[p + 1] as number) - s0;
      const m = (data.patternTripStart[p + 1] as number) - (data.patternTripStart[p] as number);
      const base = data.patternTimeStart[p] as number;
      for (let i = 0; i < n && m > 0; i++) {
        this.firstBoard[s0 + i] = data.boardTimes[base + i] as number;
        this.lastBoard[s0 + i] = data.boardTimes[base + (m - 1) * n + i] as number;
      }
    }
  }

  search(req: RaptorRequest): RaptorPath[] {
    const st = this.st;
    const rounds = req.maxTransfers + 1;
    const range = req.departureEnd !== undefined && req.departureEnd > req.departure;
    // A range search whose window start reaches nothing reaches nothing later either: one single
    // search settles it, instead of one exploration of the whole network per minute of window.
    const probe = range ? this.search({ ...req, departureEnd: req.departure }) : [];
    if (range && probe.length === 0) return [];
    // That search's best arrival per number of trips is the best any later departure can do: once the
    // range runs (latest first) have matched it for every count, earlier runs cannot add an option.
    const floor = range ? bestByRounds(st.target, rounds, new Int32Array(rounds + 1)) : undefined;
    st.reset(rounds);
    // Bounds cost a Dijkstra over the stop graph: always worth it for the many runs of a range search;
    // for one single search only where that graph is small next to the timetable (on Porto Alegre's
    // 50k footpaths it doubles a single query; on the 4.4M-stop-time test feed it thirds p50).
    // A single search runs the Dijkstra lazily, only as far as its pruning asks (same answers).
    st.bound = range
      ? this.bounds().compute(req.egress)
      : this.boundsPayForSingle
        ? this.bounds().startLazy(req.egress)
        : this.noBound;
    st.lower = !range && this.boundsPayForSingle ? this.bounds() : undefined;
    // Trip-count bounds let a run prune against journeys with more trips than the label has so far
    // (in a range search, later runs have usually found those); for one search they do not pay.
    if (range) {
      this.bounds().computeTrips(req.egress, rounds);
      st.tripsAfterArrival = this.bounds().tripsAfterArrival;
      st.tripsAfterReady = this.bounds().tripsAfterReady;
    } else {
      st.tripsAfterArrival = this.noBound;
      st.tripsAfterReady = this.noBound;
    }
    this.slotRunning = req.days.map((slot) => this.runningTrips(slot));
    if (range) {
      const size = (rounds + 1) * this.data.patternCount;
      if (this.riddenTrip.length < size) {
        this.riddenTrip = new Int32Array(size);
        this.riddenDay = new Uint8Array(size);
        this.riddenPos = new Int32Array(size);
      }
      this.riddenTrip.fill(-1, 0, size);
    }
    const collected = range ? collectDepartures(this.data, req) : undefined;
    const departures = collected ? collected.times : [req.departure];
    // Nothing leaves within the window: the first journeys after it are the answer.
    if (collected && departures.length === 0) return probe;
    // The egress marks live in a buffer shared by every search: set here, always cleared below (an
    // early return between the two once left a previous destination's stops in the next search).
    for (const e of req.egress) {
      const prev = this.egress[e.stop] as number;
      if (prev < 0 || e.duration < prev) this.egress[e.stop] = e.duration;
    }
    const results: RaptorPath[] = [];
    const best = new Int32Array(rounds + 1);
    try {
      let first = true;
      let next = 0;
      for (const dep of departures) {
        st.startIteration();
        for (let i = 0; i < req.access.length; i++) {
          const a = req.access[i] as (typeof req.access)[number];
          const t = dep + a.duration;
          if (t < (st.ready[a.stop] as number)) {
            st.ready[a.stop] = t;
            st.readyKind[a.stop] = KIND_ACCESS;
            st.readyPattern[a.stop] = -1;
            st.readyFrom[a.stop] = a.stop;
            st.readyDuration[a.stop] = a.duration;
            st.touch(a.stop);
            // The first run (and a single search) boards everything at the access stops, and a
            // frequency pattern leaves sooner at every run; the other runs board where they newly can (below).
            if (first || !collected || collected.everyRun[i] === 1) st.mark(a.stop);
          }
        }
        // The timetabled boardings this run catches and the run before it did not (none on the first
        // run: it boards them all): only their patterns can do better in round 1 than the labels kept.
        if (collected) {
          const { leave, pattern, pos } = collected;
          for (; next < leave.length && (leave[next] as number) >= dep; next++)
            if (!first) this.queue(pattern[next] as number, pos[next] as number);
        }
        first = false;
        st.seats.pending = [];
        let k = 1;
        for (
          ;
          k <= rounds && (st.markedCount > 0 || st.seats.pending.length > 0 || (k === 1 && this.queueCount > 0));
          k++
        ) {
          st.beginRound(k, !range);
          this.queuePatterns(req, k);
          this.scanPatterns(req, k, !range);
          st.relaxTransfers(this.data, k, !range);
        }
        if (range) st.finishRun(k - 1);
        for (let k = 1; k <= rounds; k++) {
          if (st.targetImproved[k]) results.push(reconstruct(this.data, st, k, req));
        }
        if (floor && sameRows(bestByRounds(st.target, rounds, best), floor)) break;
      }
    } finally {
      for (const e of req.egress) this.egress[e.stop] = -1;
    }
    // Runs start inside the window, but a run may find its best journey leaving after the window ends;
    // that journey beats those inside the window that arrive no earlier, so it is kept.
    return paretoFilter(results);
  }

  /** Lower bounds to a destination over this data, built on first use and shared with McRAPTOR. */
  bounds(): LowerBounds {
    return (this.lowerBounds ??= new LowerBounds(this.data));
  }

  /**
   * Queues each pattern through a marked stop from its earliest marked position where boarding is
   * allowed, and notes its last: boarding only needs trying where a ready time improved (elsewhere the
   * same boarding was tried when that time was set, and its arrivals are kept).
   */
  private queuePatterns(req: RaptorRequest, k: number): void {
    const d = this.data;
    const st = this.st;
    for (let m = 0; m < st.markedCount; m++) {
      const s = st.markedList[m] as number;
      st.marked[s] = 0;
      for (let e = d.stopPatternStart[s] as number, end = d.stopPatternStart[s + 1] as number; e < end; e++) {
        const p = d.stopPatterns[e] as number;
        const pos = d.stopPatternPos[e] as number;
        if (this.boardsAt[e] === 0) continue;
        if (req.patternAllowed && req.patternAllowed[p] === 0) continue;
        this.queue(p, pos);
      }
    }
    st.markedCount = 0;
    // Trips one stays seated onto: their patterns from the first stop, where the entry is offered.
    for (const e of st.seats.take()) {
      const trip = st.seats.next.get(e);
      const p = patternOfTrip(d, trip);
      if (req.patternAllowed && req.patternAllowed[p] === 0) continue;
      this.seatNext[e] = this.seatHead[p] as number;
      this.seatHead[p] = e;
      if ((this.queuePos[p] as number) < 0) {
        this.queueLast[p] = 0;
        this.queueList[this.queueCount++] = p;
      }
      this.queuePos[p] = 0;
    }
    void k;
  }

  /** Queues pattern p for this round's scan from position pos (or from where it is queued already, if sooner). */
  private queue(p: number, pos: number): void {
    const q = this.queuePos[p] as number;
    if (q < 0) {
      this.queuePos[p] = pos;
      this.queueLast[p] = pos;
      this.queueList[this.queueCount++] = p;
    } else {
      if (pos < q) this.queuePos[p] = pos;
      if (pos > (this.queueLast[p] as number)) this.queueLast[p] = pos;
    }
  }

  /**
   * Whether an earlier run of this range search rode `trip` (global, of day slot `day`) on pattern p in
   * round k from `boardPos` or before: every arrival riding it from boardPos could give is then a kept
   * label already or was pruned by bounds that have only tightened since, so riding it on past the
   * stops whose ready times improved cannot change anything.
   */
  private riddenBefore(k: number, p: number, trip: number, day: number, boardPos: number): boolean {
    const at = k * this.data.patternCount + p;
    return this.riddenTrip[at] === trip && this.riddenDay[at] === day && (this.riddenPos[at] as number) <= boardPos;
  }

  private scanPatterns(req: RaptorRequest, k: number, single: boolean): void {
    const d = this.data;
    const st = this.st;
    const S = d.stopCount;
    const prevRow = (k - 1) * S;
    const row = k * S;
    // Hot loop: arrays in locals.
    const { patternStops, patternStopFlags, boardTimes, alightTimes } = d;
    const { arr, ready, bestArr, tripsAfterArrival, targetBest, readyPattern, readyTrip, readyDay } = st;
    const profile = this.profile;
    for (let q = 0; q < this.queueCount; q++) {
      const p = this.queueList[q] as number;
      const from = this.queuePos[p] as number;
      this.queuePos[p] = -1;
      if (isFrequencyPattern(d, p)) {
        this.scanFrequencyPattern(req, k, single, p, from);
        continue;
      }
      const stopBase = d.patternStopStart[p] as number;
      const n = (d.patternStopStart[p + 1] as number) - stopBase;
      const tripBase = d.patternTripStart[p] as number;
      let trip = -1; // index within the pattern
      // The ridden trip's times are its profile's row plus shift (the day slot's and the profile's delta).
      let tripTimes = 0;
      let shift = 0;
      let day = 0;
      let boardPos = -1;
      let seat = -1;
      let via = 0;
      const last = this.queueLast[p] as number;
      const rules = d.rules;
      for (let i = from; i < n; i++) {
        const s = patternStops[stopBase + i] as number;
        const flags = patternStopFlags[stopBase + i] as number;
        // Past the last marked stop only the trip ridden can improve anything, and it cannot once its
        // arrival plus the bound reaches the best journey found: both only grow along the pattern.
        if (
          i > last &&
          (trip < 0 ||
            !st.boundBelow(s, (targetBest[k] as number) - (alightTimes[tripTimes + i] as number) - shift) ||
            (!single && this.riddenBefore(k, p, tripBase + trip, day, boardPos)))
        )
          break;
        if (trip >= 0 && (flags & CAN_ALIGHT) !== 0) {
          const t = (alightTimes[tripTimes + i] as number) + shift;
          // Improves only on this round, the previous one (fewer trips) and, in a single search, any round
          // (whose best, bestArr, is set with every arrival label, so it implies the other two).
          if (
            (single ? t < (bestArr[s] as number) : t < (arr[row + s] as number) && t < (arr[prevRow + s] as number)) &&
            st.canImprove(k, tripsAfterArrival[s] as number, s, t)
          ) {
            if (single) bestArr[s] = t;
            this.arriveByTrip(k, s, t, p, tripBase + trip, boardPos, i, day, seat);
            st.arrVia[row + s] = via;
          }
          if (
            rules &&
            seat < 0 &&
            k < st.rounds &&
            (rules.sourceStart[s] as number) < (rules.sourceStart[s + 1] as number)
          )
            this.offerRules(k, s, t, tripBase + trip, day, boardPos, i, via);
        }
        if (
          rules &&
          (flags & CAN_BOARD) !== 0 &&
          (rules.boardStart[s] as number) < (rules.boardStart[s + 1] as number)
        ) {
          // A stop where transfer rules name trips or routes: every boarding is checked against them.
          this.boardByRules(req, k, p, i, s, trip < 0 ? INF : (boardTimes[tripTimes + i] as number) + shift);
          if (this.foundTrip >= 0) {
            trip = this.foundTrip;
            tripTimes = profile[2 * (tripBase + trip)] as number;
            day = this.foundDay;
            shift = (req.days[day] as { shift: number }).shift + (profile[2 * (tripBase + trip) + 1] as number);
            boardPos = i;
            seat = -1;
            via = this.foundVia;
          }
        } else if ((flags & CAN_BOARD) !== 0) {
          const r = ready[prevRow + s] as number;
          // Ready here after arriving by this pattern: a later trip does no better than the one it arrived
          // on, whose onward arrivals (with fewer trips) are already labels; only an earlier trip still
          // standing here (a tie: it arrived with or after ours and runs faster onward) can.
          if (
            r < INF &&
            (readyPattern[prevRow + s] !== p ||
              this.repeatsStop[p] === 1 ||
              this.earlierMayExist(
                req,
                p,
                i,
                r,
                (readyTrip[prevRow + s] as number) - tripBase,
                readyDay[prevRow + s] as number,
              )) &&
            (trip < 0 ||
              (r < (boardTimes[tripTimes + i] as number) + shift && this.earlierMayExist(req, p, i, r, trip, day)))
          ) {
            this.earliestTrip(req, p, i, r, trip, day);
            if (this.foundTrip >= 0 && (trip < 0 || this.foundTime < (boardTimes[tripTimes + i] as number) + shift)) {
              trip = this.foundTrip;
              tripTimes = profile[2 * (tripBase + trip)] as number;
              day = this.foundDay;
              shift = (req.days[day] as { shift: number }).shift + (profile[2 * (tripBase + trip) + 1] as number);
              boardPos = i;
              seat = -1;
              via = 0;
            }
          }
        }
        if (i === 0 && (this.seatHead[p] as number) >= 0) {
          for (let e = this.seatHead[p] as number; e >= 0; e = this.seatNext[e] as number) {
            const j = st.seats.next.get(e) - tripBase;
            const slot = req.days[st.seats.day.get(e)] as (typeof req.days)[number];
            const g = tripBase + j;
            if (slot.active[d.tripService[g] as number] === 0 || (req.tripAllowed && req.tripAllowed[g] === 0))
              continue;
            const jShift = slot.shift + (profile[2 * g + 1] as number);
            if (
              trip >= 0 &&
              (boardTimes[profile[2 * g] as number] as number) + jShift >= (boardTimes[tripTimes] as number) + shift
            )
              continue;
            trip = j;
            tripTimes = profile[2 * g] as number;
            day = st.seats.day.get(e);
            shift = jShift;
            boardPos = 0;
            seat = e;
            via = 0;
          }
          this.seatHead[p] = -1;
        }
        if (i === n - 1 && trip >= 0 && d.seatStart && k < st.rounds)
          this.offerSeats(
            p,
            tripBase + trip,
            day,
            boardPos,
            (boardTimes[tripTimes + boardPos] as number) + shift,
            (alightTimes[tripTimes + i] as number) + shift,
            seat,
          );
      }
      if (!single && trip >= 0 && !this.riddenBefore(k, p, tripBase + trip, day, boardPos)) {
        const at = k * d.patternCount + p;
        this.riddenTrip[at] = tripBase + trip;
        this.riddenDay[at] = day;
        this.riddenPos[at] = boardPos;
      }
    }
    this.queueCount = 0;
  }

  /**
   * Trip `trip` (global) reached stop s at `a` in round k: where rules name it (or any trip) for a timed
   * or minimum-time change from s, its arrival becomes a rule entry at the rule's boarding stop.
   */
  private offerRules(
    k: number,
    s: number,
    a: number,
    trip: number,
    day: number,
    boardPos: number,
    alightPos: number,
    via: number,
  ): void {
    const rules = this.data.rules;
    if (!rules) return;
    const st = this.st;
    const key = rules.tripKey[trip] as number;
    const route = rules.tripRoute[trip] as number;
    const row = k * this.data.stopCount;
    const alt = st.alt;
    for (let x = rules.sourceStart[s] as number, end = rules.sourceStart[s + 1] as number; x < end; x++) {
      const e = rules.sourceRules[x] as number;
      const type = rules.type[e] as number;
      if (type !== RULE_TIMED && !(type === RULE_MIN_TIME && (rules.minTime[e] as number) >= 0)) continue;
      const ot = rules.otherTrip[e] as number;
      const or = rules.otherRoute[e] as number;
      if ((ot >= 0 && ot !== key) || (or >= 0 && or !== route)) continue;
      const b = rules.boardStop[e] as number;
      const at = row + b;
      // The same trip already offered here no later (by another rule, or boarded elsewhere): nothing new.
      let known = false;
      for (let y = st.altHead[at] as number; y >= 0 && !known; y = alt.next[y] as number)
        known =
          rules.tripKey[alt.trip[y] as number] === key && (alt.from[y] as number) === s && (alt.arr[y] as number) <= a;
      if (known) continue;
      const y = alt.next.length;
      alt.next.push(st.altHead[at] as number);
      alt.arr.push(a);
      alt.from.push(s);
      alt.trip.push(trip);
      alt.day.push(day);
      alt.boardPos.push(boardPos);
      alt.alightPos.push(alightPos);
      alt.via.push(via);
      alt.rule.push(e);
      st.altHead[at] = y;
      st.mark(b);
    }
  }

  /**
   * The earliest trip of pattern p boarding at position i (stop s, where transfer rules name trips or
   * routes) before `before`, given round k-1's ready label and rule entries there: per trip the most
   * specific rule between the trip the traveller came on and it decides (timed: any time from the
   * arrival; minimum time: the arrival plus it; forbidden: never), else the ready label does.
   * Sets foundTrip (-1 if none), foundDay, foundTime, foundVia.
   */
  private boardByRules(req: RaptorRequest, k: number, p: number, i: number, s: number, before: number): void {
    const d = this.data;
    const st = this.st;
    const S = d.stopCount;
    const prevRow = (k - 1) * S;
    this.foundTrip = -1;
    this.foundTime = before;
    // The ready label and the arrival behind it.
    const r = st.ready[prevRow + s] as number;
    let srcStop = -1;
    let srcTrip = -1;
    let a1 = r;
    if (r < INF) {
      let kk = k - 1;
      while (kk > 0 && st.readyKind[kk * S + s] === KIND_INHERITED) kk--;
      const kind = st.readyKind[kk * S + s];
      if (kind === KIND_OWN) {
        srcStop = s;
        srcTrip = st.readyTrip[kk * S + s] as number;
        a1 = r - (d.stopMinTransfer[s] as number);
      } else if (kind === KIND_FOOT) {
        srcStop = st.readyFrom[kk * S + s] as number;
        srcTrip = st.readyTrip[kk * S + s] as number;
        a1 = r - (st.readyDuration[kk * S + s] as number);
      }
    }
    const alt = st.alt;
    const head = st.altHead[prevRow + s] as number;
    let lb = a1;
    for (let y = head; y >= 0; y = alt.next[y] as number) lb = Math.min(lb, alt.arr[y] as number);
    if (lb >= INF) return;
    const board = d.boardTimes;
    const profile = this.profile;
    const tripBase = d.patternTripStart[p] as number;
    for (let dd = 0; dd < req.days.length; dd++) {
      const slot = req.days[dd];
      if (!slot) continue;
      const running = this.slotRunning[dd] as RunningTrips;
      const lo = running.start[p] as number;
      const hi = running.start[p + 1] as number;
      const list = running.trips;
      for (let e = firstListedAtOrAfter(board, profile, tripBase, i, list, lo, hi, lb - slot.shift); e < hi; e++) {
        const j = list[e] as number;
        const g = tripBase + j;
        const t = (board[(profile[2 * g] as number) + i] as number) + (profile[2 * g + 1] as number) + slot.shift;
        if (t >= this.foundTime) break;
        if (req.tripAllowed && req.tripAllowed[g] === 0) continue;
        let via = -1;
        if (r < INF && t >= this.ruleNeed(s, srcStop, srcTrip, a1, r, g)) via = 0;
        for (let y = head; y >= 0 && via < 0; y = alt.next[y] as number)
          if (t >= this.ruleNeed(s, alt.from[y] as number, alt.trip[y] as number, alt.arr[y] as number, INF, g))
            via = y + 1;
        if (via < 0) continue;
        this.foundTrip = j;
        this.foundDay = dd;
        this.foundTime = t;
        this.foundVia = via;
        break;
      }
    }
  }

  /**
   * The earliest a traveller who got off trip `from` (global, -1: not off a trip) at `fromStop` at time
   * `a` may board trip `to` at s, by the most specific rule naming them, else `generic`.
   */
  private ruleNeed(s: number, fromStop: number, from: number, a: number, generic: number, to: number): number {
    const rules = this.data.rules;
    if (!rules || from < 0) return generic;
    const fromKey = rules.tripKey[from] as number;
    const fromRoute = rules.tripRoute[from] as number;
    const toKey = rules.tripKey[to] as number;
    const toRoute = rules.tripRoute[to] as number;
    for (let e = rules.boardStart[s] as number, end = rules.boardStart[s + 1] as number; e < end; e++) {
      if (rules.otherStop[e] !== fromStop) continue;
      const ot = rules.otherTrip[e] as number;
      const or = rules.otherRoute[e] as number;
      const bt = rules.boardTrip[e] as number;
      const br = rules.boardRoute[e] as number;
      if ((ot >= 0 && ot !== fromKey) || (or >= 0 && or !== fromRoute)) continue;
      if ((bt >= 0 && bt !== toKey) || (br >= 0 && br !== toRoute)) continue;
      const type = rules.type[e] as number;
      if (type === RULE_FORBIDDEN) return INF;
      if (type === RULE_TIMED) return a;
      const m = rules.minTime[e] as number;
      if (type === RULE_MIN_TIME && m >= 0) return a + m;
      return generic;
    }
    return generic;
  }

  /** Round k's arrival label at stop s at time t, by a trip (global index) boarded at boardPos, alighting at i. */
  private arriveByTrip(
    k: number,
    s: number,
    t: number,
    p: number,
    trip: number,
    boardPos: number,
    i: number,
    day: number,
    seat: number,
  ): void {
    const st = this.st;
    const at = k * this.data.stopCount + s;
    st.arr[at] = t;
    st.arrKind[at] = KIND_TRIP;
    st.arrTrip[at] = trip;
    st.arrBoardPos[at] = boardPos;
    st.arrAlightPos[at] = i;
    st.arrDay[at] = day;
    st.arrSeat[at] = seat;
    st.arrVia[at] = 0;
    st.noteTripArrival(s, p, trip, day);
    const eg = this.egress[s] as number;
    if (eg >= 0) st.offerTarget(k, s, t + eg);
  }

  /**
   * One frequency pattern's scan (frequency.ts): the same labels as a timetabled pattern, but a ride is
   * a window boarded by the waiting rule, its times shifted by (departure - first). Boarding again where
   * the traveller got off this pattern never helps (staying on leaves sooner), so it is not tried.
   */
  private scanFrequencyPattern(req: RaptorRequest, k: number, single: boolean, p: number, from: number): void {
    const d = this.data;
    const st = this.st;
    const S = d.stopCount;
    const prevRow = (k - 1) * S;
    const row = k * S;
    const { patternStops, patternStopFlags, boardTimes, alightTimes } = d;
    const { arr, ready, bestArr, tripsAfterArrival, targetBest, readyPattern } = st;
    const found = this.frequencyFound;
    const stopBase = d.patternStopStart[p] as number;
    const n = (d.patternStopStart[p + 1] as number) - stopBase;
    const tripBase = d.patternTripStart[p] as number;
    const timeBase = d.patternTimeStart[p] as number;
    const last = this.queueLast[p] as number;
    let trip = -1;
    let tripTimes = 0;
    let shift = 0;
    let day = 0;
    let boardPos = -1;
    for (let i = from; i < n; i++) {
      const s = patternStops[stopBase + i] as number;
      const flags = patternStopFlags[stopBase + i] as number;
      if (
        i > last &&
        (trip < 0 || !st.boundBelow(s, (targetBest[k] as number) - (alightTimes[tripTimes + i] as number) - shift))
      )
        break;
      if (trip >= 0 && (flags & CAN_ALIGHT) !== 0) {
        const t = (alightTimes[tripTimes + i] as number) + shift;
        if (
          (single ? t < (bestArr[s] as number) : t < (arr[row + s] as number) && t < (arr[prevRow + s] as number)) &&
          st.canImprove(k, tripsAfterArrival[s] as number, s, t)
        ) {
          if (single) bestArr[s] = t;
          this.arriveByTrip(k, s, t, p, tripBase + trip, boardPos, i, day, -1);
        }
      }
      if ((flags & CAN_BOARD) === 0) continue;
      const r = ready[prevRow + s] as number;
      if (r >= INF || (readyPattern[prevRow + s] === p && this.repeatsStop[p] === 0)) continue;
      if (trip >= 0 && r >= (boardTimes[tripTimes + i] as number) + shift) continue;
      earliestFrequencyTrip(d, req, p, n, i, r, found);
      if (found.trip >= 0 && (trip < 0 || found.time < (boardTimes[tripTimes + i] as number) + shift)) {
        trip = found.trip;
        tripTimes = timeBase + trip * n;
        day = found.day;
        shift = found.shift;
        boardPos = i;
      }
    }
  }

  /** Offers the trips linked to `trip` (ridden to its last stop, arriving at `end`) for the next round. */
  private offerSeats(
    p: number,
    trip: number,
    day: number,
    boardPos: number,
    start: number,
    end: number,
    seat: number,
  ): void {
    const d = this.data;
    const seats = this.st.seats;
    for (let e = d.seatStart?.[trip] as number, stop = d.seatStart?.[trip + 1] as number; e < stop; e++) {
      if (seats.trip.length >= this.seatNext.length) {
        const grown = new Int32Array(this.seatNext.length * 2);
        grown.set(this.seatNext);
        this.seatNext = grown;
      }
      seats.add(trip, p, day, boardPos, start, end, seat, d.seatTo?.[e] as number);
    }
  }

  /**
   * Cheap test before a full search while riding `trip` (of day slot `day`): could an earlier trip be
   * caught at position i from `ready`? In the same day only if the previous trip leaves at or after
   * `ready` (trips never overtake); in another day only if that day's trips span the gap.
   */
  private earlierMayExist(req: RaptorRequest, p: number, i: number, ready: number, trip: number, day: number): boolean {
    const d = this.data;
    const board = d.boardTimes;
    const profile = this.profile;
    const g = (d.patternTripStart[p] as number) + trip;
    const shift = (req.days[day] as { shift: number }).shift;
    if (
      trip > 0 &&
      (board[(profile[2 * g - 2] as number) + i] as number) + (profile[2 * g - 1] as number) + shift >= ready
    )
      return true;
    const current = (board[(profile[2 * g] as number) + i] as number) + (profile[2 * g + 1] as number) + shift;
    const at = (d.patternStopStart[p] as number) + i;
    const first = this.firstBoard[at] as number;
    const last = this.lastBoard[at] as number;
    for (let dd = 0; dd < req.days.length; dd++) {
      if (dd === day) continue;
      const other = (req.days[dd] as { shift: number }).shift;
      if (first + other < current && last + other >= ready) return true;
    }
    return false;
  }

  /**
   * Earliest trip of pattern p boarding at position i at or after `time`, over all service days.
   * While riding trip `hint` (within the pattern) of day slot `hintDay`, an earlier trip of that day is
   * usually one or two before it: those are stepped back to instead of binary-searching all trips.
   */
  private earliestTrip(req: RaptorRequest, p: number, i: number, time: number, hint = -1, hintDay = -1): void {
    const d = this.data;
    const board = d.boardTimes;
    const profile = this.profile;
    const tripBase = d.patternTripStart[p] as number;
    const m = (d.patternTripStart[p + 1] as number) - tripBase;
    const at = (d.patternStopStart[p] as number) + i;
    const first = this.firstBoard[at] as number;
    const last = this.lastBoard[at] as number;
    this.foundTrip = -1;
    this.foundTime = INF;
    for (let dd = 0; dd < req.days.length; dd++) {
      const slot = req.days[dd];
      if (!slot) continue;
      const target = time - slot.shift;
      // Sorted departures: nothing here if the last leaves too early or the first no sooner than the best found.
      if (last < target || first + slot.shift >= this.foundTime) continue;
      // Only the trips running that day: a pattern's trips of other days (Sundays', or every trip on a
      // day its feed does not run) would otherwise be stepped over one by one.
      const running = this.slotRunning[dd] as RunningTrips;
      let lo = running.start[p] as number;
      let hi = running.start[p + 1] as number;
      if (lo === hi) continue;
      let list = running.trips;
      // Where every trip runs that day, the list is 0..m-1: a small identity list that stays in cache.
      const all = hi - lo === m;
      if (all) {
        list = this.identity;
        lo = 0;
        hi = m;
      }
      // While riding a trip of this day, the earlier trip wanted is before it in the list.
      // It is searched for from the ridden trip backwards (galloping), touching a few trips
      // instead of a binary search's spread over the whole pattern.
      let start: number;
      if (dd === hintDay && hint >= 0) {
        const end = all ? hint : firstListed(list, lo, hi, hint);
        start = lastRunAtOrAfter(board, profile, tripBase, i, list, lo, end, target);
      } else start = firstListedAtOrAfter(board, profile, tripBase, i, list, lo, hi, target);
      for (let e = start; e < hi; e++) {
        const j = list[e] as number;
        const g = tripBase + j;
        const t = (board[(profile[2 * g] as number) + i] as number) + (profile[2 * g + 1] as number) + slot.shift;
        if (t >= this.foundTime) break;
        if (req.tripAllowed && req.tripAllowed[g] === 0) continue;
        this.foundTrip = j;
        this.foundDay = dd;
        this.foundTime = t;
        break;
      }
    }
  }

  /** The trips of each pattern that run in a day slot (indices within the pattern, ascending), built once per slot. */
  private runningTrips(slot: DaySlot): RunningTrips {
    let running = this.running.get(slot);
    if (!running) {
      running = runningTripsOf(this.data, slot);
      this.running.set(slot, running);
    }
    return running;
  }
}

/** CSR by pattern: trips[start[p] .. start[p+1]) are pattern p's trips running that day. */
interface RunningTrips {
  start: Int32Array;
  trips: Int32Array;
}

function runningTripsOf(d: TransitData, slot: DaySlot): RunningTrips {
  const start = new Int32Array(d.patternCount + 1);
  let count = 0;
  for (let g = 0; g < d.tripService.length; g++) if (slot.active[d.tripService[g] as number] !== 0) count++;
  const trips = new Int32Array(count);
  let e = 0;
  for (let p = 0; p < d.patternCount; p++) {
    start[p] = e;
    const t0 = d.patternTripStart[p] as number;
    for (let g = t0, t1 = d.patternTripStart[p + 1] as number; g < t1; g++)
      if (slot.active[d.tripService[g] as number] !== 0) trips[e++] = g - t0;
  }
  start[d.patternCount] = e;
  return { start, trips };
}

/**
 * Position in list[lo, hi) of the first trip whose departure at position i is at least `target` (hi
 * if none): list holds trips within the pattern (tripBase + j global), read through their profiles.
 */
function firstListedAtOrAfter(
  board: Int32Array,
  profile: Int32Array,
  tripBase: number,
  i: number,
  list: Int32Array,
  lo: number,
  hi: number,
  target: number,
): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const g = tripBase + (list[mid] as number);
    if ((board[(profile[2 * g] as number) + i] as number) + (profile[2 * g + 1] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * As firstListedAtOrAfter, for a target usually met just before `hi`: steps back from hi by 1, 2, 4, ...
 * while the trip there is still at or after the target, then binary-searches the last step.
 */
function lastRunAtOrAfter(
  board: Int32Array,
  profile: Int32Array,
  tripBase: number,
  i: number,
  list: Int32Array,
  lo: number,
  hi: number,
  target: number,
): number {
  let h = hi;
  let step = 1;
  for (; h - step >= lo; step *= 2) {
    const g = tripBase + (list[h - step] as number);
    if ((board[(profile[2 * g] as number) + i] as number) + (profile[2 * g + 1] as number) < target) break;
    h -= step;
  }
  return firstListedAtOrAfter(board, profile, tripBase, i, list, Math.max(lo, h - step + 1), h, target);
}

/** Position in list[lo, hi) of the first entry at least `trip` (hi if none). */
function firstListed(list: Int32Array, lo: number, hi: number, trip: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < trip) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Best destination arrival using at most k trips, for k = 0..rounds. */
function bestByRounds(target: Int32Array, rounds: number, out: Int32Array): Int32Array {
  let best = INF;
  for (let k = 0; k <= rounds; k++) {
    best = Math.min(best, target[k] as number);
    out[k] = best;
  }
  return out;
}

function sameRows(a: Int32Array, b: Int32Array): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
