/**
 * Walk, cycle and car profiles: which OSM ways each may use, in which direction, at what speed.
 *
 * Speeds are metres per second of progress along the way. The rules follow OSM access tagging
 * (https://wiki.openstreetmap.org/wiki/Key:access) with the most specific key winning, the UK
 * defaults of https://wiki.openstreetmap.org/wiki/OSM_tags_for_routing/Access_restrictions#United_Kingdom
 * (walking and cycling allowed on trunk roads and bridleways, not on motorways) and, for cars,
 * the UK national speed limits (table below).
 */
import type { Tags } from './osm-pbf';

export const PROFILES = ['walk', 'cycle', 'car'] as const;
export type Profile = (typeof PROFILES)[number];
export const PROFILE_INDEX: Record<Profile, number> = { walk: 0, cycle: 1, car: 2 };

/** Highway classes as stored per edge (index = code). Sidewalk/crossing refine footway; ferry is route=ferry. */
export const HIGHWAY_CLASSES = [
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'pedestrian',
  'footway',
  'sidewalk',
  'crossing',
  'path',
  'cycleway',
  'bridleway',
  'steps',
  'corridor',
  'platform',
  'elevator',
  'ferry',
] as const;
export type HighwayClass = (typeof HIGHWAY_CLASSES)[number];
const CLASS_CODE = new Map<string, number>(HIGHWAY_CLASSES.map((c, i) => [c, i]));
export function classCode(c: HighwayClass): number {
  return CLASS_CODE.get(c) as number;
}

const KMH = 1 / 3.6;
const MPH = 1.609344 / 3.6;

/** Walking speed 4.8 km/h (1.33 m/s), OpenTripPlanner's default walkSpeed. */
export const WALK_SPEED = 4.8 * KMH;
/** Horizontal progress on steps: 60% of walking speed. */
export const STEPS_FACTOR = 0.6;
/** Cycling on a good surface: 15 km/h, OSRM's bicycle default_speed. */
export const CYCLE_SPEED = 15 * KMH;
/** A ferry without a duration tag: 15 km/h (about 8 knots), boarding and waits not modelled. */
export const FERRY_SPEED = 15 * KMH;

/**
 * UK national speed limits for cars (https://www.gov.uk/speed-limits): 30 mph in built-up areas
 * (street lighting), 60 mph on single carriageways, 70 mph on dual carriageways and motorways.
 * OSM's road class stands in for "built-up" (residential streets) vs open road; a trunk or primary
 * mapped as one-way carriageways counts as dual. Applies when a way has no usable maxspeed tag.
 */
export const UK_DEFAULT_LIMIT_MPH: Partial<Record<HighwayClass, number>> = {
  motorway: 70,
  motorway_link: 70,
  trunk: 60,
  trunk_link: 60,
  primary: 60,
  primary_link: 60,
  secondary: 60,
  secondary_link: 60,
  tertiary: 60,
  tertiary_link: 60,
  unclassified: 60,
  residential: 30,
  road: 30,
  living_street: 20,
  service: 20,
};

/**
 * Typical free-flow speed per class (km/h), OSRM car.lua's defaults: the car speed is
 * min(80% of the limit, this), so town streets are not driven at the limit. OSRM likewise
 * applies 0.8 to tagged maxspeeds.
 */
export const CAR_CLASS_SPEED_KMH: Partial<Record<HighwayClass, number>> = {
  motorway: 90,
  motorway_link: 45,
  trunk: 85,
  trunk_link: 40,
  primary: 65,
  primary_link: 30,
  secondary: 55,
  secondary_link: 25,
  tertiary: 40,
  tertiary_link: 20,
  unclassified: 25,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 20,
};
const CAR_LIMIT_FACTOR = 0.8;

/** Cycling speed by surface (km/h), after OSRM bicycle.lua's surface_speeds; paved surfaces ride at CYCLE_SPEED. */
export const SURFACE_SPEED_KMH: Record<string, number> = {
  paving_stones: 12,
  sett: 10,
  'cobblestone:flattened': 10,
  cobblestone: 6,
  unhewn_cobblestone: 6,
  compacted: 12,
  fine_gravel: 10,
  gravel: 8,
  pebblestone: 6,
  unpaved: 8,
  ground: 8,
  dirt: 8,
  earth: 8,
  grass: 6,
  grass_paver: 6,
  wood: 10,
  metal: 10,
  mud: 4,
  sand: 4,
  woodchips: 6,
  rock: 4,
};
/** Tracks without a surface tag, by tracktype (km/h), after OSRM's tracktype_speeds. */
const TRACKTYPE_SPEED_KMH: Record<string, number> = { grade1: 15, grade2: 12, grade3: 8, grade4: 6, grade5: 4 };

