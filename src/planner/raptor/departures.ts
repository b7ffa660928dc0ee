/** Range search helpers: the origin's departure times in a window, and the Pareto filter of results. */
import { isFrequencyPattern } from './frequency';
import { CAN_BOARD, type RaptorPath, type RaptorRequest, type TransitData } from './transit-data';

/**
 * Seconds between range runs from an access stop served by a frequency pattern: a bus that runs all
 * day offers a departure at every moment, and these runs stand for them (settle() in frequency.ts
 * then leaves each journey as late as it can), so later trains it feeds are found too.
 */
export const FREQUENCY_RUN_STEP = 15 * 60;

export interface Departures {
  /** Leave times to run from, latest first: the first departure after the window, then those in it. */
  times: number[];
  /**
   * Every timetabled boarding at an access stop in the window, latest leave first: leave time, and the
   * pattern and position boarded. A run after the first scans in its first round only the patterns of
   * the boardings it newly catches; any other catches the trip the run before it rode, whose arrivals
   * are kept labels already.
   */
  leave: Int32Array;
  pattern: Int32Array;
  pos: Int32Array;
  /** Per access entry, 1 when a frequency pattern boards there: a new departure at every run. */
  everyRun: Uint8Array;
}

/**
 * Every time one could leave the origin to catch a trip at an access stop within the window, latest
 * first (by default one run per distinct time; with `rangeStep`, one per step) after the first time
 * past the window, and each timetabled boarding in the window. A frequency pattern offers its first departure and a run every
 * FREQUENCY_RUN_STEP while its window is open.
 */
export function collectDepartures(d: TransitData, req: RaptorRequest): Departures {
  const end = req.departureEnd ?? req.departure;
  const times = new Set<number>();
  const boardings: number[] = [];
  // The first timetabled departure after the window.
  let after = Infinity;
  const everyRun = new Uint8Array(req.access.length);
  for (const [ai, a] of req.access.entries()) {
    for (let e = d.stopPatternStart[a.stop] as number, stop = d.stopPatternStart[a.stop + 1] as number; e < stop; e++) {
      const p = d.stopPatterns[e] as number;
      const pos = d.stopPatternPos[e] as number;
      const stopBase = d.patternStopStart[p] as number;
      if (((d.patternStopFlags[stopBase + pos] as number) & CAN_BOARD) === 0) continue;
      if (req.patternAllowed && req.patternAllowed[p] === 0) continue;
      const n = (d.patternStopStart[p + 1] as number) - stopBase;
      const tripBase = d.patternTripStart[p] as number;
      const m = (d.patternTripStart[p + 1] as number) - tripBase;
      const base = (d.patternTimeStart[p] as number) + pos;
      if (isFrequencyPattern(d, p)) {
        // A window offers its first departure, then a run every FREQUENCY_RUN_STEP while it is open
        // (from the time asked, when it is already open then).
        for (const slot of req.days) {
          for (let j = 0; j < m; j++) {
            const g = tripBase + j;
            if (slot.active[d.tripService[g] as number] === 0) continue;
            if (req.tripAllowed && req.tripAllowed[g] === 0) continue;
            const first = (d.boardTimes[base + j * n] as number) + slot.shift - a.duration;
            const last = Math.min(end, first + (d.tripSpan?.[g] as number));
            for (let leave = Math.max(first, req.departure); leave <= last; leave += FREQUENCY_RUN_STEP) {
              everyRun[ai] = 1;
              times.add(leave);
            }
          }
        }
        continue;
      }
      for (const slot of req.days) {
        for (let j = firstAtOrAfter(d.boardTimes, base, n, m, req.departure + a.duration - slot.shift); j < m; j++) {
          const leave = (d.boardTimes[base + j * n] as number) + slot.shift - a.duration;
          if (leave > after) break;
          const g = tripBase + j;
          if (slot.active[d.tripService[g] as number] === 0) continue;
          if (req.tripAllowed && req.tripAllowed[g] === 0) continue;
          if (leave > end) {
            after = leave;
            break;
          }
          times.add(leave);
          boardings.push(leave, p, pos);
        }
      }
    }
  }
  const count = boardings.length / 3;
  const order = Array.from({ length: count }, (_, i) => i).sort((x, y) => boardings[3 * y]! - boardings[3 * x]!);
  const leave = new Int32Array(count);
  const pattern = new Int32Array(count);
  const pos = new Int32Array(count);
  order.forEach((o, i) => {
    leave[i] = boardings[3 * o] as number;
    pattern[i] = boardings[3 * o + 1] as number;
    pos[i] = boardings[3 * o + 2] as number;
  });
  const sorted = [...times].sort((x, y) => y - x);
  // A run from the first departure after the window comes first: a journey leaving within the window
  // that one leaving after it matches (same arrival, no more transfers) is then not an option.
  const first = sorted.length > 0 && after < Infinity ? [after] : [];
  const step = req.rangeStep ?? 1;
  if (step <= 1) return { times: [...first, ...sorted], leave, pattern, pos, everyRun };
  // One run per `step` seconds of window, from the earliest departure in it: that run also finds every
  // journey leaving later in the same step, so options less than a step apart can merge (as in
  // OpenTripPlanner's range search).
  const out: number[] = [];
  for (const t of sorted) {
    const bucket = Math.floor((t - req.departure) / step);
    const last = out[out.length - 1];
    if (last !== undefined && Math.floor((last - req.departure) / step) === bucket) out[out.length - 1] = t;
    else out.push(t);
  }
  return { times: [...first, ...out], leave, pattern, pos, everyRun };
}

/** First trip j in [0, m) whose time at `base` (rows of n) is at least `target` (m if none). */
function firstAtOrAfter(times: Int32Array, base: number, n: number, m: number, target: number): number {
  let lo = 0;
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[base + mid * n] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps journeys no other journey beats on departure (later), arrival (earlier) and transfers (fewer). */
export function paretoFilter(paths: RaptorPath[]): RaptorPath[] {
  const sorted = [...paths].sort(
    (a, b) => a.arrival - b.arrival || b.departure - a.departure || a.transfers - b.transfers,
  );
  const kept: RaptorPath[] = [];
  for (const p of sorted) {
    const dominated = kept.some(
      (q) => q.departure >= p.departure && q.arrival <= p.arrival && q.transfers <= p.transfers,
    );
    if (!dominated) kept.push(p);
  }
  return kept.sort((a, b) => a.departure - b.departure || a.arrival - b.arrival);
}
