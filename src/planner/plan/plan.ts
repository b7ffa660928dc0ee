/**
 * The planner API: plan(request) -> AsyncIterable<Journey>. Validates the request (PlanError on a
 * bad one, raised by the first next()), plans the direct modes (walk, cycle, own car, taxi, car
 * club, bike hire, DRT) and public transport, judges the whole set with the result filter chain
 * (filters/README.md: a journey is only as trustworthy as the worst option beside it), then yields
 * the direct modes first and public transport after, each batch in emissions order; planAll()
 * gathers and sorts the whole set (SPEC default order: emissions). A return time plans the way back from return_time and
 * attaches it as `return`, pairing each outbound option with a return by the same mode that leaves
 * after it arrives (and after the appointment, when the request has one); when none does, the
 * journey says so (`return_unavailable`) rather than offering a way home before the traveller is there.
 */
import type { TravellerProfile } from '../costs/concessions';
import type { StreetRoute } from '../street/types';
import { planBikeHire } from '../modes/bike-hire';
import { pairCarClubHire, planCarClub } from '../modes/car-club';
import type { ModeContext, ModePlanner } from '../modes/context';
import { planCycle } from '../modes/cycle';
import { CYCLE_ACCESS_SAVING, planCycleTransit, selectCycleAccess } from '../modes/cycle-transit';
import { planDrt } from '../modes/drt';
import { planOwnCar } from '../modes/own-car';
import { planTaxi } from '../modes/taxi';
import { planTransit } from '../modes/transit';
import {
  farFromStops,
  MAX_VEHICLE_OPTIONS,
  planVehicleTransit,
  type StationVehicle,
  type VehicleTransitOptions,
} from '../modes/vehicle-transit';
import { planWalk } from '../modes/walk';
import { assembleJourney, type JourneyFigures } from '../journey/assemble';
import type { LegDraft } from '../journey/parts';
import type { Region } from '../region/region';
import {
  LESS_ACCURATE_TAG,
  PlanError,
  validateRequest,
  type LocalTime,
  type PlanRequest,
  type Validated,
} from './request';
import { selectAccessOptions, selectTransit, sortByEmissions } from '../journey/result-set';
import { noteJourneyTimeGaps } from './time-gap';
import { NO_STOPS_NEAR_END_TAG, NO_STOPS_NEAR_START_TAG } from '../../vocabulary/results';
import { filterOptions, type FilterContext, type Removal } from './filters/index';
import { distance } from '../geo/geo';
import { formatIsoDateTime } from '../common/local-time';
import type { Journey, PlaceOut, TransportMode } from '../journey/types';

export interface PlanOptions {
  regions: readonly Region[];
  /** The clock for the six-months rule and for booking notice of demand-responsive rides (default: now). */
  now?: Date;
  /** Told of every option the result filter chain removes, with the rule and the reason (the CLI's --why). */
  onRemoved?: (removal: Removal) => void;
  /** Adds the milliseconds spent in each phase of the plan here (profiling: `npm run bench -- searches --profile`). */
  phases?: Partial<Record<PlanPhase, number>>;
}

/**
 * A plan's phases: the region and request (regions), the direct modes (modes), public transport
 * with walk or cycle access (transit), a car, taxi or bike to or from a station
 * (vehicle-to-station), every way back (returns), journeys built and judged (assembly).
 */
export type PlanPhase = 'regions' | 'modes' | 'transit' | 'vehicle-to-station' | 'returns' | 'assembly';

const DIRECT_MODES: ModePlanner[] = [planWalk, planCycle, planOwnCar, planTaxi, planCarClub, planBikeHire, planDrt];

function traveller(req: PlanRequest): TravellerProfile {
  const p = req.profile ?? {};
  return {
    ...(typeof p.user_age === 'number' ? { age: p.user_age } : {}),
    hasConcessionaryPass: p.has_concessionary_pass === true,
    hasYoungScotCard: p.has_young_scot_card === true,
    hasNewYoungScotCard: p.has_new_young_scot_card === true,
    railcard: p.railcard_type ?? null,
  };
}

