/**
 * Adapts the timetable model to the router's TransitData: forward as stored,
 * and a time-reversed copy for arrive-by searches (times negated, each
 * pattern's stops and trips in reverse order, boarding and alighting swapped,
 * footpaths reversed), so one search algorithm serves both directions.
 */
import { CAN_ALIGHT, CAN_BOARD, type TransferRules, type TransitData } from '../raptor/transit-data';
import { DROP_OFF, PICKUP, patternOfTrip, type Timetable } from '../timetable/model';

export function forwardView(tt: Timetable): TransitData {
  const flags = new Uint8Array(tt.patternStopFlags.length);
  for (let i = 0; i < flags.length; i++) {
    const f = tt.patternStopFlags[i] as number;
    flags[i] = (f & PICKUP ? CAN_BOARD : 0) | (f & DROP_OFF ? CAN_ALIGHT : 0);
  }
  return {
    stopCount: tt.stopCount,
    patternCount: tt.patternCount,
    patternStopStart: tt.patternStopStart,
    patternStops: tt.patternStops,
    patternStopFlags: flags,
    patternTripStart: tt.patternTripStart,
    patternTimeStart: tt.patternTimeStart,
    boardTimes: tt.departures,
    alightTimes: tt.arrivals,
    tripService: tt.tripService,
    ...stopPatternIndex(tt.stopCount, tt.patternStopStart, tt.patternStops),
    footStart: tt.footStart,
    footTo: tt.footTo,
    footDuration: tt.footDuration,
    stopMinTransfer: tt.stopMinTransfer,
    ...seatIndex(tt.tripCount, tt.seatFrom, tt.seatTo),
    ...frequencyIndex(tt, (t) => t),
    ...ruleIndex(tt, false, (t) => t),
  };
}

/**
 * The timetable's trip- and route-specific transfer rules for the router (TransferRules): by boarding
 * stop, most specific first; reversed, the GTFS "to" side is where the traveller got off.
 */
function ruleIndex(tt: Timetable, reversed: boolean, map: (t: number) => number): Pick<TransitData, 'rules'> {
  const { ruleFromStop, ruleToStop, ruleFromTrip, ruleToTrip, ruleFromRoute, ruleToRoute, ruleType, ruleMinTime } = tt;
  if (!ruleFromStop || !ruleToStop || !ruleFromTrip || !ruleToTrip || !ruleFromRoute || !ruleToRoute) return {};
  if (!ruleType || !ruleMinTime || !tt.tripSource || ruleFromStop.length === 0) return {};
  const n = ruleFromStop.length;
  const S = tt.stopCount;
  const [boardStops, otherStops, boardTrips, otherTrips, boardRoutes, otherRoutes] = reversed
    ? [ruleFromStop, ruleToStop, ruleFromTrip, ruleToTrip, ruleFromRoute, ruleToRoute]
    : [ruleToStop, ruleFromStop, ruleToTrip, ruleFromTrip, ruleToRoute, ruleFromRoute];
  // Stable counting sort by boarding stop keeps the timetable's most-specific-first order within a stop.
  const boardStart = new Int32Array(S + 1);
  for (const s of boardStops) boardStart[s + 1]!++;
  for (let s = 0; s < S; s++) boardStart[s + 1]! += boardStart[s] as number;
  const fill = boardStart.slice(0, S);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[fill[boardStops[i] as number]!++] = i;
  const pick = (a: Int32Array) => Int32Array.from(order, (i) => a[i] as number);
  const rules: TransferRules = {
    boardStart,
    boardStop: pick(boardStops),
    otherStop: pick(otherStops),
    otherTrip: pick(otherTrips),
    otherRoute: pick(otherRoutes),
    boardTrip: pick(boardTrips),
    boardRoute: pick(boardRoutes),
    type: Uint8Array.from(order, (i) => ruleType[i] as number),
    minTime: pick(ruleMinTime),
    sourceStart: new Int32Array(S + 1),
    sourceRules: new Int32Array(n),
    tripKey: new Int32Array(tt.tripCount),
    tripRoute: new Int32Array(tt.tripCount),
  };
  for (const s of rules.otherStop) rules.sourceStart[s + 1]!++;
  for (let s = 0; s < S; s++) rules.sourceStart[s + 1]! += rules.sourceStart[s] as number;
  const sourceFill = rules.sourceStart.slice(0, S);
  for (let e = 0; e < n; e++) rules.sourceRules[sourceFill[rules.otherStop[e] as number]!++] = e;
  for (let p = 0; p < tt.patternCount; p++) {
    for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
      rules.tripKey[map(t)] = tt.tripSource[t] as number;
      rules.tripRoute[map(t)] = tt.patternRoute[p] as number;
    }
  }
  return { rules };
}

