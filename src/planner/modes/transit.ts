/**
 * Public transport with walking access and egress: stops within a walk of each end (street
 * one-to-many where the region has a graph, flagged straight-line estimates where not), a range
 * RAPTOR search over a 2-hour departure window (or one arrive-by search), and each path drafted
 * step by step: walk, ride (agency, route, stops, shape, the day's service timetable, fare), walk.
 */
import { localDateTime } from '../common/local-time';
import { serviceClassOf, type ServiceClass } from '../costs/modes';
import { ANYONE, holdsPasses } from '../costs/concessions';
import { priceTransitLeg } from '../costs/transit';
import { emissionModeForService } from '../costs/emissions';
import type { LatLng } from '../geo/geo';
import { haversine, pathLength } from '../geo/geo';
import { transitLeg } from '../transit/itinerary';
import { serviceTimetable } from '../transit/service-timetable';
import type { RaptorPath, StopTime } from '../raptor/transit-data';
import { WALK_SPEED, type Profile } from '../street/profiles';
import type { Snap } from '../street/spatial';
import { estimateReach } from '../street/street';
import { parseDay } from '../timetable/gtfs-time';
import type { Timetable } from '../timetable/model';
import { rolledForwardFeed } from '../timetable/rolled-forward';
import type { TransitMode } from '../timetable/modes';
import { TRANSIT_MODES } from '../timetable/modes';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import type { Region } from '../region/region';
import type { TravelType } from '../journey/types';
import { walkPart, type ModeContext } from './context';
import { walkHops } from './hops';

/** The longest wait between two legs of a journey (seconds): longer, and the path is not offered. */
export const MAX_WAIT_INSIDE = 3 * 3600;
/** Departure window of the range search (seconds). */
export const TRANSIT_WINDOW = 2 * 3600;
/** Walk to or from a stop: first try 15 minutes, then 40 when nothing is that close. */
export const ACCESS_BUDGETS = [15 * 60, 40 * 60];

const TYPE_OF_CLASS: Record<ServiceClass, TravelType> = {
  bus: 'bus',
  coach: 'coach',
  rail: 'train',
  tram: 'tram',
  subway: 'subway',
  ferry: 'ferry',
  other: 'bus',
};
const TYPE_OF_MODE: Record<TransitMode, TravelType> = {
  rail: 'train',
  coach: 'coach',
  bus: 'bus',
  tram: 'tram',
  subway: 'subway',
  ferry: 'ferry',
  cable: 'tram',
  other: 'bus',
};

export interface Reached {
  stops: StopTime[];
  estimated: boolean;
}

/** How the traveller gets to the stops: walking (default), or cycling for cycle access. */
export interface AccessMode {
  profile: Profile;
  /** Time budgets tried in turn until some stop is reached (seconds). */
  budgets: readonly number[];
  /** Speed that turns a budget into a straight-line search radius (m/s). */
  speed: number;
  /** Snaps of region.stopPoints for this profile (computed once per region). */
  snaps: (region: Region) => (Snap | null)[];
}

const WALK_ACCESS: AccessMode = {
  profile: 'walk',
  budgets: ACCESS_BUDGETS,
  speed: WALK_SPEED,
  snaps: (region) => (region.stopSnaps ??= region.stopPoints.map((s) => region.street.snap(s, 'walk'))),
};

export function reachStops(region: Region, p: LatLng, reverse: boolean, mode: AccessMode = WALK_ACCESS): Reached {
  for (const budget of mode.budgets) {
    const radius = budget * mode.speed;
    const idx: number[] = [];
    region.stopPoints.forEach((s, i) => {
      if (haversine(p.lat, p.lng, s.lat, s.lng) <= radius) idx.push(i);
    });
    if (idx.length === 0) continue;
    const targets = idx.map((i) => region.stopPoints[i] as LatLng);
    let reach;
    if (region.street.graph) {
      const snaps = mode.snaps(region);
      reach = region.street.reach(p, targets, mode.profile, budget, {
        reverse,
        targetSnaps: idx.map((i) => snaps[i] ?? null),
      });
    } else reach = estimateReach(p, targets, mode.profile, budget);
    const stops: StopTime[] = [];
    idx.forEach((i, k) => {
      const d = reach.duration[k] as number;
      if (!Number.isNaN(d)) stops.push({ stop: region.stops[i] as number, duration: Math.round(d) });
    });
    if (stops.length > 0) return { stops, estimated: reach.estimated };
  }
  return { stops: [], estimated: true };
}

