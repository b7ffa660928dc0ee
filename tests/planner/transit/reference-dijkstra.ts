/**
 * A second reference router for the tests, for timetables with frequency windows (which a connection
 * scan cannot enumerate): a time-dependent Dijkstra over "ready to board at a stop" events, written for
 * clarity. From a stop it boards, on every pattern through it, the first trip it can catch over the day
 * slots - a timetabled trip leaving at or after the ready time, or a frequency window by the waiting
 * rule (ready <= first: first; inside: min(ready + wait, last); after last: none) - and rides it to every
 * later stop where drop-off is allowed. An arrival makes the traveller ready at that stop after its
 * minimum transfer time and at the stops one footpath away, as RAPTOR does. No stay-seated links (the
 * feeds it is used on have none).
 */
import type { DaySlot } from '../../../src/planner/raptor/transit-data';
import { DROP_OFF, PICKUP, tripTimeBase, type Timetable } from '../../../src/planner/timetable/model';
import type { Place } from './reference-csa';

const INF = Number.POSITIVE_INFINITY;

/** Patterns through each stop, with the position. */
export function stopPatterns(tt: Timetable): { pattern: number; pos: number }[][] {
  const out: { pattern: number; pos: number }[][] = Array.from({ length: tt.stopCount }, () => []);
  for (let p = 0; p < tt.patternCount; p++) {
    const s0 = tt.patternStopStart[p] as number;
    for (let i = s0; i < (tt.patternStopStart[p + 1] as number); i++)
      out[tt.patternStops[i] as number]?.push({ pattern: p, pos: i - s0 });
  }
  return out;
}

/** The earliest boarding of pattern p at position i for a traveller ready at `ready`: its departure and the shift of the trip's times. */
function board(
  tt: Timetable,
  slots: readonly DaySlot[],
  p: number,
  i: number,
  ready: number,
): { trip: number; dep: number; shift: number } | null {
  let best: { trip: number; dep: number; shift: number } | null = null;
  for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
    const stored = tt.departures[tripTimeBase(tt, p, t) + i] as number;
    const span = tt.tripSpan?.[t] ?? -1;
    const wait = tt.tripWait?.[t] ?? 0;
    for (const slot of slots) {
      if (slot.active[tt.tripService[t] as number] === 0) continue;
      const first = stored + slot.shift;
      let dep: number;
      if (span < 0) dep = first >= ready ? first : INF;
      else if (ready <= first) dep = first;
      else if (ready > first + span) dep = INF;
      else dep = Math.min(ready + wait, first + span);
      if (dep < (best?.dep ?? INF)) best = { trip: t, dep, shift: slot.shift + (span < 0 ? 0 : dep - first) };
    }
  }
  return best;
}

/** Earliest arrival at any egress place (arrival + its duration), leaving the access places at `time`. */
export function earliestArrivalDijkstra(
  tt: Timetable,
  slots: readonly DaySlot[],
  byStop: { pattern: number; pos: number }[][],
  access: Place[],
  egress: Place[],
  time: number,
): number {
  const ready = new Float64Array(tt.stopCount).fill(INF);
  const arrived = new Float64Array(tt.stopCount).fill(INF);
  const done = new Uint8Array(tt.stopCount);
  const egressOf = new Map<number, number>();
  for (const e of egress) egressOf.set(e.stop, Math.min(egressOf.get(e.stop) ?? INF, e.duration));
  // A plain binary heap of [time, stop].
  const heap: [number, number][] = [];
  const push = (t: number, s: number) => {
    heap.push([t, s]);
    for (let k = heap.length - 1; k > 0;) {
      const up = (k - 1) >> 1;
      if ((heap[up] as [number, number])[0] <= t) break;
      [heap[k], heap[up]] = [heap[up] as [number, number], heap[k] as [number, number]];
      k = up;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0] as [number, number];
    const last = heap.pop() as [number, number];
    if (heap.length > 0) {
      heap[0] = last;
      for (let k = 0; ;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < heap.length && (heap[l] as [number, number])[0] < (heap[m] as [number, number])[0]) m = l;
        if (r < heap.length && (heap[r] as [number, number])[0] < (heap[m] as [number, number])[0]) m = r;
        if (m === k) break;
        [heap[k], heap[m]] = [heap[m] as [number, number], heap[k] as [number, number]];
        k = m;
      }
    }
    return top;
  };
  const offer = (s: number, t: number) => {
    if (t < (ready[s] as number)) {
      ready[s] = t;
      push(t, s);
    }
  };
  for (const a of access) offer(a.stop, time + a.duration);
  let best = INF;
  while (heap.length > 0) {
    const [r, s] = pop();
    if (done[s] || r > (ready[s] as number)) continue;
    if (r >= best) break;
    done[s] = 1;
    for (const { pattern: p, pos: i } of byStop[s] ?? []) {
      const s0 = tt.patternStopStart[p] as number;
      const n = (tt.patternStopStart[p + 1] as number) - s0;
      if (((tt.patternStopFlags[s0 + i] as number) & PICKUP) === 0) continue;
      const b = board(tt, slots, p, i, r);
      if (!b) continue;
      const base = tripTimeBase(tt, p, b.trip);
      for (let k = i + 1; k < n; k++) {
        if (((tt.patternStopFlags[s0 + k] as number) & DROP_OFF) === 0) continue;
        const to = tt.patternStops[s0 + k] as number;
        const a = (tt.arrivals[base + k] as number) + b.shift;
        if (a >= (arrived[to] as number)) continue;
        arrived[to] = a;
        best = Math.min(best, a + (egressOf.get(to) ?? INF));
        offer(to, a + (tt.stopMinTransfer[to] as number));
        for (let e = tt.footStart[to] as number; e < (tt.footStart[to + 1] as number); e++)
          offer(tt.footTo[e] as number, a + (tt.footDuration[e] as number));
      }
    }
  }
  return best;
}
