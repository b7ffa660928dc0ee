/**
 * Demand-responsive transport from GTFS-Flex: a ride is offered when the origin and destination
 * both fall in a flex zone (or within a short walk of a stop of a flex stop group, or of a fixed
 * stop of a scheduled-deviated trip) served, in that order, by one flex trip running on the
 * service day, inside the pickup and drop-off windows (waiting at most 30 minutes for one to
 * open), and still bookable under the feed's booking rules at `ctx.now`. The ride time is the
 * driving time (street graph, else the straight-line estimate) scaled by the feed's
 * mean_duration_factor and mean_duration_offset when it gives them; without them the time is
 * flagged estimated, since a shared ride depends on the other bookings.
 */
import type { Cost, PriceLine } from '../costs/money';
import { feedLocalId } from '../costs/gtfs-fares';
import { bookingWindow, checkBooking, localClock, noticeDescription } from '../flex/booking';
import { flexModel, nearestStop, zoneContains, type FlexCall, type FlexTrip } from '../flex/model';
import type { LatLng } from '../geo/geo';
import type { LegDraft, NamedPoint, Part } from '../journey/parts';
import { estimateRoute } from '../street/estimate';
import type { StreetRoute } from '../street/types';
import { serviceRunsOn } from '../timetable/model';
import { planCommunityTransport } from './community';
import { streetPart, streetRoute, walkPart, type ModeContext } from './context';

/** Furthest walk (straight line) to a stop of a flex stop group or a scheduled-deviated trip. */
const GROUP_STOP_WALK_M = 500;

interface Access {
  call: FlexCall;
  index: number;
  /** Where the vehicle picks up or drops off: the traveller's point in a zone, or a group's stop. */
  point: NamedPoint;
  /** Zone id or stop id for fares. */
  fareId: string;
  walk: boolean;
}

function accesses(ctx: ModeContext, trip: FlexTrip, p: NamedPoint, pickup: boolean): Access[] {
  const tt = ctx.region.timetable;
  const out: Access[] = [];
  trip.calls.forEach((call, index) => {
    if (pickup ? !call.pickup : !call.dropOff) return;
    if (call.zone && zoneContains(call.zone, p)) out.push({ call, index, point: p, fareId: call.zone.id, walk: false });
    else if (call.group || call.stop >= 0) {
      const near = nearestStop(tt, call.group ?? { stops: [call.stop] }, p, GROUP_STOP_WALK_M);
      if (near) {
        const s = near.stop;
        out.push({
          call,
          index,
          point: {
            name: tt.stopNames[s] || call.group?.name || 'the stop',
            lat: tt.stopLat[s] as number,
            lng: tt.stopLon[s] as number,
          },
          fareId: feedLocalId(tt.stopIds[s] as string, trip.feed),
          walk: true,
        });
      }
    }
  });
  return out;
}

function rideRoute(ctx: ModeContext, a: LatLng, b: LatLng): StreetRoute {
  return streetRoute(ctx, a, b, 'car') ?? estimateRoute(a, b, 'car', ctx.region.street.elevation);
}

/** Seconds of the ride: the feed's mean duration formula when given, else the driving time. */
function rideSeconds(drive: number, call: FlexCall): { seconds: number; fromFeed: boolean } {
  if (call.meanFactor === null && call.meanOffset === null) return { seconds: drive, fromFeed: false };
  return { seconds: Math.round((call.meanFactor ?? 1) * drive + (call.meanOffset ?? 0) * 60), fromFeed: true };
}

/**
 * Longest wait for a window to open (or, arriving by a time, how early a ride may arrive): a ride
 * an hour after the time asked is not an answer to the request.
 */
const MAX_WAIT_S = 30 * 60;

/** Pickup time within both windows: the earliest from `time`, or the latest arriving by it. */
function pickupTime(
  ctx: ModeContext,
  walkIn: number,
  walkOut: number,
  on: FlexCall,
  off: FlexCall,
  ride: number,
): number | null {
  if (ctx.arriveBy) {
    const arrive = Math.min(ctx.time - walkOut, off.windowEnd, on.windowEnd + ride);
    const start = arrive - ride;
    return start >= on.windowStart && arrive >= off.windowStart && ctx.time - walkOut - arrive <= MAX_WAIT_S
      ? start
      : null;
  }
  const start = Math.max(ctx.time + walkIn, on.windowStart, off.windowStart - ride);
  return start <= on.windowEnd && start + ride <= off.windowEnd && start - ctx.time - walkIn <= MAX_WAIT_S
    ? start
    : null;
}

function fare(
  ctx: ModeContext,
  trip: FlexTrip,
  on: Access,
  off: Access,
  name: string,
): { cost: Cost; line: PriceLine } {
  const index = ctx.region.fareIndexes.get(trip.feed);
  const route = trip.route >= 0 ? feedLocalId(ctx.region.timetable.routeIds[trip.route] as string, trip.feed) : '';
  if (index) {
    // Flex zones carry their Fares v1 zone_id in locations.geojson, as stops do in stops.txt.
    for (const a of [on, off])
      if (a.call.zone?.zoneId && !index.stopZone.has(a.fareId)) index.stopZone.set(a.fareId, a.call.zone.zoneId);
    const r = index.lookup({ routeId: route, fromStopId: on.fareId, toStopId: off.fareId });
    if (r.kind === 'fare' && r.currency === ctx.region.currency) {
      return {
        cost: r.amount,
        line: { description: `${name}: ${r.description} (GTFS fares)`, cost: r.amount, estimated: false },
      };
    }
  }
  return {
    cost: 'unknown',
    line: { description: `${name}: fare not published in the feed`, cost: 'unknown', estimated: false },
  };
}

