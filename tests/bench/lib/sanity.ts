/**
 * The journey-sanity suite (issue 27): seeded random searches across the loaded regions - towns,
 * villages, postcodes, stations and hospitals from the regions' own place indexes - leave-at and
 * return, with and without a car, each planned as one of the brands plans it (its blocked travel
 * types, its regions, the health brand's appointment), and every journey checked against
 * invariants a traveller would take for granted. Shared by `npm run bench -- sanity` (>= 500
 * searches) and tests/planner/plan/plan-sanity.test.ts (a small sample, kept at 0 violations).
 *
 * The checks are written here, apart from the planner's own filters (src/planner/plan/filters), so
 * a filter that stops working shows up as a count.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { councilAt } from '../../../src/planner/geo/council-areas';
import { distance } from '../../../src/planner/geo/geo';
import { PlanError, type PlanRequest } from '../../../src/planner/plan/request';
import { planAll } from '../../../src/planner/plan/plan';
import type { Region } from '../../../src/planner/region/region';
import type { Journey, Leg, TravelType } from '../../../src/planner/journey/types';
import { PLACE_TYPES } from '../../../src/vocabulary/index';
import { REPO_ROOT } from '../../../src/planner/region/load-node';
import { seeded } from './figures';

export const INVARIANTS = {
  steps_in_order: 'steps in time order',
  return_after_arrival: 'return leaves after arrival (+ appointment on health)',
  detour: 'chained step distance <= 2x direct beyond 3 km',
  dominated: 'not dominated by another option',
  prices_add_up: 'step prices add to the total',
  wait_over_3h: 'no wait over 3 hours inside a journey',
  late_departure: 'no public transport 2 h+ after the time asked when one near it exists',
  no_result: 'every search returns a journey or a clear empty state',
} as const;
export type Invariant = keyof typeof INVARIANTS;

export const WAIT_LIMIT_S = 3 * 3600;
/** Public transport leaving this long after the time asked is late when another leaves within the hour. */
export const LATE_LIMIT_S = 2 * 3600;
/** Beyond this direct distance a journey's steps may add up to at most DETOUR_LIMIT times it. */
export const DETOUR_FROM_M = 3000;
export const DETOUR_LIMIT = 2;
/** Health brand: the Attend Appointment card's default length (SPEC section 9). */
export const APPOINTMENT_S = 60 * 60;

export interface BrandCase {
  key: string;
  blocked: TravelType[];
  regions: string[];
  appointment: boolean;
}

export interface Place {
  label: string;
  lat: number;
  lng: number;
  kind: string;
}

export interface SanityCase {
  brand: BrandCase;
  region: string;
  origin: Place;
  destination: Place;
  out: string;
  back: string | null;
  car: boolean;
}

export interface Violation {
  invariant: Invariant;
  case: SanityCase;
  journey: string | null;
  detail: string;
}

/** Every brand folder, as the server reads it: its blocked types, its regions, whether it has the appointment step. */
export function readBrands(): BrandCase[] {
  const dir = join(REPO_ROOT, 'brands');
  const defaults = JSON.parse(readFileSync(join(dir, 'default.json'), 'utf8')) as Record<string, unknown>;
  const out: BrandCase[] = [];
  for (const key of readdirSync(dir).sort()) {
    const file = join(dir, key, 'brand.json');
    if (!existsSync(file)) continue;
    const b = { ...defaults, ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) };
    out.push({
      key,
      blocked: (b.blockedTravelTypes as TravelType[] | undefined) ?? [],
      regions: (b.regions as string[] | undefined) ?? [],
      appointment: (b.health as { appointmentStep?: boolean } | undefined)?.appointmentStep === true,
    });
  }
  return out;
}

const KINDS = ['town', 'village', 'postcode', 'station', 'hospital'] as const;