function context(
  v: Validated,
  req: PlanRequest,
  when: LocalTime,
  arriveBy: boolean,
  reverse: boolean,
  routes: Map<string, StreetRoute | null>,
  now: Date,
): ModeContext {
  const o = { name: req.origin.label || 'your origin', lat: req.origin.lat, lng: req.origin.lng };
  const d = { name: req.destination.label || 'your destination', lat: req.destination.lat, lng: req.destination.lng };
  return {
    region: v.region,
    from: reverse ? d : o,
    to: reverse ? o : d,
    date: when.date,
    time: when.time,
    arriveBy,
    returning: reverse,
    traveller: traveller(req),
    hasCar: req.profile?.has_access_to_car === true,
    blocked: v.blocked,
    routes,
    now,
  };
}

/**
 * Any blocked travel type in a draft rules it out (a brand's blocked types are never planned);
 * walking to and from stops is part of public transport, so a blocked 'walk' only removes
 * walking as a journey of its own.
 */
function allowed(d: LegDraft, v: Validated): boolean {
  return !d.parts.some((p) => v.blocked.has(p.type) && (p.type !== 'walk' || d.mode === 'walk'));
}

/** Tags of vehicle + transit options by the vehicle at the traveller's home end (none: a taxi at the far end only). */
const VEHICLE_TAGS: [StationVehicle | 'none', string][] = [
  ['own-car', 'park-and-ride'],
  ['taxi', 'taxi-and-ride'],
  ['cycle', 'bike-and-ride'],
  ['none', 'taxi-and-ride'],
];
const vehicleKind = new WeakMap<Journey, StationVehicle | 'none'>();
const vehicleOf = (f: JourneyFigures) => vehicleKind.get(f.journey);

/**
 * The ways back for vehicle + public transport: the free search back, and for a car or bike left
 * at a station that search did not come back to, a search back to that station.
 */
function vehicleReturns(back: ModeContext, far: VehicleTransitOptions, outbound: readonly LegDraft[]): LegDraft[] {
  const returns = planVehicleTransit(back, far);
  const done = new Set(returns.map((r) => `${r.parkedAt?.vehicle}@${r.parkedAt?.stop}`));
  for (const d of outbound) {
    const parked = d.parkedAt;
    if (!parked || parked.vehicle === 'taxi' || done.has(`${parked.vehicle}@${parked.stop}`)) continue;
    done.add(`${parked.vehicle}@${parked.stop}`);
    returns.push(...planVehicleTransit(back, { ...far, collect: { vehicle: parked.vehicle, stop: parked.stop } }));
  }
  return returns;
}

/** A return collects the car or bike at the station the outbound left it (a taxi can meet any train). */
function sameVehicleStation(out: LegDraft, back: LegDraft): boolean {
  if (!out.parkedAt) return !back.parkedAt;
  if (back.parkedAt?.vehicle !== out.parkedAt.vehicle) return false;
  return out.parkedAt.vehicle === 'taxi' || back.parkedAt.stop === out.parkedAt.stop;
}

interface ReturnOption {
  d: LegDraft;
  departure: number;
  arrival: number;
}

/** A draft's departure and arrival, seconds since the epoch on the region's clock (as assembleLeg counts them). */
function draftTimes(d: LegDraft): { departure: number; arrival: number } {
  const first = d.parts[0];
  const last = d.parts[d.parts.length - 1];
  return { departure: d.date * 86_400 + (first?.start ?? 0), arrival: d.date * 86_400 + (last?.end ?? 0) };
}

/**
 * The return paired with an outbound option: of those leaving no earlier than `earliest` (the
 * outbound's arrival, plus the appointment), the one arriving first (fewer changes on a tie).
 */
function bestReturn(returns: readonly ReturnOption[], earliest: number): LegDraft | null {
  let best: ReturnOption | null = null;
  for (const r of returns) {
    if (r.departure < earliest) continue;
    if (!best || r.arrival < best.arrival || (r.arrival === best.arrival && r.d.changes < best.d.changes)) best = r;
  }
  return best?.d ?? null;
}

/**
 * The returns moving the return time can pair with an outbound option (the health brand's early and
 * later return options choose among them): of those leaving no earlier than `earliest`, each that
 * arrives before every one leaving after it - bestReturn, from a return time at its departure, picks
 * it - by departure, as 'YYYY-MM-DDTHH:mm' on the region's clock (as the legs show them).
 */
