/**
 * Multi-criteria RAPTOR (McRAPTOR, Delling et al. 2012): per round (trips used)
 * and stop, a bag of Pareto-optimal labels over arrival time, walking time and
 * an optional generalised cost (pluggable; zero when no cost model is given).
 * Slower than plain RAPTOR, so the planner uses it when walking or cost matter.
 */
import type { LowerBounds } from './lower-bounds';
import { CAN_ALIGHT, CAN_BOARD, type PathLeg, type RaptorPath, type RaptorRequest, type TransitData } from './transit-data';

/** Generalised cost of the parts of a journey; any unit, lower is better. */
export interface CostModel {
  transit(seconds: number, pattern: number): number;
  walk(seconds: number): number;
  wait(seconds: number): number;
  boarding: number;
}

interface Label {
  arr: number;
  walk: number;
  cost: number;
  stop: number;
  parent: Label | undefined;
  leg: PathLeg;
}

interface Riding {
  trip: number;
  day: number;
  shift: number;
  boardPos: number;
  from: Label;
  walk: number;
  cost: number;
}

const dominates = (a: Label, b: Label) => a.arr <= b.arr && a.walk <= b.walk && a.cost <= b.cost;

/** Adds `label` to `bag` unless dominated; drops what it dominates. Returns whether it was added. */
function merge(bag: Label[], label: Label): boolean {
  for (const l of bag) if (dominates(l, label)) return false;
  for (let i = bag.length - 1; i >= 0; i--) if (dominates(label, bag[i] as Label)) bag.splice(i, 1);
  bag.push(label);
  return true;
}

export class McRaptor {
  constructor(
    readonly data: TransitData,
    private readonly costModel?: CostModel,
    private readonly lowerBounds?: LowerBounds,
  ) {}

  search(req: RaptorRequest): RaptorPath[] {
    const d = this.data;
    const rounds = req.maxTransfers + 1;
    const egress = new Map<number, number>();
    for (const e of req.egress) egress.set(e.stop, Math.min(egress.get(e.stop) ?? Infinity, e.duration));
    const targets: { label: Label; round: number }[] = [];
    const beatenByTarget = (l: Label, round: number, arrival = l.arr) =>
      targets.some((t) => t.round <= round && t.label.arr <= arrival && t.label.walk <= l.walk && t.label.cost <= l.cost);
    // A label on the way can arrive no sooner than its time plus the stop's lower bound to the destination.
    const bound = this.lowerBounds?.compute(req.egress);
    const hopeless = (l: Label, round: number) => beatenByTarget(l, round, bound ? l.arr + (bound[l.stop] as number) : l.arr);
    // Everything kept so far per stop, over all rounds: a later round's label must beat these.
    const bestArrived = new Map<number, Label[]>();
    const bestReady = new Map<number, Label[]>();
    let ready = new Map<number, Label[]>();
    for (const a of req.access) {
      const label: Label = {
        arr: req.departure + a.duration, walk: a.duration, cost: this.costModel?.walk(a.duration) ?? 0, stop: a.stop, parent: undefined,
        leg: { kind: 'access', stop: a.stop, duration: a.duration, start: req.departure, end: req.departure + a.duration },
      };
      merge(ready.get(a.stop) ?? ready.set(a.stop, []).get(a.stop) as Label[], label);
    }
    for (let k = 1; k <= rounds && ready.size > 0; k++) {
      // Patterns through stops with new ready labels, from their earliest such position.
      const queue = new Map<number, number>();
      for (const s of ready.keys()) {
        for (let e = d.stopPatternStart[s] as number; e < (d.stopPatternStart[s + 1] as number); e++) {
          const p = d.stopPatterns[e] as number;
          if (req.patternAllowed && req.patternAllowed[p] === 0) continue;
          const pos = d.stopPatternPos[e] as number;
          if (pos < (queue.get(p) ?? Infinity)) queue.set(p, pos);
        }
      }
      const arrived = new Map<number, Label[]>();
      const keep = (l: Label, round: number) => !hopeless(l, round) && merge(bestArrived.get(l.stop) ?? bestArrived.set(l.stop, []).get(l.stop) as Label[], l);
      for (const [p, from] of queue) this.scan(req, p, from, ready, arrived, k, keep);
      // Egress and transfers from this round's arrivals.
      const next = new Map<number, Label[]>();
      const add = (s: number, l: Label) => {
        if (hopeless(l, k) || !merge(bestReady.get(s) ?? bestReady.set(s, []).get(s) as Label[], l)) return;
        merge(next.get(s) ?? next.set(s, []).get(s) as Label[], l);
      };
      for (const [s, bag] of arrived) {
        for (const l of bag) {
          const eg = egress.get(s);
          if (eg !== undefined) {
            const t: Label = {
              arr: l.arr + eg, walk: l.walk + eg, cost: l.cost + (this.costModel?.walk(eg) ?? 0), stop: s, parent: l,
              leg: { kind: 'egress', stop: s, duration: eg, start: l.arr, end: l.arr + eg },
            };
            if (!beatenByTarget(t, k)) targets.push({ label: t, round: k });
          }
          const mtt = d.stopMinTransfer[s] as number;
          add(s, { ...l, arr: l.arr + mtt, stop: s, parent: l, leg: { kind: 'transfer', from: s, to: s, duration: 0, start: l.arr, end: l.arr + mtt } });
          for (let e = d.footStart[s] as number; e < (d.footStart[s + 1] as number); e++) {
            const w = d.footDuration[e] as number;
            const to = d.footTo[e] as number;
            add(to, {
              arr: l.arr + w, walk: l.walk + w, cost: l.cost + (this.costModel?.walk(w) ?? 0), stop: to, parent: l,
              leg: { kind: 'transfer', from: s, to, duration: w, start: l.arr, end: l.arr + w },
            });
          }
        }
      }
      ready = next;
    }
    // A target survives unless another with no more trips is at least as good everywhere (first of equals kept).
    const better = (o: { label: Label; round: number }, t: { label: Label; round: number }) =>
      o.round <= t.round && dominates(o.label, t.label) && (o.round < t.round || !dominates(t.label, o.label) || targets.indexOf(o) < targets.indexOf(t));
    return targets
      .filter((t) => !targets.some((o) => o !== t && better(o, t)))
      .map((t) => toPath(t.label))
      .sort((a, b) => a.arrival - b.arrival || a.transfers - b.transfers);
  }

