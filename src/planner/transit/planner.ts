/**
 * Timetable queries: turns a date, places and options into router requests
 * (day slots, filters, forward or reverse view) and router paths back into
 * forward-time paths. Holds the router buffers, so reuse one Planner per timetable.
 */
import { McRaptor, type CostModel } from '../raptor/mc-raptor';
import { paretoFilter } from '../raptor/departures';
import { settle } from '../raptor/frequency';
import { Raptor } from '../raptor/raptor';
import type { DaySlot, PathLeg, RaptorPath, RaptorRequest, StopTime, TransitData } from '../raptor/transit-data';
import { formatDay } from '../timetable/gtfs-time';
import { serviceRunsOn, tripTimeBase, type Timetable } from '../timetable/model';
import { modeOfRouteType, type TransitMode } from '../timetable/modes';
import { serviceDayStart } from '../common/local-time';
import { forwardView, reverseTrip, reverseView } from './transit-view';

export interface PlanOptions {
  /** Days since 1970-01-01 (local service date). */
  date: number;
  /**
   * Seconds on that service day (from its midnight; from noon minus 12 hours on the days clocks
   * change, see serviceSeconds): earliest departure, or latest arrival when arriveBy.
   */
  time: number;
  access: StopTime[];
  egress: StopTime[];
  arriveBy?: boolean;
  /** Seconds of departure window for a range search (depart-at only). */
  window?: number;
  /** Range searches run once per this many seconds of window (default 60; 1 = at every departure). */
  rangeStep?: number;
  maxTransfers?: number;
  wheelchair?: boolean;
  /** When given, only these modes are used. */
  modes?: readonly TransitMode[];
  /** McRAPTOR: Pareto set over arrival, transfers and walking time (plus cost when a model is given). */
  multiCriteria?: boolean;
  costModel?: CostModel;
}

export interface PlanResult {
  /** Pareto-optimal paths in forward time, sorted by departure. */
  paths: RaptorPath[];
  /** Why there may be nothing to show (for example an expired feed). */
  notices: string[];
}

export const DEFAULT_MAX_TRANSFERS = 8;

/** A direction's router data and the routers (with their reusable buffers) over it. */
interface View {
  data: TransitData;
  raptor: Raptor;
  mc?: McRaptor;
  mcCost?: CostModel | undefined;
}

export class Planner {
  private fwd?: View;
  private rev?: View;
  private readonly slotCache = new Map<number, DaySlot[]>();
  private wheelchairTrips?: Uint8Array;
  /** Latest service day a trip still running today may have started on (trips past 24:00, 48:00...). */
  private readonly daysBack: number;

  /** Whether any trip is frequency-based (then paths are settled: settleFrequencies). */
  private readonly hasFrequencies: boolean;

  constructor(readonly tt: Timetable) {
    this.hasFrequencies = tt.tripSpan?.some((x) => x >= 0) ?? false;
    let max = 0;
    for (const t of tt.arrivals) if (t > max) max = t;
    // A frequency window's last trip runs its span after the times stored (its first's).
    if (this.hasFrequencies) {
      for (let p = 0; p < tt.patternCount; p++) {
        const n = (tt.patternStopStart[p + 1] as number) - (tt.patternStopStart[p] as number);
        for (let t = tt.patternTripStart[p] as number; t < (tt.patternTripStart[p + 1] as number); t++) {
          const end = (tt.arrivals[tripTimeBase(tt, p, t) + n - 1] as number) + Math.max(0, tt.tripSpan?.[t] ?? 0);
          if (end > max) max = end;
        }
      }
    }
    this.daysBack = Math.floor(max / 86_400);
  }