const WALK_CLASSES = new Set<HighwayClass>([
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'pedestrian',
  'footway',
  'sidewalk',
  'crossing',
  'path',
  'cycleway',
  'bridleway',
  'steps',
  'corridor',
  'platform',
  'elevator',
]);
const CYCLE_CLASSES = new Set<HighwayClass>([
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'path',
  'cycleway',
  'bridleway',
]);
/** Where a cyclist may only push (pavements and pedestrian areas are not for riding in the UK). */
const CYCLE_PUSH_CLASSES = new Set<HighwayClass>(['pedestrian', 'footway', 'sidewalk', 'crossing', 'platform']);
const CAR_CLASSES = new Set<HighwayClass>([
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
]);

const DENY = new Set([
  'no',
  'private',
  'agricultural',
  'forestry',
  'emergency',
  'military',
  'permit',
  'use_sidepath',
  'delivery',
  'psv',
  'bus',
  'disabled',
]);
const YES = new Set([
  'yes',
  'designated',
  'permissive',
  'official',
  'destination',
  'customers',
  'discouraged',
  'unknown',
]);

/** The value of the most specific access key present, e.g. ['motorcar', 'motor_vehicle', 'vehicle', 'access']. */
function accessOf(tags: Tags, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = tags[k];
    if (v !== undefined) return v.split(';')[0]?.trim();
  }
  return undefined;
}

export interface WayProfile {
  cls: HighwayClass;
  ferry: boolean;
  /** Forward / backward speed (m/s) per profile index; 0 = not allowed. */
  forward: [number, number, number];
  backward: [number, number, number];
}

function classOf(tags: Tags): HighwayClass | null {
  if (tags.route === 'ferry') return 'ferry';
  const h = tags.highway;
  if (!h) return null;
  if (h === 'footway') {
    if (tags.footway === 'sidewalk') return 'sidewalk';
    if (tags.footway === 'crossing') return 'crossing';
  }
  return CLASS_CODE.has(h) && h !== 'ferry' && h !== 'sidewalk' && h !== 'crossing' ? (h as HighwayClass) : null;
}

/** Parses maxspeed to m/s: "30 mph", "50", "50 km/h", "GB:nsl_single", "walk". Null when unusable. */
export function parseMaxspeed(value: string | undefined): number | null {
  if (!value) return null;
  let best: number | null = null;
  for (const raw of value.split(';')) {
    const v = raw.trim().toLowerCase();
    let mps: number | null = null;
    const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph)?$/.exec(v);
    if (m) mps = Number(m[1]) * (m[2] === 'mph' ? MPH : KMH);
    else if (/^(gb|uk):nsl_single$/.test(v)) mps = 60 * MPH;
    else if (/^(gb|uk):(nsl_dual|motorway)$/.test(v)) mps = 70 * MPH;
    else if (v === 'walk') mps = 5 * KMH;
    if (mps !== null && mps > 0 && (best === null || mps < best)) best = mps;
  }
  return best;
}

