/**
 * What plan() is asked, and the checks that turn a bad request into a typed error with a clear
 * message (a place outside Great Britain, same origin and destination, return before outbound,
 * a date beyond six months). A place outside the region's area is planned, flagged less accurate.
 */
import { PASS_FIELDS, RAILCARDS, type PassField, type PlannerProfile } from '../../vocabulary/index';
import { distance, bboxContains, type BBox } from '../geo/geo';
import { atSea, LAND_TOLERANCE_M, type LandMask } from '../geo/land';
import { inGreatBritain } from '../places/geo';
import type { PlaceIndex } from '../places/place-index';
import { reversePlace } from '../places/reverse';
import type { TravelType } from '../journey/types';
import type { Region } from '../region/region';
import {
  compareWallClocks,
  dayAndSeconds,
  MONTHS_AHEAD,
  parseIsoLocal,
  planningWindow,
  type WallClock,
} from '../../vocabulary/time';

export interface PlaceIn {
  label: string;
  lat: number;
  lng: number;
}

/** The traveller's passes as the planner reads them (vocabulary/passes.ts); any may be left out. */
export type PlanProfile = Partial<Omit<PlannerProfile, 'user_age'>> & { user_age?: number | null };

export interface PlanRequest {
  origin: PlaceIn;
  destination: PlaceIn;
  /** ISO local date-time (the region's wall clock, Europe/London in Scotland), e.g. 2026-11-23T08:30. */
  out_time?: string;
  /** Arrive-by instead: the outbound leg is planned to arrive by arrive_time minus arrive_by_buffer. */
  arrive_time?: string;
  /** Minutes (default 30). */
  arrive_by_buffer?: number;
  return_time?: string | null;
  profile?: PlanProfile;
  /** The brand's blocked travel types: never planned. */
  blocked_travel_types?: readonly TravelType[];
  /** The regions (manifest names) the brand plans on (brand.json `regions`); absent or empty: any loaded region. */
  regions?: readonly string[];
  /** Minutes the traveller spends there before the way home (the health brand's appointment); the return leaves after. */
  appointment_minutes?: number;
}

/** Tag of a journey planned from or to a place outside the region's area (SPEC section 1: allowed but less accurate). */
export const LESS_ACCURATE_TAG = 'outside_region';

export type PlanErrorCode =
  'invalid_request' | 'outside_region' | 'same_place' | 'return_before_outbound' | 'too_far_ahead';

export class PlanError extends Error {
  constructor(
    readonly code: PlanErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PlanError';
  }
}

/** Places closer than this are the same place (metres). */
export const SAME_PLACE_METRES = 50;

export interface LocalTime {
  /** Days since 1970-01-01. */
  date: number;
  /** Seconds since that date's midnight. */
  time: number;
  wall: WallClock;
  text: string;
}

export function parseLocal(text: string, field: string): LocalTime {
  const wall = typeof text === 'string' ? parseIsoLocal(text) : null;
  if (!wall)
    throw new PlanError(
      'invalid_request',
      field,
      `${field} must be a real local date-time like 2026-11-23T08:30 (got '${text}')`,
    );
  const { day, seconds } = dayAndSeconds(wall);
  return { date: day, time: seconds, wall, text };
}

export interface Validated {
  region: Region;
  outbound: LocalTime;
  arriveBy: boolean;
  returnAt: LocalTime | null;
  blocked: Set<TravelType>;
  /** Why the journey is less accurate (origin or destination outside the region's area), else null. */
  outside: { field: 'origin' | 'destination'; message: string } | null;
}

function checkPlace(p: PlaceIn | undefined, field: string): PlaceIn {
  if (
    !p ||
    typeof p.lat !== 'number' ||
    typeof p.lng !== 'number' ||
    !Number.isFinite(p.lat) ||
    !Number.isFinite(p.lng) ||
    Math.abs(p.lat) > 90 ||
    Math.abs(p.lng) > 180
  ) {
    throw new PlanError('invalid_request', field, `${field} needs a latitude and longitude`);
  }
  return p;
}