/**
 * Frequency trips for the router (raptor/frequency.ts): which patterns are frequency-based, and each
 * trip's span and allowance, renumbered by `map` (the reverse view's order). None when there are none.
 */
function frequencyIndex(
  tt: Timetable,
  map: (t: number) => number,
): Pick<TransitData, 'patternFrequency' | 'tripSpan' | 'tripWait'> {
  if (!tt.tripSpan || !tt.tripWait || !tt.tripSpan.some((x) => x >= 0)) return {};
  const patternFrequency = new Uint8Array(tt.patternCount);
  for (let p = 0; p < tt.patternCount; p++) {
    const t = tt.patternTripStart[p] as number;
    if (t < (tt.patternTripStart[p + 1] as number) && (tt.tripSpan[t] as number) >= 0) patternFrequency[p] = 1;
  }
  const tripSpan = new Int32Array(tt.tripCount);
  const tripWait = new Int32Array(tt.tripCount);
  for (let t = 0; t < tt.tripCount; t++) {
    tripSpan[map(t)] = tt.tripSpan[t] as number;
    tripWait[map(t)] = tt.tripWait[t] as number;
  }
  return { patternFrequency, tripSpan, tripWait };
}

/** Stay-seated links as CSR by trip; `map` renumbers trips (the reverse view's order). */
function seatIndex(
  tripCount: number,
  from: Int32Array | undefined,
  to: Int32Array | undefined,
  map = (t: number) => t,
) {
  if (!from || !to || from.length === 0) return {};
  const seatStart = new Int32Array(tripCount + 1);
  for (const t of from) seatStart[map(t) + 1]!++;
  for (let t = 0; t < tripCount; t++) seatStart[t + 1]! += seatStart[t] as number;
  const fill = seatStart.slice(0, tripCount);
  const seatTo = new Int32Array(from.length);
  from.forEach((t, i) => (seatTo[fill[map(t)]!++] = map(to[i] as number)));
  return { seatStart, seatTo };
}

/** Trip t of the reverse view is trip reverseTrip(tt, t) of the timetable (and vice versa). */
export function reverseTrip(tt: Timetable, pattern: number, trip: number): number {
  const start = tt.patternTripStart[pattern] as number;
  const end = tt.patternTripStart[pattern + 1] as number;
  return start + (end - 1 - trip);
}