export function stopPoint(region: Region, s: number): NamedPoint {
  const tt = region.timetable;
  return { lat: tt.stopLat[s] as number, lng: tt.stopLon[s] as number, name: tt.stopNames[s] as string };
}

export function allowedTransitModes(blocked: ReadonlySet<TravelType>): TransitMode[] {
  return TRANSIT_MODES.filter((m) => !blocked.has(TYPE_OF_MODE[m]));
}

/** Paths by RAPTOR; `window` 0 searches the asked time alone rather than a range. */
export function transitPaths(
  ctx: ModeContext,
  access: Reached = reachStops(ctx.region, ctx.from, false),
  window = TRANSIT_WINDOW,
  egress: Reached = reachStops(ctx.region, ctx.to, true),
): RaptorPath[] {
  if (access.stops.length === 0 || egress.stops.length === 0) return [];
  const modes = allowedTransitModes(ctx.blocked);
  if (modes.length === 0) return [];
  const result = ctx.region.transit.plan({
    date: ctx.date,
    time: ctx.time,
    access: access.stops,
    egress: egress.stops,
    arriveBy: ctx.arriveBy,
    ...(ctx.arriveBy || !window ? {} : { window }),
    ...(modes.length < TRANSIT_MODES.length ? { modes } : {}),
  });
  // Journeys leaving within the window of the time asked (arriving by a time: arriving within the
  // window before it). When none do, the router answers with the first ones after the window
  // (before it, arriving by): those are offered when they are on the day asked - the 11:00 bus
  // for a traveller asking at 8:00 - but not the first bus tomorrow for a return asked at 16:30.
  const inWindow = (p: RaptorPath) =>
    ctx.arriveBy ? p.arrival >= ctx.time - TRANSIT_WINDOW : p.departure <= ctx.time + TRANSIT_WINDOW;
  const sameDay = (p: RaptorPath) => (ctx.arriveBy ? p.arrival >= 0 : p.departure < 86_400);
  const within = result.paths.filter(inWindow);
  if (within.length === 0) return result.paths.filter(sameDay);
  if (ctx.arriveBy) return within;
  // A range search's journey leaving just after the window that arrives sooner (or as soon, with no
  // more changes) than every one in it stays: it replaced those it matches (raptor/README.md, range).
  const beatsWithin = (p: RaptorPath) => !within.some((w) => w.arrival <= p.arrival && w.transfers <= p.transfers);
  return [...within, ...result.paths.filter((p) => !inWindow(p) && sameDay(p) && beatsWithin(p))];
}

/** The original dates (and main mode) of a feed whose calendar the import rolled onto current dates, else null. */
function rolledForward(tt: Timetable, feed: string): { from: string; to: string; mode: string } | null {
  const rolled = rolledForwardFeed(tt, feed);
  return rolled ? { from: rolled.from, to: rolled.to, mode: rolled.mode } : null;
}

const trainOperators = new WeakMap<Timetable, Set<number>>();

/**
 * Whether a bus replaces a train: a bus route of an agency that runs trains in the same timetable
 * (the rail feed's route_type 3 rows, "ScotRail 5178" on a Sunday). Rail tickets apply to it.
 */