function pairableReturns(returns: readonly ReturnOption[], earliest: number): string[] {
  const latestFirst = returns
    .filter((r) => r.departure >= earliest)
    .sort((a, b) => b.departure - a.departure || a.arrival - b.arrival || a.d.changes - b.d.changes);
  const out: string[] = [];
  let arrival = Infinity;
  for (const r of latestFirst) {
    if (r.arrival >= arrival) continue;
    arrival = r.arrival;
    out.push(formatIsoDateTime(r.d.date, Math.round(r.d.parts[0]?.start ?? 0)).slice(0, 16));
  }
  return out.reverse();
}

const clockText = (seconds: number) => {
  const s = ((seconds % 86_400) + 86_400) % 86_400;
  return `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
};

export async function* plan(req: PlanRequest, options: PlanOptions): AsyncGenerator<Journey> {
  const now = options.now ?? new Date();
  const phases = options.phases;
  const timed = <T>(phase: PlanPhase, work: () => T): T => {
    if (!phases) return work();
    const start = performance.now();
    try {
      return work();
    } finally {
      phases[phase] = (phases[phase] ?? 0) + performance.now() - start;
    }
  };
  const v = timed('regions', () => validateRequest(req, options.regions, now));
  const routes = new Map<string, StreetRoute | null>();
  const out = timed('regions', () => context(v, req, v.outbound, v.arriveBy, false, routes, now));
  const back = v.returnAt ? timed('regions', () => context(v, req, v.returnAt!, false, true, routes, now)) : null;
  const origin: PlaceOut = { label: req.origin.label, lat: req.origin.lat, lng: req.origin.lng };
  const destination: PlaceOut = { label: req.destination.label, lat: req.destination.lat, lng: req.destination.lng };
  const seen = new Set<string>();
  const appointment = Math.max(0, Math.round((req.appointment_minutes ?? 0) * 60));
  const filterContext: FilterContext = {
    origin,
    destination,
    directMetres: distance(origin, destination),
    asked: v.outbound.date * 86_400 + v.outbound.time,
    arriveBy: v.arriveBy,
    returnAsked: back !== null,
  };
  const judge = (list: JourneyFigures[]) => {
    const { kept, removed } = filterOptions(list, filterContext);
    if (options.onRemoved) for (const r of removed) options.onRemoved(r);
    return kept;
  };

  /** Vehicle + transit: each outbound paired with a return that collects the car or bike where it was left. */
  const buildVehicle = (drafts: LegDraft[], returns: LegDraft[] | null): JourneyFigures[] =>
    drafts.flatMap((d) =>
      build([d], returns && returns.filter((r) => sameVehicleStation(d, r))).map((f) => {
        vehicleKind.set(f.journey, d.parkedAt?.vehicle ?? 'none');
        return f;
      }),
    );

  const build = (drafts: LegDraft[], returns: LegDraft[] | null): JourneyFigures[] => {
    const backs = returns ? returns.filter((d) => allowed(d, v)).map((d) => ({ d, ...draftTimes(d) })) : null;
    // No way back by this mode at all: the mode is not offered for a return trip.
    if (backs && backs.length === 0) return [];
    return drafts
      .filter((d) => allowed(d, v))
      .map((d) => {
        const arrival = draftTimes(d).arrival;
        const ret = backs ? bestReturn(backs, arrival + appointment) : null;
        if (ret && d.mode === 'car-club') pairCarClubHire(v.region, d, ret);
        const f = assembleJourney(v.region, origin, destination, d, ret);
        if (backs && ret) f.journey.return_departures = pairableReturns(backs, arrival + appointment);
        noteJourneyTimeGaps(f.journey, v.outbound, v.arriveBy, v.returnAt);
        if (backs && !ret)
          f.journey.return_unavailable = appointment
            ? `No way back leaves after your appointment ends (${clockText(arrival + appointment)}): plan the return separately.`
            : `No way back leaves after this arrives (${clockText(arrival)}): plan the return separately.`;
        return f;
      });
  };

  // Direct modes: cheap, so first.
  const direct: JourneyFigures[] = [];
  for (const mode of DIRECT_MODES) {
    const there = timed('modes', () => mode(out));
    const returns = back ? timed('returns', () => mode(back)) : null;
    for (const f of timed('assembly', () => build(there, returns))) {
      f.journey.tags.push('direct');
      direct.push(f);
    }
  }

  // Public transport across the departure window: never an option that takes as long as walking
  // the whole way (free, no emissions), nor cycle access that is no quicker than cycling there.
  const walkAccess = timed('transit', () => planTransit(out));
  const quickerThan = (mode: TransportMode, by = 0) => {
    const d = direct.find((f) => f.journey.transport_mode === mode);
    return (f: JourneyFigures) => !d || f.arrival - f.departure < d.arrival - d.departure - by;
  };
  const transitBack = back ? timed('returns', () => planTransit(back)) : null;
  const transit = timed('assembly', () => selectTransit(build(walkAccess, transitBack).filter(quickerThan('walk'))));
  // Cycling to the stop: one-way trips only, chosen apart so they never push out a walking option,
  // and only when it saves a few minutes over cycling the whole way.
  // A car, taxi or bike to or from a station for an end far from any stop (or where walking to
  // the stops found nothing): chosen apart, a few per vehicle, like cycle access below.
  const far = {
    originFar: farFromStops(v.region, out.from) || transit.length === 0,
    destinationFar: farFromStops(v.region, out.to),
  };
  const runs: VehicleTransitOptions[] = [];
  if (far.originFar || far.destinationFar) runs.push(far);
  // Walking to the stops found nothing although stops are near both ends: the far end's stops may
  // have no service then (Stonehaven to Aberdeen Royal Infirmary at 08:00, whose only nearby stops
  // in our data are a night bus's), so also the walk to a station and a taxi from the far one.
  if (transit.length === 0 && !far.destinationFar) runs.push({ originFar: false, destinationFar: true });
  if (runs.length > 0) {
    const vehicle = runs.flatMap((run) => {
      const outVehicle = timed('vehicle-to-station', () => planVehicleTransit(out, run));
      const vehicleBack = back ? timed('returns', () => vehicleReturns(back, run, outVehicle)) : null;
      return timed('assembly', () => buildVehicle(outVehicle, vehicleBack).filter(quickerThan('walk')));
    });
    for (const [kind, tag] of VEHICLE_TAGS)
      transit.push(
        ...selectAccessOptions(
          vehicle.filter((f) => vehicleOf(f) === kind),
          tag,
          MAX_VEHICLE_OPTIONS,
        ),
      );
  }
  if (!back && !far.originFar) {
    const cycleDrafts = timed('transit', () => planCycleTransit(out, walkAccess));
    const cycleAccess = timed('assembly', () => build(cycleDrafts, null))
      .filter(quickerThan('walk'))
      .filter(quickerThan('cycle', CYCLE_ACCESS_SAVING));
    transit.push(...selectCycleAccess(cycleAccess));
  }
  // The whole set judged at once (filters/README.md), then the direct modes first, public transport after.
  const kept = new Set(timed('assembly', () => judge([...direct, ...transit])));
  // Nothing at all for a place outside the area: say why, rather than an empty answer.
  if (kept.size === 0 && v.outside) {
    const p = v.outside.field === 'origin' ? req.origin : req.destination;
    throw new PlanError(
      'outside_region',
      v.outside.field,
      `${p.label || `${p.lat},${p.lng}`} is outside the area this planner covers (${v.region.name}), and nothing could be planned there: choose a place inside it.`,
    );
  }
  // No public transport, and no stop in our data near an end: the data is missing there, said on every option.
  const noTransit = ![...kept].some((f) => f.journey.transport_mode === 'transit');
  const missing = noTransit
    ? [
        ...(farFromStops(v.region, out.from) ? [NO_STOPS_NEAR_START_TAG] : []),
        ...(farFromStops(v.region, out.to) ? [NO_STOPS_NEAR_END_TAG] : []),
      ]
    : [];
  for (const batch of [direct, transit])
    for (const j of sortByEmissions(batch.filter((f) => kept.has(f)).map((f) => f.journey))) {
      if (seen.has(j.id)) continue;
      seen.add(j.id);
      // Planned on the nearest region for a place outside it: said on every option (SPEC section 1).
      if (v.outside) j.tags.push(LESS_ACCURATE_TAG);
      j.tags.push(...missing);
      yield j;
    }
}

/** The whole result set, in the SPEC's default order (emissions). */
export async function planAll(req: PlanRequest, options: PlanOptions): Promise<Journey[]> {
  const all: Journey[] = [];
  for await (const j of plan(req, options)) all.push(j);
  return sortByEmissions(all);
}