/** GTFS-Flex rides, then the region's community transport ('call to arrange'). */
export function planDrt(ctx: ModeContext): LegDraft[] {
  return [...planFlex(ctx), ...planCommunityTransport(ctx)];
}

function planFlex(ctx: ModeContext): LegDraft[] {
  if (ctx.blocked.has('drt')) return [];
  const tt = ctx.region.timetable;
  const model = flexModel(tt);
  const best = new Map<number, { draft: LegDraft; at: number }>();
  // The previous service day too, for windows that run past midnight (GTFS times beyond 24:00).
  const yesterday: ModeContext = { ...ctx, date: ctx.date - 1, time: ctx.time + 86_400 };
  for (const trip of model.trips) {
    if (trip.service < 0) continue;
    const days = [ctx, yesterday].filter(
      (c) => serviceRunsOn(tt, trip.service, c.date) && (c === ctx || trip.calls.some((k) => k.windowEnd > 86_400)),
    );
    for (const day of days) {
      for (const on of accesses(day, trip, day.from, true)) {
        for (const off of accesses(day, trip, day.to, false)) {
          // A single zone row allows pickup and drop-off anywhere in it; otherwise in trip order.
          if (off.index < on.index || (on.point.lat === off.point.lat && on.point.lng === off.point.lng)) continue;
          // Stop to stop on a scheduled-deviated trip is an ordinary bus ride: the transit mode has it.
          if (on.call.stop >= 0 && off.call.stop >= 0) continue;
          const draft = ride(day, trip, on, off);
          if (!draft) continue;
          const first = (draft.parts[0] as Part).start;
          const last = (draft.parts[draft.parts.length - 1] as Part).end;
          const at = ctx.arriveBy ? -(draft.date * 86_400 + first) : draft.date * 86_400 + last;
          const prev = best.get(trip.route);
          if (!prev || at < prev.at) best.set(trip.route, { draft, at });
        }
      }
    }
  }
  return [...best.values()].map((b) => b.draft);
}

function ride(ctx: ModeContext, trip: FlexTrip, on: Access, off: Access): LegDraft | null {
  const tt = ctx.region.timetable;
  const route = rideRoute(ctx, on.point, off.point);
  const { seconds, fromFeed } = rideSeconds(route.duration, on.call);
  const walkIn = on.walk ? walkPart(ctx, ctx.from, on.point, 0, null) : null;
  const walkOut = off.walk ? walkPart(ctx, off.point, ctx.to, 0, null) : null;
  const walkInS = walkIn ? walkIn.end - walkIn.start : 0;
  const walkOutS = walkOut ? walkOut.end - walkOut.start : 0;
  const start = pickupTime(ctx, walkInS, walkOutS, on.call, off.call, seconds);
  if (start === null) return null;
  const agencyIndex = trip.route >= 0 ? (tt.routeAgency[trip.route] as number) : -1;
  const agency = tt.agencies[agencyIndex];
  const rule = on.call.pickupRule ?? off.call.dropOffRule;
  const timeZone = agency?.timezone || tt.agencies[0]?.timezone || 'UTC';
  const noticeService = rule?.noticeService ?? -1;
  const runs = noticeService >= 0 ? (day: number) => serviceRunsOn(tt, noticeService, day) : undefined;
  const pickup = { date: ctx.date, time: start };
  const booking = checkBooking(rule, pickup, localClock(ctx.now ?? new Date(), timeZone), runs);
  if (!booking.ok) return null;

  const short = trip.route >= 0 ? (tt.routeShortNames[trip.route] ?? '') : '';
  const long = trip.route >= 0 ? (tt.routeLongNames[trip.route] ?? '') : '';
  const routeName = short && long ? `${short} (${long})` : short || long;
  const name = [agency?.name, routeName].filter(Boolean).join(' ') || 'Demand-responsive service';
  const phone = rule?.phone || agency?.phone || null;
  const website = rule?.bookingUrl || rule?.infoUrl || null;
  const notice = noticeDescription(rule);
  const how = [phone ? `call ${phone}` : '', website ? `book at ${website}` : ''].filter(Boolean).join(' or ');
  const timing = fromFeed
    ? "ride time from the operator's average"
    : 'ride time estimated from the driving time; the actual time depends on other bookings';
  const description = `Demand-responsive ${name} to ${off.point.name}: ${notice}${how ? ` (${how})` : ''}; ${timing}`;
  const part: Part = {
    ...streetPart(route, 'drt', on.point, off.point, start, start + seconds, description),
    description: route.estimated ? `${description}; distance estimated from the straight line` : description,
    // The traveller does not drive: no turn-by-turn for a ride.
    directions: [],
    estimated: route.estimated || !fromFeed,
    emission: { mode: 'drt' },
    key: `drt:${trip.feed}:${trip.id}`,
    price: fare(ctx, trip, on, off, name),
    howTo: {
      name,
      website,
      statements: [
        notice,
        booking.opensLater ?? '',
        rule?.message ?? '',
        rule?.pickupMessage ?? '',
        rule?.dropOffMessage ?? '',
      ]
        .filter((s) => s !== '')
        .map((body) => ({ body })),
    },
    booking: {
      service: name,
      phone,
      website,
      how: rule?.message || null,
      notice,
      ...bookingWindow(rule, pickup, runs),
    },
  };
  const parts: Part[] = [];
  if (walkIn) parts.push(walkPart(ctx, ctx.from, on.point, start - walkInS, start));
  parts.push(part);
  if (walkOut) parts.push(walkPart(ctx, off.point, ctx.to, part.end, part.end + walkOutS));
  return { mode: 'drt', date: ctx.date, changes: 0, taxis: [], parts, drt: { name, booking_website: website, phone } };
}