/** A ferry's crossing time from its duration tag ("HH:MM", "H:MM:SS" or minutes), or null. */
export function ferryDurationSeconds(tags: Tags): number | null {
  const d = tags.duration;
  if (!d) return null;
  const parts = d.split(':').map((p) => Number(p.trim()));
  if (parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  const [a = 0, b = 0, c = 0] = parts;
  const seconds = parts.length === 1 ? a * 60 : parts.length === 2 ? a * 3600 + b * 60 : a * 3600 + b * 60 + c;
  return seconds > 0 ? seconds : null;
}

const truthy = (v: string | undefined): boolean => v === 'yes' || v === 'true' || v === '1';

/** Direction restriction: 1 forward only, -1 backward only, 0 both ways, 2 not routable (reversible). */
function onewayOf(v: string | undefined, implied: boolean): number {
  if (v === undefined) return implied ? 1 : 0;
  if (truthy(v)) return 1;
  if (v === '-1' || v === 'reverse') return -1;
  if (v === 'reversible' || v === 'alternating') return 2;
  return 0;
}

/** Contraflow cycling on a one-way street: cycleway=opposite*, cycleway:left/right/both=opposite*. */
function cycleContraflow(tags: Tags): boolean {
  for (const k of ['cycleway', 'cycleway:left', 'cycleway:right', 'cycleway:both']) {
    if (tags[k]?.startsWith('opposite')) return true;
  }
  return (
    tags['oneway:bicycle'] === 'no' || tags['cycleway:left:oneway'] === 'no' || tags['cycleway:right:oneway'] === 'no'
  );
}

function cycleSurfaceSpeed(tags: Tags, cls: HighwayClass): number {
  let kmh = 15;
  const surface = tags.surface;
  const s = surface ? SURFACE_SPEED_KMH[surface] : undefined;
  if (s !== undefined) kmh = Math.min(kmh, s);
  else if (!surface && (cls === 'track' || cls === 'bridleway'))
    kmh = TRACKTYPE_SPEED_KMH[tags.tracktype ?? ''] ?? (cls === 'bridleway' ? 8 : 12);
  else if (!surface && cls === 'path') kmh = 12;
  return Math.min(CYCLE_SPEED, kmh * KMH);
}

function carSpeed(tags: Tags, cls: HighwayClass): number {
  const cap = (CAR_CLASS_SPEED_KMH[cls] ?? 20) * KMH;
  let limit = parseMaxspeed(tags.maxspeed);
  if (limit === null) {
    let mph = UK_DEFAULT_LIMIT_MPH[cls] ?? 30;
    const dual = truthy(tags.oneway) || truthy(tags.dual_carriageway);
    if (dual && (cls === 'trunk' || cls === 'primary')) mph = 70;
    limit = mph * MPH;
  }
  let speed = Math.min(CAR_LIMIT_FACTOR * limit, cap);
  const service = tags.service;
  if (cls === 'service' && (service === 'parking_aisle' || service === 'drive-through'))
    speed = Math.min(speed, 8 * KMH);
  return speed;
}

/**
 * Profile of one OSM way, or null when no profile may use it. Ferries get FERRY_SPEED here; the
 * graph builder replaces it with length / duration when the way has a duration tag.
 */
export function wayProfile(tags: Tags): WayProfile | null {
  const cls = classOf(tags);
  if (!cls) return null;
  if (tags.area === 'yes' && cls !== 'pedestrian' && cls !== 'footway' && cls !== 'platform') return null;
  const forward: [number, number, number] = [0, 0, 0];
  const backward: [number, number, number] = [0, 0, 0];
  const ferry = cls === 'ferry';
  const access = tags.access?.split(';')[0];
  const blocked = (v: string | undefined): boolean => v !== undefined && DENY.has(v);
  const motorroad = tags.motorroad === 'yes';

  // Walk: oneway only when oneway:foot says so.
  const foot = accessOf(tags, ['foot', 'access']);
  const walkClass = WALK_CLASSES.has(cls) || ferry;
  if (
    ((walkClass && !blocked(foot)) || (!walkClass && foot !== undefined && YES.has(foot) && cls !== 'motorway')) &&
    !motorroad
  ) {
    const v = ferry ? FERRY_SPEED : cls === 'steps' ? WALK_SPEED * STEPS_FACTOR : WALK_SPEED;
    const ow = onewayOf(tags['oneway:foot'], false);
    if (ow !== 2) {
      if (ow >= 0) forward[0] = v;
      if (ow <= 0) backward[0] = v;
    }
  }

  // Cycle.
  const bicycle = accessOf(tags, ['bicycle', 'vehicle', 'access']);
  const explicitBike = tags.bicycle !== undefined && YES.has(tags.bicycle);
  let cycle = 0;
  let push = false;
  if (ferry) cycle = blocked(bicycle) ? 0 : FERRY_SPEED;
  else if (motorroad || cls === 'motorway' || cls === 'motorway_link') cycle = 0;
  else if (bicycle === 'dismount') {
    cycle = WALK_SPEED;
    push = true;
  } else if (CYCLE_CLASSES.has(cls)) cycle = blocked(bicycle) ? 0 : cycleSurfaceSpeed(tags, cls);
  else if (explicitBike) cycle = cycleSurfaceSpeed(tags, cls);
  else if (CYCLE_PUSH_CLASSES.has(cls) && !blocked(tags.bicycle) && !blocked(access)) {
    cycle = WALK_SPEED;
    push = true;
  }
  if (cycle > 0) {
    const implied = tags.junction === 'roundabout' || tags.junction === 'circular';
    // Pushing along a pavement is walking; a dismount-only carriageway still runs one way.
    let ow = push && CYCLE_PUSH_CLASSES.has(cls) ? 0 : onewayOf(tags.oneway, implied);
    const bikeOneway = tags['oneway:bicycle'];
    if (bikeOneway !== undefined && bikeOneway !== 'no') ow = onewayOf(bikeOneway, false);
    else if (ow !== 0 && cycleContraflow(tags)) ow = 0;
    if (ow !== 2) {
      if (ow >= 0) forward[1] = cycle;
      if (ow <= 0) backward[1] = cycle;
    }
  }

  // Car.
  const motor = accessOf(tags, ['motorcar', 'motor_vehicle', 'vehicle', 'access']);
  let car = 0;
  if (ferry) car = motor !== undefined && YES.has(motor) && tags.motorcar !== 'no' ? FERRY_SPEED : 0;
  else if (CAR_CLASSES.has(cls) && !blocked(motor) && tags.service !== 'emergency_access' && tags.area !== 'yes')
    car = carSpeed(tags, cls);
  if (car > 0) {
    const implied =
      tags.junction === 'roundabout' || tags.junction === 'circular' || cls === 'motorway' || cls === 'motorway_link';
    const ow = onewayOf(tags.oneway, implied);
    if (ow !== 2) {
      if (ow >= 0) forward[2] = car;
      if (ow <= 0) backward[2] = car;
    }
  }

  if (forward.every((v) => v === 0) && backward.every((v) => v === 0)) return null;
  return { cls, ferry, forward, backward };
}

/** Bits of a node's effect on routing: which profiles it stops, and traffic signals. */
export const NODE_BLOCKS_WALK = 1;
export const NODE_BLOCKS_CYCLE = 2;
export const NODE_BLOCKS_CAR = 4;
export const NODE_SIGNALS = 8;

/** Barriers that stop cars but let people (and bicycles) through: modal filters and the like. */
const CAR_BARRIERS = new Set([
  'bollard',
  'block',
  'jersey_barrier',
  'chain',
  'cycle_barrier',
  'log',
  'planter',
  'debris',
  'bus_trap',
  'sump_buster',
  'motorcycle_barrier',
  'barrier_board',
  'rope',
  'hampshire_gate',
  'wedge',
]);
/** Barriers a bicycle cannot be ridden or easily wheeled through. */
const CYCLE_BARRIERS = new Set(['stile', 'turnstile', 'full-height_turnstile', 'kissing_gate', 'horse_stile']);

/**
 * Expected delay at traffic signals for cars and cycles, seconds: a junction is red about half
 * the time and a red wait averages about half a cycle (~30 s), so ~8 s per signal on average.
 */
export const SIGNAL_DELAY_S = 8;

/** Routing flags of a tagged node (barrier=*, highway=traffic_signals), 0 when it does not matter. */
export function nodeFlags(tags: Tags): number {
  let flags = 0;
  if (tags.highway === 'traffic_signals' || tags.crossing === 'traffic_signals') flags |= NODE_SIGNALS;
  const barrier = tags.barrier;
  if (!barrier) return flags;
  let walk = true;
  let cycle = !CYCLE_BARRIERS.has(barrier);
  let car = cycle && !CAR_BARRIERS.has(barrier);
  const blocked = (v: string | undefined): boolean => v !== undefined && DENY.has(v);
  const allowed = (v: string | undefined): boolean => v !== undefined && YES.has(v);
  const foot = accessOf(tags, ['foot', 'access']);
  const bike = accessOf(tags, ['bicycle', 'vehicle', 'access']);
  const motor = accessOf(tags, ['motorcar', 'motor_vehicle', 'vehicle', 'access']);
  if (blocked(foot)) walk = false;
  if (blocked(bike)) cycle = false;
  else if (allowed(tags.bicycle)) cycle = true;
  if (blocked(motor)) car = false;
  else if (allowed(tags.motorcar ?? tags.motor_vehicle)) car = true;
  if (!walk) flags |= NODE_BLOCKS_WALK;
  if (!cycle) flags |= NODE_BLOCKS_CYCLE;
  if (!car) flags |= NODE_BLOCKS_CAR;
  return flags;
}