  plan(o: PlanOptions): PlanResult {
    const notices = this.coverageNotices(o.date);
    const reverse = o.arriveBy === true;
    const view = reverse
      ? (this.rev ??= this.make(reverseView(this.tt)))
      : (this.fwd ??= this.make(forwardView(this.tt)));
    const slots = this.daySlots(o.date, reverse);
    const tripAllowed = o.wheelchair ? this.wheelchairFilter(reverse) : undefined;
    const patternAllowed = o.modes ? this.modeFilter(o.modes) : undefined;
    const request = {
      access: reverse ? o.egress : o.access,
      egress: reverse ? o.access : o.egress,
      departure: reverse ? -o.time : o.time,
      ...(!reverse && o.window ? { departureEnd: o.time + o.window } : {}),
      ...(o.rangeStep ? { rangeStep: o.rangeStep } : {}),
      days: slots,
      maxTransfers: o.maxTransfers ?? DEFAULT_MAX_TRANSFERS,
      ...(tripAllowed ? { tripAllowed } : {}),
      ...(patternAllowed ? { patternAllowed } : {}),
    };
    const found = o.multiCriteria ? this.multiCriteria(view, request, o.costModel) : view.raptor.search(request);
    const paths = reverse ? found.map((p) => this.unreverse(p)).sort((a, b) => a.departure - b.departure) : found;
    return { paths: this.settleFrequencies(paths, o.date, reverse, o.multiCriteria !== true), notices };
  }

  /**
   * Paths that ride frequency patterns, told forwards by the waiting rule and leaving as late as they
   * can (raptor/frequency.ts settle). A ride on such patterns alone is the same at every moment of the
   * window: only its first (arrive-by: its last) is kept; paths with a timetabled ride stay one per ride.
   */
  private settleFrequencies(paths: RaptorPath[], date: number, reverse: boolean, pareto: boolean): RaptorPath[] {
    if (!this.hasFrequencies) return paths;
    const fwd = (this.fwd ??= this.make(forwardView(this.tt)));
    const days = this.daySlots(date, false);
    const settled = paths.map((p) => settle(fwd.data, days, p));
    const kept = new Map<string, RaptorPath>();
    const out: RaptorPath[] = [];
    for (const p of settled) {
      const timetabled = p.legs.some((l) => l.kind === 'transit' && !l.frequency);
      if (timetabled) {
        out.push(p);
        continue;
      }
      const shape = p.legs
        .map((l) =>
          l.kind === 'transit'
            ? `${l.pattern}:${l.boardPos}-${l.alightPos}`
            : l.kind === 'transfer'
              ? `${l.from}>${l.to}`
              : l.kind,
        )
        .join('|');
      const seen = kept.get(shape);
      if (!seen || (reverse ? p.arrival > seen.arrival : p.departure < seen.departure)) kept.set(shape, p);
    }
    const all = [...out, ...kept.values()];
    // McRAPTOR's set is Pareto-optimal over walking and cost too: only range results are filtered again.
    return pareto ? paretoFilter(all) : all.sort((a, b) => a.departure - b.departure);
  }

  /**
   * Service days a search on `date` may use: earlier days whose trips run past midnight (and the
   * day before, for arrive-by searches that start the evening before), the day itself and the next.
   * Each is shifted by the time between its start and `date`'s: whole days, but 23 or 25 hours
   * across a clock change in the timetable's time zone.
   */
  daySlots(date: number, reverse = false): DaySlot[] {
    const key = reverse ? -date - 1 : date;
    const cached = this.slotCache.get(key);
    if (cached) return cached;
    const slots: DaySlot[] = [];
    for (let d = -this.daysBack - 1; d <= 1; d++) {
      const active = new Uint8Array(this.tt.serviceIds.length);
      let any = false;
      for (let s = 0; s < active.length; s++) {
        if (serviceRunsOn(this.tt, s, date + d)) {
          active[s] = 1;
          any = true;
        }
      }
      const shift = this.tt.timezone
        ? serviceDayStart(date + d, this.tt.timezone) - serviceDayStart(date, this.tt.timezone)
        : d * 86_400;
      if (any) slots.push({ shift: reverse ? -shift : shift, active });
    }
    if (this.slotCache.size > 16) this.slotCache.clear();
    this.slotCache.set(key, slots);
    return slots;
  }