export function reverseView(tt: Timetable): TransitData {
  const patternStops = new Int32Array(tt.patternStops.length);
  const flags = new Uint8Array(tt.patternStopFlags.length);
  const board = new Int32Array(tt.arrivals.length);
  const alight = new Int32Array(tt.departures.length);
  const tripService = new Int32Array(tt.tripCount);
  for (let p = 0; p < tt.patternCount; p++) {
    const s0 = tt.patternStopStart[p] as number;
    const n = (tt.patternStopStart[p + 1] as number) - s0;
    for (let i = 0; i < n; i++) {
      const src = s0 + n - 1 - i;
      patternStops[s0 + i] = tt.patternStops[src] as number;
      const f = tt.patternStopFlags[src] as number;
      flags[s0 + i] = (f & DROP_OFF ? CAN_BOARD : 0) | (f & PICKUP ? CAN_ALIGHT : 0);
    }
    const t0 = tt.patternTripStart[p] as number;
    const m = (tt.patternTripStart[p + 1] as number) - t0;
    const base = tt.patternTimeStart[p] as number;
    for (let j = 0; j < m; j++) {
      const jr = m - 1 - j;
      tripService[t0 + jr] = tt.tripService[t0 + j] as number;
      // A frequency window runs backwards from its last departure: its stored times are that one's.
      const span = Math.max(0, tt.tripSpan?.[t0 + j] ?? 0);
      for (let i = 0; i < n; i++) {
        board[base + jr * n + (n - 1 - i)] = -((tt.arrivals[base + j * n + i] as number) + span);
        alight[base + jr * n + (n - 1 - i)] = -((tt.departures[base + j * n + i] as number) + span);
      }
    }
  }
  // Incoming footpaths become outgoing.
  const S = tt.stopCount;
  const footStart = new Int32Array(S + 1);
  for (let e = 0; e < tt.footTo.length; e++)
    footStart[(tt.footTo[e] as number) + 1] = (footStart[(tt.footTo[e] as number) + 1] as number) + 1;
  for (let s = 0; s < S; s++) footStart[s + 1] = (footStart[s + 1] as number) + (footStart[s] as number);
  const fill = footStart.slice(0, S);
  const footTo = new Int32Array(tt.footTo.length);
  const footDuration = new Int32Array(tt.footTo.length);
  for (let s = 0; s < S; s++) {
    for (let e = tt.footStart[s] as number; e < (tt.footStart[s + 1] as number); e++) {
      const slot = (fill[tt.footTo[e] as number] as number)++;
      footTo[slot] = s;
      footDuration[slot] = tt.footDuration[e] as number;
    }
  }
  return {
    stopCount: S,
    patternCount: tt.patternCount,
    patternStopStart: tt.patternStopStart,
    patternStops,
    patternStopFlags: flags,
    patternTripStart: tt.patternTripStart,
    patternTimeStart: tt.patternTimeStart,
    boardTimes: board,
    alightTimes: alight,
    tripService,
    ...stopPatternIndex(S, tt.patternStopStart, patternStops),
    footStart,
    footTo,
    footDuration,
    stopMinTransfer: tt.stopMinTransfer,
    // Backwards in time the traveller stays seated from a trip's first stop back onto the trip before.
    ...seatIndex(tt.tripCount, tt.seatTo, tt.seatFrom, (t) => reverseTrip(tt, patternOfTrip(tt, t), t)),
    ...frequencyIndex(tt, (t) => reverseTrip(tt, patternOfTrip(tt, t), t)),
    ...ruleIndex(tt, true, (t) => reverseTrip(tt, patternOfTrip(tt, t), t)),
  };
}

function stopPatternIndex(stopCount: number, patternStopStart: Int32Array, patternStops: Int32Array) {
  const stopPatternStart = new Int32Array(stopCount + 1);
  for (const s of patternStops) stopPatternStart[s + 1] = (stopPatternStart[s + 1] as number) + 1;
  for (let s = 0; s < stopCount; s++)
    stopPatternStart[s + 1] = (stopPatternStart[s + 1] as number) + (stopPatternStart[s] as number);
  const fill = stopPatternStart.slice(0, stopCount);
  const stopPatterns = new Int32Array(patternStops.length);
  const stopPatternPos = new Int32Array(patternStops.length);
  for (let p = 0; p + 1 < patternStopStart.length; p++) {
    for (let e = patternStopStart[p] as number; e < (patternStopStart[p + 1] as number); e++) {
      const s = patternStops[e] as number;
      const slot = (fill[s] as number)++;
      stopPatterns[slot] = p;
      stopPatternPos[slot] = e - (patternStopStart[p] as number);
    }
  }
  return { stopPatternStart, stopPatterns, stopPatternPos };
}
