/**
 * Public transport with a vehicle at one end, for places far from any stop: drive and park
 * (park and ride), be dropped by taxi (kiss and ride), or cycle and leave the bike (bike and
 * ride) at a station, then ride; or the same in reverse at the far end.
 *
 * When it is offered (plan/plan.ts):
 *  - an end is "far" when no stop lies within a 15-minute walk (straight line), or when walking
 *    to the stops found no public transport journey at all;
 *  - at the traveller's home end (the origin going out, the origin again coming back): own car
 *    (only with has_access_to_car), taxi or cycle; at the other end only a taxi (the car or bike is
 *    not there). A brand's blocked travel types remove the vehicle (the council brand blocks
 *    taxi, own car and cycle: then none of these);
 *  - stations: the nearest stops served by rail or coach within the vehicle's time budget, plus
 *    the nearest few stops of any kind (the main-road bus). Car and taxi 40 minutes, cycle 30;
 *  - one search at the asked time per vehicle (not the 2-hour range: the vehicle sets the pace).
 * Each vehicle part is priced (own car per mile, taxi on the originating council's tariff), timed
 * by the street graph or a flagged straight-line estimate, and carries its emissions; the time to
 * park, get out of the taxi or lock the bike is an allowance stated in the step.
 */
import { haversine } from '../geo/geo';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import type { Region } from '../region/region';
import type { TravelType } from '../journey/types';
import { CYCLE_SPEED, WALK_SPEED, type Profile } from '../street/profiles';
import { estimateReach } from '../street/street';
import type { RaptorPath, StopTime } from '../raptor/transit-data';
import { streetPart, streetRoute, walkPart, type ModeContext } from './context';
import { ownCarPart } from './own-car';
import { taxiPart } from './taxi';
import { ACCESS_BUDGETS, draftPath, prunePaths, reachStops, transitPaths, type Reached } from './transit';
import { serviceClassOf } from '../costs/modes';
import { isFrequencyTrip } from '../timetable/model';
import { taxiRanksNear } from '../places/taxi-ranks';

export type StationVehicle = 'own-car' | 'taxi' | 'cycle';

interface VehicleRule {
  profile: Profile;
  /** Most time spent in the vehicle to reach a station (seconds). */
  budget: number;
  /** Fastest straight-line speed assumed when picking candidate stations (m/s). */
  searchSpeed: number;
  /** Time to park / get out / lock the bike and reach the platform (seconds), stated in the step. */
  allowance: number;
  allowanceText: string;
}

export const VEHICLE_RULES: Record<StationVehicle, VehicleRule> = {
  'own-car': {
    profile: 'car',
    budget: 40 * 60,
    searchSpeed: 25,
    allowance: 5 * 60,
    allowanceText: 'allow 5 mins to park and reach the platform; parking charges not included',
  },
  taxi: {
    profile: 'car',
    budget: 40 * 60,
    searchSpeed: 25,
    allowance: 2 * 60,
    allowanceText: 'allow 2 mins to reach the platform',
  },
  cycle: {
    profile: 'cycle',
    budget: 30 * 60,
    searchSpeed: CYCLE_SPEED,
    allowance: 3 * 60,
    allowanceText: 'allow 3 mins to lock your bike and reach the platform',
  },
};

/** Stations (rail or coach) and stops of any kind tried per vehicle search, nearest first. */
const MAX_STATIONS = 5;
const MAX_ANY_STOPS = 2;
/** Paths drafted per vehicle search, and options kept per vehicle. */
const MAX_VEHICLE_PATHS = 4;
export const MAX_VEHICLE_OPTIONS = 2;

/** No stop within a 15-minute walk (straight line): far enough that walking to transit is no answer. */
export function farFromStops(region: Region, p: { lat: number; lng: number }): boolean {
  const radius = (ACCESS_BUDGETS[0] as number) * WALK_SPEED;
  return !region.stopPoints.some((s) => haversine(p.lat, p.lng, s.lat, s.lng) <= radius);
}

const hubCache = new WeakMap<Region, Uint8Array>();

/**
 * Per region.stopPoints index: 1 when rail or coach calls there with departure times (a coach known
 * only by its route pattern, without times, is no station to drive to and wait at).
 */
