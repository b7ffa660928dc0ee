/**
 * Frequency patterns: services whose stops, running times and span are known but whose departure
 * times are not (a route-pattern network such as Dundee's buses, or GTFS frequencies.txt with
 * exact_times=0). Each trip of such a pattern is a window of service: its stored times are those of
 * its first departure, `tripSpan` seconds later leaves its last, and `tripWait` is the waiting
 * allowance: a vehicle leaves within that long of any moment inside the window. A traveller ready to
 * board at a stop at time r, where the window passes from `first` to `first + span`, leaves at
 *
 *   r <= first                : first                          (the first departure)
 *   first < r <= first + span : min(r + wait, first + span)    (within the allowance, never after the last)
 *   r > first + span          : no departure                    (no option outside the span)
 *
 * and rides on with the pattern's running times from there. The rule never lets a later traveller
 * leave earlier (it is monotone in r), which is all RAPTOR's rounds and range runs need to stay exact;
 * a trip's times are its first departure's shifted by (departure - first). In the time-reversed view
 * (transit/transit-view.ts) the window is mirrored and the same rule puts the wait at the far end of
 * the ride; `settle` re-times a path forwards, so what a traveller reads is always the rule above.
 * The model and why it is honest: src/planner/raptor/README.md.
 */
import { INF } from './state';
import type { DaySlot, PathLeg, RaptorPath, RaptorRequest, TransitData } from './transit-data';

/** When a traveller ready at `ready` leaves on a window from `first` to `first + span`; INF when it has ended. */
export function frequencyDeparture(first: number, span: number, wait: number, ready: number): number {
  if (ready <= first) return first;
  const last = first + span;
  if (ready > last) return INF;
  return Math.min(ready + wait, last);
}

export function isFrequencyPattern(d: TransitData, p: number): boolean {
  return d.patternFrequency !== undefined && d.patternFrequency[p] === 1;
}

/** The best boarding on a frequency pattern (earliestFrequencyTrip): mutable, reused by its caller. */
export class FrequencyBoarding {
  /** Trip index within the pattern, or -1 for none. */
  trip = -1;
  day = 0;
  /** Departure at the boarding position. */
  time = INF;
  /** Added to the trip's stored times: the day slot's shift plus (departure - first). */
  shift = 0;
}

/**
 * The earliest departure of frequency pattern p at position i (n stops) for a traveller ready at
 * `ready`, over its trips (windows) and the request's day slots; fills `out` (trip -1 when none).
 */
export function earliestFrequencyTrip(
  d: TransitData,
  req: Pick<RaptorRequest, 'days' | 'tripAllowed'>,
  p: number,
  n: number,
  i: number,
  ready: number,
  out: FrequencyBoarding,
): void {
  out.trip = -1;
  out.time = INF;
  const tripBase = d.patternTripStart[p] as number;
  const m = (d.patternTripStart[p + 1] as number) - tripBase;
  const base = (d.patternTimeStart[p] as number) + i;
  const span = d.tripSpan as Int32Array;
  const wait = d.tripWait as Int32Array;
  for (let j = 0; j < m; j++) {
    const g = tripBase + j;
    if (req.tripAllowed && req.tripAllowed[g] === 0) continue;
    const stored = d.boardTimes[base + j * n] as number;
    for (let dd = 0; dd < req.days.length; dd++) {
      const slot = req.days[dd] as DaySlot;
      if (slot.active[d.tripService[g] as number] === 0) continue;
      const first = stored + slot.shift;
      const dep = frequencyDeparture(first, span[g] as number, wait[g] as number, ready);
      if (dep >= out.time) continue;
      out.trip = j;
      out.day = dd;
      out.time = dep;
      out.shift = slot.shift + (dep - first);
    }
  }
}