  /** McRAPTOR from one departure time; without a cost model, seeded with plain RAPTOR's journeys to prune early. */
  private multiCriteria(view: View, request: RaptorRequest, costModel?: CostModel): RaptorPath[] {
    const single: RaptorRequest = { ...request };
    delete single.departureEnd;
    if (!view.mc || view.mcCost !== costModel) {
      view.mc = new McRaptor(view.data, costModel, view.raptor.bounds());
      view.mcCost = costModel;
    }
    return view.mc.search(single, costModel ? [] : view.raptor.search(single));
  }

  private make(data: TransitData): View {
    return { data, raptor: new Raptor(data) };
  }

  private coverageNotices(date: number): string[] {
    const covering = this.tt.feeds.filter((f) => date >= f.firstDay && date <= f.lastDay);
    if (covering.length > 0) return [];
    return [
      `No timetable covers ${formatDay(date)}: ` +
        this.tt.feeds
          .map(
            (f) =>
              `${f.name} runs ${formatDay(f.firstDay)} to ${formatDay(f.lastDay)}${f.lastDay < date ? ' (expired; import it with roll-forward to show it on current dates)' : ''}`,
          )
          .join('; '),
    ];
  }

  private wheelchairFilter(reverse: boolean): Uint8Array {
    if (!this.wheelchairTrips) {
      this.wheelchairTrips = new Uint8Array(this.tt.tripCount);
      for (let t = 0; t < this.tt.tripCount; t++) this.wheelchairTrips[t] = this.tt.tripWheelchair[t] === 1 ? 1 : 0;
    }
    if (!reverse) return this.wheelchairTrips;
    const out = new Uint8Array(this.tt.tripCount);
    for (let p = 0; p < this.tt.patternCount; p++) {
      for (let t = this.tt.patternTripStart[p] as number; t < (this.tt.patternTripStart[p + 1] as number); t++)
        out[reverseTrip(this.tt, p, t)] = this.wheelchairTrips[t] as number;
    }
    return out;
  }

  private modeFilter(modes: readonly TransitMode[]): Uint8Array {
    const allowed = new Uint8Array(this.tt.patternCount);
    for (let p = 0; p < this.tt.patternCount; p++) {
      allowed[p] = modes.includes(modeOfRouteType(this.tt.routeType[this.tt.patternRoute[p] as number] as number))
        ? 1
        : 0;
    }
    return allowed;
  }

  /** A path found in the reversed view, told forwards. */
  private unreverse(p: RaptorPath): RaptorPath {
    const tt = this.tt;
    const legs: PathLeg[] = p.legs
      .slice()
      .reverse()
      .map((l): PathLeg => {
        switch (l.kind) {
          case 'access':
            return { kind: 'egress', stop: l.stop, duration: l.duration, start: -l.end, end: -l.start };
          case 'egress':
            return { kind: 'access', stop: l.stop, duration: l.duration, start: -l.end, end: -l.start };
          case 'transfer':
            return { kind: 'transfer', from: l.to, to: l.from, duration: l.duration, start: -l.end, end: -l.start };
          case 'transit': {
            const n = (tt.patternStopStart[l.pattern + 1] as number) - (tt.patternStopStart[l.pattern] as number);
            return {
              ...l,
              trip: reverseTrip(tt, l.pattern, l.trip),
              boardPos: n - 1 - l.alightPos,
              alightPos: n - 1 - l.boardPos,
              start: -l.end,
              end: -l.start,
            };
          }
        }
      });
    // Backwards, a leg stayed seated onto the trip before it; forwards, the trip after it was stayed on for.
    const transit = legs.filter((l) => l.kind === 'transit');
    const seated = transit.map((l) => l.staySeated === true);
    transit.forEach((l, i) => {
      delete l.staySeated;
      if (i > 0 && seated[i - 1]) l.staySeated = true;
    });
    return { departure: -p.arrival, arrival: -p.departure, transfers: p.transfers, legs };
  }
}