function replacesRail(tt: Timetable, routeIndex: number): boolean {
  let trains = trainOperators.get(tt);
  if (!trains) {
    trains = new Set<number>();
    for (let r = 0; r < tt.routeCount; r++)
      if (serviceClassOf(tt.routeType[r] as number, '') === 'rail') trains.add(tt.routeAgency[r] as number);
    trainOperators.set(tt, trains);
  }
  return (
    serviceClassOf(tt.routeType[routeIndex] as number, '') === 'bus' && trains.has(tt.routeAgency[routeIndex] as number)
  );
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** 'HH:MM' of seconds from a midnight (past 24:00 wraps), cut to the minute as step times are. */
function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const day = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`;
}

/** What a ride on a service without departure times can say: its span at the stop, the wait to allow, the ride. */
export function frequencyStep(
  w: { first: number; last: number; allowance: number },
  rideSeconds: number,
): { first: string; last: string; allowanceMinutes: number; rideMinutes: number } {
  return {
    first: clockText(w.first),
    last: clockText(w.last),
    allowanceMinutes: Math.ceil(w.allowance / 60),
    rideMinutes: Math.max(1, Math.round(rideSeconds / 60)),
  };
}

/** A path drafted step by step; `accessPart` / `egressPart` replace the walks to the first stop and from the last. */
export function draftPath(
  ctx: ModeContext,
  path: RaptorPath,
  accessPart = walkPart,
  egressPart = walkPart,
): LegDraft | null {
  const { region } = ctx;
  const tt = region.timetable;
  // Nobody waits at a stop for hours mid-journey (overnight for the first bus): such a path is no option.
  if (path.legs.some((l, i) => i > 0 && l.start - path.legs[i - 1]!.end > MAX_WAIT_INSIDE)) return null;
  const coachOps = region.costs.fares.coach_operators.map((c) => c.agency_name);
  const parts: Part[] = [];
  let rides = 0;
  for (const l of path.legs) {
    if (l.kind === 'access') {
      parts.push(accessPart(ctx, ctx.from, stopPoint(region, l.stop), l.start, l.end));
    } else if (l.kind === 'egress') {
      parts.push(egressPart(ctx, stopPoint(region, l.stop), ctx.to, l.start, l.end));
    } else if (l.kind === 'transfer') {
      if (l.from !== l.to)
        parts.push(walkPart(ctx, stopPoint(region, l.from), stopPoint(region, l.to), l.start, l.end));
    } else {
      rides++;
      const t = transitLeg(tt, ctx.date, l.pattern, l.trip, l.boardPos, l.alightPos, l.start, l.frequency);
      const serviceDay = parseDay(t.serviceDate);
      const cls = serviceClassOf(t.route.type, t.agency.name, coachOps);
      const replacement = replacesRail(tt, tt.patternRoute[l.pattern] as number);
      const type = TYPE_OF_CLASS[cls];
      if (ctx.blocked.has(type)) return null;
      const stops = tt.patternStops.subarray(tt.patternStopStart[l.pattern], tt.patternStopStart[l.pattern + 1]);
      const passed = Array.from(stops.subarray(l.boardPos, l.alightPos + 1), (s) => tt.stopIds[s] as string);
      const fromId = passed[0] as string;
      const toId = passed[passed.length - 1] as string;
      const feed = t.route.id.includes(':') ? (t.route.id.split(':')[0] as string) : '';
      const fareLeg = {
        feed,
        agencyName: t.agency.name,
        routeId: t.route.id,
        routeType: t.route.type,
        routeShortName: t.route.shortName,
        fromStopId: fromId,
        toStopId: toId,
        fromStopName: t.from.name,
        toStopName: t.to.name,
        passedStopIds: passed,
        fromPoint: { lat: t.from.lat, lng: t.from.lon },
        toPoint: { lat: t.to.lat, lng: t.to.lon },
        departure: localDateTime(ctx.date, l.start),
        ...(replacement ? { replacesRail: true } : {}),
      };
      const fares = { fareIndexes: region.fareIndexes, data: region.costs.fares };
      const priced = priceTransitLeg(fareLeg, ctx.traveller, fares);
      // Priced twice when the traveller's passes can change it: the search's URL is shareable,
      // and anyone else who opens it sees the fare anyone pays (issue 33).
      const pricedForAnyone = holdsPasses(ctx.traveller) ? priceTransitLeg(fareLeg, ANYONE, fares) : undefined;
      const points = t.geometry.map(([lat, lng]) => ({ lat, lng }));
      const stKey = `${l.pattern}|${tt.tripDirection[l.trip]}|${serviceDay}`;
      let st = region.timetables.get(stKey);
      if (!st) {
        st = serviceTimetable(tt, l.pattern, l.trip, serviceDay);
        if (region.timetables.size > 2000) region.timetables.clear();
        region.timetables.set(stKey, st);
      }
      const named = t.route.shortName || t.route.longName;
      // A route's number where it has one ("375"); trains have none in Britain (the rail feed's
      // route names are its own ids: "5266", "Train from EDINBUR to FRTWLM"), and a route named
      // after its operator ("Ember") is called by its kind: "ScotRail train", "Ember coach".
      // A rail replacement bus's route name is the rail feed's own id too: it is called what it is.
      const kind = replacement ? 'rail replacement bus' : cls === 'rail' ? 'train' : cls === 'other' ? 'service' : cls;
      const service = cls !== 'rail' && !replacement && named && named !== t.agency.name ? named : kind;
      const emission = emissionModeForService(cls);
      const stopsText = `${t.intermediateStops.length + 1} stop${t.intermediateStops.length ? 's' : ''}`;
      const freq = t.frequency ? frequencyStep(t.frequency, t.arrival - l.start) : undefined;
      // A service without departure times says what is known, and that its times are estimates.
      const description = freq
        ? `${capitalise(kind)} ${named && named !== t.agency.name ? `${named}, ` : ''}${t.agency.name}, towards ${t.headsign}, from ${t.from.name} (stop ${t.from.stopId}) to ${t.to.name} (${stopsText}), about ${freq.rideMinutes} min; runs about ${freq.first}-${freq.last}; departure times are not in our data, allow up to ${freq.allowanceMinutes} min to wait`
        : `${t.agency.name} ${service} towards ${t.headsign}: board at ${t.from.name}, get off at ${t.to.name} (${stopsText})`;
      parts.push({
        type,
        start: l.start,
        end: t.arrival,
        from: { lat: t.from.lat, lng: t.from.lon, name: t.from.name },
        to: { lat: t.to.lat, lng: t.to.lon, name: t.to.name },
        distance: Math.round(pathLength(points)),
        points,
        directions: [],
        estimated: false,
        description,
        pricedTransit: priced,
        ...(pricedForAnyone ? { pricedForAnyone } : {}),
        emission: emission ? { mode: emission } : null,
        transit: {
          agency: t.agency,
          route: {
            short_name: t.route.shortName,
            long_name: t.route.longName,
            mode: t.route.mode,
            color: t.route.color,
          },
          headsign: t.headsign,
          trip_id: t.tripId,
          service_date: t.serviceDate,
          from_stop: { stop_id: t.from.stopId, name: t.from.name },
          to_stop: { stop_id: t.to.stopId, name: t.to.name },
          num_stops: t.intermediateStops.length + 1,
          rolled_forward: rolledForward(tt, feed),
          ...(freq
            ? {
                frequency: {
                  first: freq.first,
                  last: freq.last,
                  allowance_minutes: freq.allowanceMinutes,
                  ride_minutes: freq.rideMinutes,
                },
              }
            : {}),
        },
        timetable: {
          // Trains have no service number (see `service` above): an empty one, not the feed's id.
          Mode: st.mode,
          ServiceNumber: cls === 'rail' || replacement ? '' : st.serviceNumber,
          timetable: {
            stops: st.stops.map((s) => ({ stop_id: s.stopId, name: s.name })),
            columns: st.columns.map((c) => ({ trip_id: c.tripId, times: c.times, arrivals: c.arrivals })),
          },
          ...(st.frequency
            ? {
                frequency: st.frequency.map((w) => ({
                  first: w.first,
                  last: w.last,
                  allowance_minutes: w.allowanceMinutes,
                })),
              }
            : {}),
        },
        howTo: {
          name: t.agency.name,
          website: t.agency.url || null,
          statements: [
            { body: `Board the ${t.agency.name} ${service} towards ${t.headsign} at ${t.from.name}.` },
            ...(freq
              ? [
                  {
                    body: `Departure times are not in our data: it runs about ${freq.first}-${freq.last}; allow up to ${freq.allowanceMinutes} min to wait.`,
                  },
                ]
              : []),
            { body: `Get off at ${t.to.name}.` },
          ],
        },
        key: `${t.tripId}:${t.from.stopId}-${t.to.stopId}`,
      });
    }
  }
  if (rides === 0 || parts.length === 0) return null;
  const walked = walkHops(ctx, parts);
  const left = walked.filter((p) => p.transit).length;
  return { mode: 'transit', date: ctx.date, parts: walked, changes: Math.max(0, left - 1), taxis: [] };
}

/** Paths drafted in full (walk routes, fares, timetables) per search; the result set picks from these. */
export const MAX_DRAFTED_PATHS = 12;

/**
 * Keeps the paths worth drafting: the fastest, the fewest transfers, then the earliest arrival for
 * each departure across the window, up to `max` (range RAPTOR can return dozens in a busy city).
 */
export function prunePaths(paths: readonly RaptorPath[], max = MAX_DRAFTED_PATHS): RaptorPath[] {
  if (paths.length <= max) return [...paths];
  const keep = new Set<RaptorPath>();
  const by = (f: (p: RaptorPath) => number) =>
    [...paths].sort((a, b) => f(a) - f(b) || a.arrival - b.arrival)[0] as RaptorPath;
  keep.add(by((p) => p.arrival - p.departure));
  keep.add(by((p) => p.transfers));
  keep.add(by((p) => p.arrival));
  const rest = [...paths]
    .filter((p) => !keep.has(p))
    .sort((a, b) => a.departure - b.departure || a.arrival - b.arrival);
  const slots = max - keep.size;
  for (let i = 0; i < slots; i++) keep.add(rest[Math.floor((i * rest.length) / slots)] as RaptorPath);
  return [...keep];
}

export function planTransit(ctx: ModeContext): LegDraft[] {
  return prunePaths(transitPaths(ctx)).flatMap((p) => draftPath(ctx, p) ?? []);
}