/** A region's places of each kind that lie inside one of its own council areas. */
function placesOf(region: Region): Map<string, Place[]> {
  const byKind = new Map<string, Place[]>(KINDS.map((k) => [k, []]));
  const p = region.places;
  if (!p) return byKind;
  const areas = region.costs.councilAreas;
  for (let i = 0; i < p.size; i++) {
    const kind = PLACE_TYPES[p.data.types[i]!];
    const list = kind && byKind.get(kind);
    if (!list) continue;
    const lat = p.data.lat[i]! / 1e6;
    const lng = p.data.lng[i]! / 1e6;
    if (areas.length > 0 && !councilAt(areas, lat, lng)) continue;
    list.push({ label: p.data.labels[i]!, lat, lng, kind: kind! });
  }
  return byKind;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The next Tuesday after `today` (a normal weekday with the full timetable). */
export function nextTuesday(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + ((2 - d.getUTCDay() + 7) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

/** `n` seeded searches, split evenly across the regions; each brand that plans on a region takes its turn there. */
export function sanityCases(regions: readonly Region[], n: number, seed: number, day = nextTuesday()): SanityCase[] {
  const rnd = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const brands = readBrands();
  const cases: SanityCase[] = [];
  const pools = regions.map((r) => ({ region: r, places: placesOf(r) }));
  for (let i = 0; i < n; i++) {
    const { region, places } = pools[i % pools.length]!;
    const kinds = KINDS.filter((k) => (places.get(k)?.length ?? 0) > 0);
    const brandsHere = brands.filter((b) => b.regions.length === 0 || b.regions.includes(region.name));
    const brand = pick(brandsHere);
    let origin: Place;
    let destination: Place;
    do {
      origin = pick(places.get(pick(kinds))!);
      destination = pick(places.get(pick(kinds))!);
    } while (distance(origin, destination) < 1000);
    const minutes = 6 * 60 + Math.floor(rnd() * 13 * 12) * 5; // 06:00 - 18:55
    const out = `${day}T${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
    const backAt = minutes + 120 + Math.floor(rnd() * 6 * 12) * 5; // 2 - 8 hours later
    const back = rnd() < 0.5 && backAt < 23 * 60 ? `${day}T${two(Math.floor(backAt / 60))}:${two(backAt % 60)}` : null;
    cases.push({ brand, region: region.name, origin, destination, out, back, car: rnd() < 0.5 });
  }
  return cases;
}

export function requestOf(c: SanityCase): PlanRequest {
  return {
    origin: { label: c.origin.label, lat: c.origin.lat, lng: c.origin.lng },
    destination: { label: c.destination.label, lat: c.destination.lat, lng: c.destination.lng },
    out_time: c.out,
    ...(c.back ? { return_time: c.back } : {}),
    profile: { has_access_to_car: c.car },
    blocked_travel_types: c.brand.blocked,
    regions: c.brand.regions,
    ...(c.brand.appointment ? { appointment_minutes: APPOINTMENT_S / 60 } : {}),
  } as PlanRequest;
}

// ---- time and money as numbers ----

const dayOf = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000;
const clock = (t: string) => Number(t.slice(0, 2)) * 3600 + Number(t.slice(3, 5)) * 60;
const legStart = (l: Leg) => dayOf(l.departure_date) + clock(l.departure_at);
const legEnd = (l: Leg) => dayOf(l.arrival_date) + clock(l.arrival_at);

/**
 * Each step's departure and arrival as seconds, read forward from the leg's departure: a clock
 * earlier than the one before it is the next day (a leg can run overnight). Steps out of order
 * then show as a leg that ends later than its own arrival date and time.
 */
function stepTimes(l: Leg): { dep: number; arr: number }[] {
  let day = dayOf(l.departure_date);
  let last = clock(l.departure_at);
  const at = (t: string) => {
    const s = clock(t);
    if (s < last) day += 86_400;
    last = s;
    return day + s;
  };
  return l.steps.map((s) => ({ dep: at(s.departure_time), arr: at(s.arrival_time) }));
}

/** Pence for '£12.40', 0 for 'free', null for 'unknown'; undefined for a step covered elsewhere ('included in ...'). */
function pence(text: string): number | null | undefined {
  if (text === 'free') return 0;
  if (text === 'unknown') return null;
  const m = /^£(\d+)\.(\d{2})$/.exec(text);
  if (m) return Number(m[1]) * 100 + Number(m[2]);
  return undefined;
}

const legs = (j: Journey): Leg[] => (j.return ? [j.depart, j.return] : [j.depart]);

/** What an option needs besides money: a car, a bike, a car club; an eligibility-only option needs the eligibility. */
function needs(j: Journey): Set<string> {
  const n = new Set<string>();
  for (const l of legs(j))
    for (const s of l.steps) if (['own-car', 'cycle', 'car-club', 'bike-hire'].includes(s.type)) n.add(s.type);
  if (j.eligibility) n.add(`eligibility:${j.eligibility}`);
  return n;
}

/** b is no worse than a on every count and better on one, and needs nothing a does not. */
export function dominatesForSanity(b: Journey, a: Journey): boolean {
  const nb = needs(b);
  const na = needs(a);
  if ([...nb].some((x) => !na.has(x))) return false;
  if (b.cost_value === null || a.cost_value === null) {
    if (b.cost_value !== a.cost_value) return false;
  }
  const pairs: [number, number][] = [
    [legStart(a.depart), legStart(b.depart)], // leaving later is no worse
    [legEnd(b.depart), legEnd(a.depart)],
    [b.cost_value ?? 0, a.cost_value ?? 0],
    [b.carbon_emission, a.carbon_emission],
    [b.total_walking_distance, a.total_walking_distance],
    [legs(b).reduce((s, l) => s + l.changes, 0), legs(a).reduce((s, l) => s + l.changes, 0)],
  ];
  if (a.return && b.return) {
    pairs.push([legStart(a.return), legStart(b.return)], [legEnd(b.return), legEnd(a.return)]);
  } else if (!!a.return !== !!b.return) return false;
  return pairs.every(([x, y]) => x <= y + 1e-9) && pairs.some(([x, y]) => x < y - 1e-9);
}

/** The violations of one search's result (or its error). */
export function checkSearch(c: SanityCase, result: Journey[] | Error): Violation[] {
  const v: Violation[] = [];
  const add = (invariant: Invariant, j: Journey | null, detail: string) =>
    v.push({ invariant, case: c, journey: j?.id ?? null, detail });
  if (result instanceof Error) {
    add('no_result', null, `error: ${result instanceof PlanError ? result.code : result.name}: ${result.message}`);
    return v;
  }
  if (result.length === 0) {
    // An empty state is what a brand that blocks every vehicle shows where our data has no service.
    const noVehicles = ['taxi', 'own-car', 'cycle'].every((t) => c.brand.blocked.includes(t as TravelType));
    if (!noVehicles) add('no_result', null, 'no journey, and this brand can always drive, cycle or take a taxi');
    return v;
  }
  const direct = distance(c.origin, c.destination);
  const asked = dayOf(c.out.slice(0, 10)) + clock(c.out.slice(11, 16));
  // Late: public transport leaving hours after the time asked while another, open to everyone, leaves near it.
  const publicOptions = result.filter((j) => !j.tags.includes('direct'));
  const nearest = Math.min(
    ...publicOptions.filter((j) => !j.eligibility).map((j) => Math.abs(legStart(j.depart) - asked)),
  );
  for (const j of result) {
    for (const l of legs(j)) {
      const times = stepTimes(l);
      let prev = legStart(l);
      const end = times[times.length - 1]?.arr ?? legStart(l);
      if (end !== legEnd(l) || legEnd(l) < legStart(l))
        add(
          'steps_in_order',
          j,
          `steps ${l.steps.map((x) => x.departure_time).join(' ')} in a leg ${l.departure_at}-${l.arrival_at}`,
        );
      for (const [i, t] of times.entries()) {
        if (i > 0 && t.dep - prev > WAIT_LIMIT_S)
          add('wait_over_3h', j, `${Math.round((t.dep - prev) / 60)} min before step ${i}`);
        prev = t.arr;
      }
      if (direct > DETOUR_FROM_M) {
        const travelled = l.steps.reduce((s, x) => s + x.distance.value, 0);
        if (travelled > DETOUR_LIMIT * direct)
          add('detour', j, `${(travelled / 1000).toFixed(1)} km for ${(direct / 1000).toFixed(1)} km`);
      }
    }
    if (j.return) {
      const earliest = legEnd(j.depart) + (c.brand.appointment ? APPOINTMENT_S : 0);
      if (legStart(j.return) < earliest)
        add('return_after_arrival', j, `arrives ${j.depart.arrival_at}, back ${j.return.departure_at}`);
    }
    const late = legStart(j.depart) - asked;
    if (!j.tags.includes('direct') && late > LATE_LIMIT_S && nearest <= 3600)
      add('late_departure', j, `leaves ${Math.round(late / 60)} min after the time asked`);
    const total = pence(j.cost);
    const steps = legs(j).flatMap((l) => l.steps.map((s) => pence(s.cost)));
    if (total !== undefined) {
      const unknownStep = steps.some((s) => s === null);
      const sum = steps.reduce<number>((s, x) => s + (x ?? 0), 0);
      if (total === null ? !unknownStep && sum > 0 : unknownStep || Math.abs(sum - total) > steps.length)
        add('prices_add_up', j, `steps ${steps.map((s) => (s === null ? '?' : s)).join('+')} vs total ${j.cost}`);
    }
    const by = result.find((b) => b !== j && dominatesForSanity(b, j));
    if (by) add('dominated', j, `by ${by.id} (${by.transport_mode})`);
  }
  return v;
}

export interface SanitySummary {
  searches: number;
  journeys: number;
  counts: Record<Invariant, number>;
  withTransit: number;
  empty: number;
  violations: Violation[];
  /** Options the planner's filter chain removed, by rule. */
  removedByRule: Record<string, number>;
}

const hasPublicTransport = (j: Journey) =>
  j.transport_mode === 'transit' ||
  legs(j).some((l) => l.steps.some((s) => ['bus', 'train', 'coach', 'ferry', 'tram', 'subway'].includes(s.type)));

export async function runSanity(
  regions: readonly Region[],
  cases: readonly SanityCase[],
  now: Date,
  onEach?: (i: number) => void,
): Promise<SanitySummary> {
  const counts = Object.fromEntries(Object.keys(INVARIANTS).map((k) => [k, 0])) as Record<Invariant, number>;
  const violations: Violation[] = [];
  let journeys = 0;
  let withTransit = 0;
  let empty = 0;
  const removedByRule: Record<string, number> = {};
  const onRemoved = (r: { rule: string }) => {
    removedByRule[r.rule] = (removedByRule[r.rule] ?? 0) + 1;
  };
  for (const [i, c] of cases.entries()) {
    let result: Journey[] | Error;
    try {
      result = await planAll(requestOf(c), { regions, now, onRemoved } as Parameters<typeof planAll>[1]);
    } catch (err) {
      result = err as Error;
    }
    if (!(result instanceof Error)) {
      journeys += result.length;
      if (result.some(hasPublicTransport)) withTransit++;
      if (result.length === 0) empty++;
    }
    for (const x of checkSearch(c, result)) {
      counts[x.invariant]++;
      violations.push(x);
    }
    onEach?.(i);
  }
  return { searches: cases.length, journeys, counts, withTransit, empty, violations, removedByRule };
}