  private scan(
    req: RaptorRequest, p: number, from: number, ready: Map<number, Label[]>, arrived: Map<number, Label[]>, k: number,
    keep: (l: Label, round: number) => boolean,
  ): void {
    const d = this.data;
    const stopBase = d.patternStopStart[p] as number;
    const n = (d.patternStopStart[p + 1] as number) - stopBase;
    const tripBase = d.patternTripStart[p] as number;
    const timeBase = d.patternTimeStart[p] as number;
    let riding: Riding[] = [];
    for (let i = from; i < n; i++) {
      const s = d.patternStops[stopBase + i] as number;
      const flags = d.patternStopFlags[stopBase + i] as number;
      if ((flags & CAN_ALIGHT) !== 0) {
        for (const r of riding) {
          const arr = (d.alightTimes[timeBase + (r.trip - tripBase) * n + i] as number) + r.shift;
          const start = (d.boardTimes[timeBase + (r.trip - tripBase) * n + r.boardPos] as number) + r.shift;
          const l: Label = {
            arr, walk: r.walk, cost: r.cost + (this.costModel?.transit(arr - start, p) ?? 0), stop: s, parent: r.from,
            leg: { kind: 'transit', pattern: p, trip: r.trip, day: r.day, boardPos: r.boardPos, alightPos: i, start, end: arr },
          };
          if (keep(l, k)) merge(arrived.get(s) ?? arrived.set(s, []).get(s) as Label[], l);
        }
      }
      if ((flags & CAN_BOARD) !== 0) {
        for (const l of ready.get(s) ?? []) {
          const found = this.earliestTrip(req, p, n, i, l.arr);
          if (!found) continue;
          const dep = (d.boardTimes[timeBase + (found.trip - tripBase) * n + i] as number) + found.shift;
          const cost = l.cost + (this.costModel ? this.costModel.wait(dep - l.arr) + this.costModel.boarding : 0);
          const candidate: Riding = { ...found, boardPos: i, from: l, walk: l.walk, cost };
          // Keep riders no other rider beats on trip (earlier is better: trips never overtake), walking and cost.
          const at = (r: Riding) => (d.boardTimes[timeBase + (r.trip - tripBase) * n + i] as number) + r.shift;
          const beats = (a: Riding, b: Riding) => at(a) <= at(b) && a.walk <= b.walk && a.cost <= b.cost;
          if (riding.some((r) => beats(r, candidate))) continue;
          riding = riding.filter((r) => !beats(candidate, r));
          riding.push(candidate);
        }
      }
    }
  }

  private earliestTrip(req: RaptorRequest, p: number, n: number, i: number, time: number): { trip: number; day: number; shift: number } | undefined {
    const d = this.data;
    const tripBase = d.patternTripStart[p] as number;
    const m = (d.patternTripStart[p + 1] as number) - tripBase;
    const base = (d.patternTimeStart[p] as number) + i;
    let best: { trip: number; day: number; shift: number } | undefined;
    let bestTime = Infinity;
    req.days.forEach((slot, day) => {
      let lo = 0;
      let hi = m;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((d.boardTimes[base + mid * n] as number) + slot.shift < time) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < m; j++) {
        const t = (d.boardTimes[base + j * n] as number) + slot.shift;
        if (t < time) continue;
        if (t >= bestTime) break;
        const g = tripBase + j;
        if (slot.active[d.tripService[g] as number] === 0 || (req.tripAllowed && req.tripAllowed[g] === 0)) continue;
        best = { trip: g, day, shift: slot.shift };
        bestTime = t;
        break;
      }
    });
    return best;
  }
}

function toPath(target: Label): RaptorPath {
  const legs: PathLeg[] = [];
  for (let l: Label | undefined = target; l; l = l.parent) {
    if (l.leg.kind === 'transfer' && l.leg.from === l.leg.to) continue; // a change at the same stop is not a leg
    legs.push(l.leg);
  }
  legs.reverse();
  const transit = legs.filter((l) => l.kind === 'transit');
  const first = transit[0];
  const access = legs[0];
  const departure = first && access?.kind === 'access' ? first.start - access.duration : (access?.start ?? 0);
  if (access?.kind === 'access' && first) legs[0] = { ...access, start: departure, end: first.start };
  return { departure, arrival: target.arr, transfers: transit.length - 1, legs };
}