function hubs(region: Region): Uint8Array {
  let out = hubCache.get(region);
  if (out) return out;
  const tt = region.timetable;
  const coachOps = region.costs.fares.coach_operators.map((c) => c.agency_name);
  const hubStop = new Uint8Array(tt.stopCount);
  for (let p = 0; p < tt.patternCount; p++) {
    const route = tt.patternRoute[p] as number;
    const cls = serviceClassOf(
      tt.routeType[route] as number,
      tt.agencies[tt.routeAgency[route] as number]?.name ?? '',
      coachOps,
    );
    if (cls !== 'rail' && cls !== 'coach') continue;
    const firstTrip = tt.patternTripStart[p] as number;
    if (firstTrip < (tt.patternTripStart[p + 1] as number) && isFrequencyTrip(tt, firstTrip)) continue;
    for (let i = tt.patternStopStart[p] as number; i < (tt.patternStopStart[p + 1] as number); i++)
      hubStop[tt.patternStops[i] as number] = 1;
  }
  out = Uint8Array.from(region.stops, (s) => hubStop[s] as number);
  hubCache.set(region, out);
  return out;
}

/** Stops the vehicle reaches from (reverse: to) `p` within its budget, each with the allowance added. */
export function vehicleReach(
  region: Region,
  p: { lat: number; lng: number },
  reverse: boolean,
  vehicle: StationVehicle,
): Reached {
  const rule = VEHICLE_RULES[vehicle];
  const radius = rule.budget * rule.searchSpeed;
  const hub = hubs(region);
  const near: { i: number; d: number }[] = [];
  region.stopPoints.forEach((s, i) => {
    const d = haversine(p.lat, p.lng, s.lat, s.lng);
    if (d <= radius) near.push({ i, d });
  });
  near.sort((a, b) => a.d - b.d);
  const picked = [
    ...near.filter((n) => hub[n.i]).slice(0, MAX_STATIONS),
    ...near.filter((n) => !hub[n.i]).slice(0, MAX_ANY_STOPS),
  ];
  if (picked.length === 0) return { stops: [], estimated: true };
  const targets = picked.map((n) => region.stopPoints[n.i] as { lat: number; lng: number });
  const reach = region.street.graph
    ? region.street.reach(p, targets, rule.profile, rule.budget, { reverse })
    : estimateReach(p, targets, rule.profile, rule.budget);
  const stops: StopTime[] = [];
  picked.forEach((n, k) => {
    const d = reach.duration[k] as number;
    if (!Number.isNaN(d)) stops.push({ stop: region.stops[n.i] as number, duration: Math.round(d) + rule.allowance });
  });
  return { stops, estimated: reach.estimated };
}

const TRAVEL_TYPE: Record<StationVehicle, TravelType> = { 'own-car': 'own-car', taxi: 'taxi', cycle: 'cycle' };

/** The vehicle part between a place and a station; `toStation` says which way. Null when the vehicle cannot make it. */
function vehiclePart(
  ctx: ModeContext,
  vehicle: StationVehicle,
  from: NamedPoint,
  to: NamedPoint,
  start: number,
  toStation: boolean,
  taxis: LegDraft['taxis'],
): Part | null {
  const rule = VEHICLE_RULES[vehicle];
  const r = streetRoute(ctx, from, to, rule.profile);
  if (!r) return null;
  const station = toStation ? to.name : from.name;
  if (vehicle === 'taxi') {
    const text = toStation ? `Taxi to ${station} (${rule.allowanceText})` : `Taxi from ${station} to ${to.name}`;
    const { part, operators } = taxiPart(ctx, r, from, to, start, text);
    taxis.push(...operators.filter((o) => !taxis.some((t) => t.name === o.name)));
    return part;
  }
  if (vehicle === 'own-car') {
    const text = toStation
      ? `Drive to ${station} and park (${rule.allowanceText})`
      : `Walk back to your car at ${station} and drive to ${to.name}`;
    return ownCarPart(ctx, r, from, to, start, text);
  }
  const text = toStation
    ? `Cycle to ${station} and leave your bike there (${rule.allowanceText})`
    : `Collect your bike at ${station} and cycle to ${to.name}`;
  const part = streetPart(r, 'cycle', from, to, start, start + r.duration, text);
  part.emission = { mode: 'cycle' };
  return part;
}

/** Which vehicles may serve the home end and the far end for this traveller and brand. */
export function vehiclesFor(ctx: ModeContext): { home: StationVehicle[]; away: StationVehicle[] } {
  const ok = (v: StationVehicle) => !ctx.blocked.has(TRAVEL_TYPE[v]) && (v !== 'own-car' || ctx.hasCar);
  return { home: (['own-car', 'taxi', 'cycle'] as const).filter(ok), away: ok('taxi') ? ['taxi'] : [] };
}