/** Where a frequency leg boards: the window at the boarding stop and when the traveller is there. */
export interface FrequencyWindow {
  /** When the traveller is at the stop, ready to board. */
  ready: number;
  /** First and last departure at the boarding stop. */
  first: number;
  last: number;
  /** The allowance: a vehicle leaves within this many seconds of any moment in the window. */
  allowance: number;
}

type TransitLeg = Extract<PathLeg, { kind: 'transit' }>;

/**
 * The path told forwards by the rule above from leaving at `leave`: scheduled legs keep their times
 * and must still be caught; frequency legs leave by the rule from when the traveller is ready (after
 * the leg before, plus the stop's change time between two rides there). Null when a ride is missed.
 */
export function retime(d: TransitData, days: readonly DaySlot[], path: RaptorPath, leave: number): RaptorPath | null {
  const legs: PathLeg[] = [];
  let t = leave;
  let previous: PathLeg | undefined;
  for (const l of path.legs) {
    if (l.kind === 'access') {
      legs.push({ ...l, start: t, end: t + l.duration });
      t += l.duration;
    } else if (l.kind === 'transfer' || l.kind === 'egress') {
      legs.push({ ...l, start: t, end: t + l.duration });
      t += l.duration;
    } else {
      const p = l.pattern;
      const s0 = d.patternStopStart[p] as number;
      const n = (d.patternStopStart[p + 1] as number) - s0;
      const row = (d.patternTimeStart[p] as number) + (l.trip - (d.patternTripStart[p] as number)) * n;
      const stop = d.patternStops[s0 + l.boardPos] as number;
      // Two rides in a row at one stop: the stop's change time, unless the traveller stays on board.
      let ready = t;
      if (previous?.kind === 'transit' && !l.staySeated) ready += d.stopMinTransfer[stop] as number;
      const dayShift = (days[l.day] as DaySlot).shift;
      if (!isFrequencyPattern(d, p)) {
        const dep = (d.boardTimes[row + l.boardPos] as number) + dayShift;
        if (!l.staySeated && ready > dep) return null;
        const copy: TransitLeg = { ...l };
        delete copy.frequency;
        legs.push(copy);
        t = l.end;
      } else {
        const first = (d.boardTimes[row + l.boardPos] as number) + dayShift;
        const span = d.tripSpan?.[l.trip] as number;
        const allowance = d.tripWait?.[l.trip] as number;
        const dep = frequencyDeparture(first, span, allowance, ready);
        if (dep >= INF) return null;
        const shift = dayShift + (dep - first);
        const end = (d.alightTimes[row + l.alightPos] as number) + shift;
        legs.push({ ...l, start: dep, end, frequency: { ready, first, last: first + span, allowance } });
        t = end;
      }
    }
    previous = l;
  }
  return { ...path, departure: leave, arrival: t, legs };
}

/** Whether a path rides a frequency pattern. */
export function usesFrequency(d: TransitData, path: RaptorPath): boolean {
  return path.legs.some((l) => l.kind === 'transit' && isFrequencyPattern(d, l.pattern));
}

/**
 * A path with frequency legs told forwards (retime), leaving as late as it can without arriving
 * later: before a timetabled train the bus need not be caught an hour early, and before a first
 * departure the traveller need not stand at the stop. Paths without frequency legs are returned as
 * they are. Arrival only grows with the leaving time, so a binary search over seconds finds it.
 */
export function settle(d: TransitData, days: readonly DaySlot[], path: RaptorPath): RaptorPath {
  if (!usesFrequency(d, path)) return path;
  const told = retime(d, days, path, path.departure);
  if (!told) return path;
  const ok = (delta: number) => {
    const later = retime(d, days, path, path.departure + delta);
    return later !== null && later.arrival <= told.arrival ? later : null;
  };
  let lo = 0;
  let hi = Math.max(0, told.arrival - path.departure);
  let best = told;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const later = ok(mid);
    if (later) {
      lo = mid;
      best = later;
    } else hi = mid - 1;
  }
  return best;
}