/** The traveller's passes and age, checked so a wrong value is an error rather than a silently ignored pass. */
function checkProfile(p: PlanProfile | undefined): void {
  if (p === undefined || p === null) return;
  if (typeof p !== 'object')
    throw new PlanError('invalid_request', 'profile', "profile must be an object of the traveller's passes");
  const flags = PASS_FIELDS.filter(
    (field): field is Exclude<PassField, 'railcard_type' | 'has_railcard'> =>
      field !== 'railcard_type' && field !== 'has_railcard',
  );
  for (const key of flags) {
    if (p[key] !== undefined && typeof p[key] !== 'boolean')
      throw new PlanError('invalid_request', key, `${key} must be true or false`);
  }
  if (
    p.railcard_type !== undefined &&
    p.railcard_type !== null &&
    !(RAILCARDS as readonly string[]).includes(p.railcard_type)
  ) {
    throw new PlanError(
      'invalid_request',
      'railcard_type',
      `railcard_type must be one of ${RAILCARDS.join(', ')} (got '${String(p.railcard_type)}')`,
    );
  }
  if (
    p.user_age !== undefined &&
    p.user_age !== null &&
    !(Number.isInteger(p.user_age) && p.user_age >= 0 && p.user_age <= 130)
  ) {
    throw new PlanError(
      'invalid_request',
      'user_age',
      `user_age must be a whole number of years (got '${String(p.user_age)}')`,
    );
  }
}

/** Metres: a point farther than this from every town, village, stop and site we know is not somewhere to travel from. */
export const KNOWN_PLACE_RADIUS_M = 25_000;

/**
 * Why a point is no place to plan from or to, or null: outside Great Britain (and every loaded
 * region), in the sea (the land test against the council boundaries in the region data, geo/land.ts:
 * the Tay off Dundee is 1 km from land), or farther than KNOWN_PLACE_RADIUS_M from any town,
 * village, stop or site the place indexes know. With no place index nothing is refused for
 * distance; with no land mask covering the point, nothing for the sea. The server asks this
 * before storing a search.
 */
export function placeRefusal(
  p: PlaceIn,
  indexes: readonly PlaceIndex[],
  regions: readonly Region[] = [],
  land: readonly LandMask[] = [],
): string | null {
  const name = p.label || `${p.lat},${p.lng}`;
  if (!inGreatBritain(p.lat, p.lng) && !regions.some((r) => bboxContains(r.reach, p.lat, p.lng))) {
    return `We plan journeys in Great Britain only: ${name} is outside it.`;
  }
  const masks = [...land, ...regions.flatMap((r) => (r.costs.land ? [r.costs.land] : []))];
  if (atSea(masks, p.lat, p.lng)) {
    return `${name} is in the sea, more than ${LAND_TOLERANCE_M} m from the shore: choose a place on land.`;
  }
  const o = { siteM: KNOWN_PLACE_RADIUS_M, townM: KNOWN_PLACE_RADIUS_M };
  if (indexes.length > 0 && !indexes.some((index) => reversePlace(index, p.lat, p.lng, o) !== null)) {
    return `${name} is more than ${KNOWN_PLACE_RADIUS_M / 1000} km from any town, village or stop we know (in the sea?): choose a place on land.`;
  }
  return null;
}

