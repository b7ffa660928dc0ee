/** Rebuilds the journey behind a destination label by following label kinds back to the access. */
import { INF, KIND_ACCESS, KIND_FOOT, KIND_INHERITED, KIND_OWN, type PathState } from './state';
import { isFrequencyPattern } from './frequency';
import { RULE_MIN_TIME, type PathLeg, type RaptorPath, type RaptorRequest, type TransitData } from './transit-data';

export function reconstruct(d: TransitData, st: PathState, round: number, req: RaptorRequest): RaptorPath {
  const S = d.stopCount;
  let k = st.targetRound[round] as number;
  let s = st.targetStop[round] as number;
  const arrival = st.target[round] as number;
  const legs: PathLeg[] = [];
  const egressStart = st.arr[k * S + s] as number;
  legs.push({ kind: 'egress', stop: s, duration: arrival - egressStart, start: egressStart, end: arrival });
  for (let guard = 0; guard < 4 * (st.rounds + 2); guard++) {
    // Arrival by trip at s.
    while (k > 0 && st.arrKind[k * S + s] === KIND_INHERITED) k--;
    if (k === 0) throw new Error('RAPTOR path reconstruction lost the trip label');
    const idx = k * S + s;
    const trip = st.arrTrip[idx] as number;
    const p = patternOfTrip(d, trip);
    const n = (d.patternStopStart[p + 1] as number) - (d.patternStopStart[p] as number);
    const day = st.arrDay[idx] as number;
    const shift = req.days[day]?.shift ?? 0;
    const boardPos = st.arrBoardPos[idx] as number;
    const alightPos = st.arrAlightPos[idx] as number;
    const timeBase = (d.patternTimeStart[p] as number) + (trip - (d.patternTripStart[p] as number)) * n;
    // When the traveller boarded (the first of a run of trips stayed on). A frequency trip's stored
    // times are its first departure: the ride is shifted by as much as its arrival here is.
    const delta = (st.arr[idx] as number) - ((d.alightTimes[timeBase + alightPos] as number) + shift);
    let start = (d.boardTimes[timeBase + boardPos] as number) + shift + delta;
    let frequency = isFrequencyPattern(d, p);
    legs.push({ kind: 'transit', pattern: p, trip, day, boardPos, alightPos, start, end: st.arr[idx] as number });
    s = d.patternStops[(d.patternStopStart[p] as number) + boardPos] as number;
    k--;
    // Boarded by staying on from the vehicle's previous trip (ridden to its end one round earlier).
    for (let e = st.arrSeat[idx] as number; e >= 0; e = st.seats.previous.get(e)) {
      (legs[legs.length - 1] as { staySeated?: true }).staySeated = true;
      const ep = st.seats.pattern.get(e);
      const en = (d.patternStopStart[ep + 1] as number) - (d.patternStopStart[ep] as number);
      const eBoard = st.seats.boardPos.get(e);
      legs.push({
        kind: 'transit',
        pattern: ep,
        trip: st.seats.trip.get(e),
        day: st.seats.day.get(e),
        boardPos: eBoard,
        alightPos: en - 1,
        start: st.seats.start.get(e),
        end: st.seats.end.get(e),
      });
      s = d.patternStops[(d.patternStopStart[ep] as number) + eBoard] as number;
      start = st.seats.start.get(e);
      k--;
    }
    // Boarded by a transfer rule (timed or minimum time) from a trip ridden one round earlier.
    for (let via = st.arrVia[idx] as number; via > 0;) {
      const y = via - 1;
      const alt = st.alt;
      const a = alt.arr[y] as number;
      const from = alt.from[y] as number;
      const rule = alt.rule[y] as number;
      if (from !== s) {
        const m = d.rules && d.rules.type[rule] === RULE_MIN_TIME ? (d.rules.minTime[rule] as number) : 0;
        legs.push({ kind: 'transfer', from, to: s, duration: m, start: a, end: a + m });
      }
      const trip = alt.trip[y] as number;
      const ap = patternOfTrip(d, trip);
      const an = (d.patternStopStart[ap + 1] as number) - (d.patternStopStart[ap] as number);
      const aBoard = alt.boardPos[y] as number;
      const aDay = alt.day[y] as number;
      const aBase = (d.patternTimeStart[ap] as number) + (trip - (d.patternTripStart[ap] as number)) * an;
      const aStart = (d.boardTimes[aBase + aBoard] as number) + (req.days[aDay]?.shift ?? 0);
      legs.push({
        kind: 'transit',
        pattern: ap,
        trip,
        day: aDay,
        boardPos: aBoard,
        alightPos: alt.alightPos[y] as number,
        start: aStart,
        end: a,
      });
      via = alt.via[y] as number;
      s = d.patternStops[(d.patternStopStart[ap] as number) + aBoard] as number;
      // The access or walk before is timed to this earlier trip (once the last trip's start, so a
      // journey through a rule seemed to leave at its second trip's departure).
      start = aStart;
      frequency = isFrequencyPattern(d, ap);
      k--;
    }
    // How we were ready to board at s.
    while (k > 0 && st.readyKind[k * S + s] === KIND_INHERITED) k--;
    const r = k * S + s;
    const kind = st.readyKind[r];
    if ((st.ready[r] as number) >= INF) throw new Error('RAPTOR path reconstruction found no boarding label');
    if (kind === KIND_ACCESS) {
      const duration = st.readyDuration[r] as number;
      // Timetabled: leave just in time for the trip. Frequency: be at the stop when ready, then wait by the rule.
      const end = frequency ? Math.min(start, st.ready[r] as number) : start;
      legs.push({ kind: 'access', stop: s, duration, start: end - duration, end });
      legs.reverse();
      const transfers = legs.filter((l) => l.kind === 'transit').length - 1;
      return { departure: end - duration, arrival, transfers, legs };
    }
    if (kind === KIND_FOOT) {
      const from = st.readyFrom[r] as number;
      const duration = st.readyDuration[r] as number;
      const walkStart = st.arr[k * S + from] as number;
      // A timed transfer rule lets the traveller board before the walk's usual time is up: the change takes what there is.
      const took = Math.min(duration, Math.max(0, start - walkStart));
      legs.push({ kind: 'transfer', from, to: s, duration: took, start: walkStart, end: walkStart + took });
      s = from;
    } else if (kind !== KIND_OWN) {
      throw new Error(`RAPTOR path reconstruction met label kind ${kind}`);
    }
  }
  throw new Error('RAPTOR path reconstruction did not reach the origin');
}

/** The pattern a trip belongs to (binary search over patternTripStart). */
export function patternOfTrip(d: Pick<TransitData, 'patternCount' | 'patternTripStart'>, trip: number): number {
  let lo = 0;
  let hi = d.patternCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((d.patternTripStart[mid] as number) <= trip) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