export interface VehicleTransitOptions {
  /** The traveller's origin (home end) is far from stops; the same for the destination. Both ways of a return share these. */
  originFar: boolean;
  destinationFar: boolean;
  /**
   * Only this vehicle, collected at this stop (the traveller's home end): the way back to a car or
   * bike left at a station, when the free search back found other stations.
   */
  collect?: { vehicle: StationVehicle; stop: number };
}

/**
 * Vehicle + public transport drafts, one search per home-end vehicle (and one with a taxi at the
 * far end only). Each draft records the vehicle and the station at the traveller's home end in
 * `parkedAt`, so a return can be paired with one that collects the car or bike there.
 */
export function planVehicleTransit(ctx: ModeContext, o: VehicleTransitOptions): LegDraft[] {
  const { home, away } = vehiclesFor(ctx);
  // The home end is the traveller's origin: ctx.from going out, ctx.to coming back (ctx.returning).
  const homeFar = o.originFar;
  const awayFar = o.destinationFar;
  const homeChoices: (StationVehicle | null)[] = o.collect
    ? home.filter((v) => v === o.collect!.vehicle)
    : homeFar
      ? home
      : [];
  const awayChoice: StationVehicle | null = awayFar ? (away[0] ?? null) : null;
  if (awayChoice && !homeFar) homeChoices.push(null);
  const out: LegDraft[] = [];
  for (const homeVehicle of homeChoices) {
    const fromVehicle = ctx.returning ? awayChoice : homeVehicle;
    const toVehicle = ctx.returning ? homeVehicle : awayChoice;
    if (!fromVehicle && !toVehicle) continue;
    const only = (r: ReturnType<typeof vehicleReach>, home: boolean) =>
      o.collect && home ? { ...r, stops: r.stops.filter((s) => s.stop === o.collect!.stop) } : r;
    const access = fromVehicle
      ? only(vehicleReach(ctx.region, ctx.from, false, fromVehicle), !ctx.returning)
      : reachStops(ctx.region, ctx.from, false);
    const egress = toVehicle
      ? only(vehicleReach(ctx.region, ctx.to, true, toVehicle), ctx.returning)
      : reachStops(ctx.region, ctx.to, true);
    if (access.stops.length === 0 || egress.stops.length === 0) continue;
    const paths = prunePaths(transitPaths(ctx, access, 0, egress), MAX_VEHICLE_PATHS);
    for (const path of paths) {
      const d = draftVehiclePath(ctx, path, fromVehicle, toVehicle);
      if (!d) continue;
      if (homeVehicle) {
        const leg = ctx.returning ? path.legs[path.legs.length - 1] : path.legs[0];
        if (leg && (leg.kind === 'access' || leg.kind === 'egress'))
          d.parkedAt = { vehicle: homeVehicle, stop: leg.stop };
      }
      out.push(d);
    }
  }
  return out;
}

function draftVehiclePath(
  ctx: ModeContext,
  path: RaptorPath,
  fromVehicle: StationVehicle | null,
  toVehicle: StationVehicle | null,
): LegDraft | null {
  const taxis: LegDraft['taxis'] = [];
  let failed = false;
  const access = (c: ModeContext, from: NamedPoint, to: NamedPoint, start: number, end: number | null): Part => {
    if (!fromVehicle) return walkPart(c, from, to, start, end);
    const part = vehiclePart(c, fromVehicle, from, to, start, true, taxis);
    if (!part) failed = true;
    return part ?? walkPart(c, from, to, start, end);
  };
  const egress = (c: ModeContext, from: NamedPoint, to: NamedPoint, start: number, end: number | null): Part => {
    if (!toVehicle) return walkPart(c, from, to, start, end);
    const part = vehiclePart(c, toVehicle, from, to, start + VEHICLE_RULES[toVehicle].allowance, false, taxis);
    if (!part) failed = true;
    return part ?? walkPart(c, from, to, start, end);
  };
  const d = draftPath(ctx, path, access, egress);
  if (!d || failed) return null;
  d.taxis = taxis;
  const taxi = d.parts.find((x) => x.type === 'taxi');
  if (taxi) d.taxiRanks = taxiRanksNear(ctx.region.places, taxi.from.lat, taxi.from.lng);
  return d;
}