/** Rough distance in degrees from a point to a box (0 inside): which region is nearest an outside origin. */
function boxDistance(box: BBox, p: PlaceIn): number {
  const dLat = Math.max(box.minLat - p.lat, 0, p.lat - box.maxLat);
  const dLng = Math.max(box.minLng - p.lng, 0, p.lng - box.maxLng) * Math.cos((p.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}

export function validateRequest(req: PlanRequest, regions: readonly Region[], now: Date): Validated {
  const origin = checkPlace(req.origin, 'origin');
  const destination = checkPlace(req.destination, 'destination');
  // The brand's own regions where it names them; an origin outside them is planned on the nearest
  // with what it has (walk, car and taxi estimates, transit from the nearest stops) and a notice.
  const named = req.regions?.length ? regions.filter((r) => req.regions!.includes(r.name)) : [];
  const candidates = named.length > 0 ? named : regions;
  const nearest = [...candidates].sort((a, b) => boxDistance(a.bounds, origin) - boxDistance(b.bounds, origin))[0];
  const region = candidates.find((r) => bboxContains(r.bounds, origin.lat, origin.lng)) ?? nearest;
  const place = (p: PlaceIn) => p.label || `${p.lat},${p.lng}`;
  if (!region)
    throw new PlanError('outside_region', 'origin', 'No region is loaded: journey planning is not available.');
  const indexes = regions.flatMap((r) => (r.places ? [r.places] : []));
  for (const [p, field] of [
    [origin, 'origin'],
    [destination, 'destination'],
  ] as const) {
    // Great Britain, or inside a loaded region's reach (test regions abroad plan as at home).
    const refusal = placeRefusal(p, indexes, regions);
    if (refusal) throw new PlanError('outside_region', field, refusal);
  }
  let outside: Validated['outside'] = null;
  if (!bboxContains(region.bounds, origin.lat, origin.lng)) {
    outside = {
      field: 'origin',
      message: `${place(origin)} is outside the area we cover (${region.name}): this journey is planned with what that area has, so it is less accurate.`,
    };
  } else if (!bboxContains(region.reach, destination.lat, destination.lng)) {
    outside = {
      field: 'destination',
      message: `${place(destination)} is beyond what the ${region.name} region's timetables and maps cover: this journey is less accurate.`,
    };
  }
  if (distance(origin, destination) < SAME_PLACE_METRES) {
    throw new PlanError(
      'same_place',
      'destination',
      'The origin and destination are the same place: choose a different destination.',
    );
  }
  checkProfile(req.profile);
  const appointment = req.appointment_minutes;
  if (appointment !== undefined && !(Number.isInteger(appointment) && appointment >= 0 && appointment <= 24 * 60))
    throw new PlanError(
      'invalid_request',
      'appointment_minutes',
      `appointment_minutes must be a whole number of minutes up to a day (got '${String(appointment)}')`,
    );
  const whenText = req.arrive_time ?? req.out_time;
  if (!whenText)
    throw new PlanError(
      'invalid_request',
      'out_time',
      'Give an outbound time (out_time) or an arrival time (arrive_time).',
    );
  const arriveBy = req.arrive_time !== undefined && req.arrive_time !== null;
  const parsed = parseLocal(whenText, arriveBy ? 'arrive_time' : 'out_time');
  const buffer = (req.arrive_by_buffer ?? 30) * 60;
  const outbound = arriveBy ? { ...parsed, time: parsed.time - buffer } : parsed;
  // The six-month rule on the London clock, the same rule the form and the API apply.
  const latest = planningWindow(now).latest;
  if (compareWallClocks(parsed.wall, latest) > 0) {
    throw new PlanError(
      'too_far_ahead',
      arriveBy ? 'arrive_time' : 'out_time',
      `Journeys can be planned at most ${MONTHS_AHEAD} months ahead: ${whenText} is later than that.`,
    );
  }
  let returnAt: LocalTime | null = null;
  if (req.return_time) {
    returnAt = parseLocal(req.return_time, 'return_time');
    if (returnAt.date * 86_400 + returnAt.time <= parsed.date * 86_400 + parsed.time) {
      throw new PlanError(
        'return_before_outbound',
        'return_time',
        `The return time (${req.return_time}) must be after the outbound time (${whenText}).`,
      );
    }
    if (compareWallClocks(returnAt.wall, latest) > 0)
      throw new PlanError(
        'too_far_ahead',
        'return_time',
        `Journeys can be planned at most ${MONTHS_AHEAD} months ahead: the return ${req.return_time} is later than that.`,
      );
  }
  return { region, outbound, arriveBy, returnAt, blocked: new Set(req.blocked_travel_types ?? []), outside };
}
