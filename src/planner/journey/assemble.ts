/**
 * Drafts -> SPEC Leg / Step / Journey: times as local text, durations and distances with their
 * text, costs (per step and the journey total with day-ticket caps), CO2e, walking distance,
 * waits, elevation, polylines, payment methods, and a stable id from the legs.
 */
import { paymentMethodsBreakdown } from '../costs/payment-methods';
import { priceJourney, type LegShare, type PricedLeg } from '../costs/transit';
import { formatCost, toBreakdown, type Cost, type PriceLine } from '../costs/money';
import { journeyEmissions } from '../costs/emissions';
import type { LatLng } from '../geo/geo';
import { encodePolyline, pathLength } from '../geo/geo';
import { formatIsoDateTime } from '../common/local-time';
import { poisNearRoute, toiletsNear } from '../street/amenities';
import { elevationRange } from '../street/elevation';
import { formatDistance } from '../street/directions';
import type { LegDraft, Part } from './parts';
import type { Region } from '../region/region';
import { pricesOf, samePrices } from './prices';
import type { Journey, JourneyPrices, Leg, PlaceOut, Step, TextValue } from './types';

export function durationText(seconds: number): string {
  const mins = Math.max(0, Math.round(seconds / 60));
  if (mins < 60) return `${mins} min${mins === 1 ? '' : 's'}`;
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return `${h} hour${h === 1 ? '' : 's'}${m ? ` ${m} min${m === 1 ? '' : 's'}` : ''}`;
}

const tv = (value: number, text: string): TextValue => ({ value: Math.max(0, Math.round(value)), text });
const dist = (m: number): TextValue => tv(m, formatDistance(Math.max(0, m)));
const dur = (s: number): TextValue => tv(s, durationText(s));

function local(date: number, t: number): { date: string; time: string } {
  const s = formatIsoDateTime(date, Math.round(t));
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}

/** `forAnyone`: the ride's fare without the traveller's passes (journey/prices.ts). */
function stepCost(p: Part, currency: string, forAnyone = false): string {
  const transit = forAnyone ? (p.pricedForAnyone ?? p.pricedTransit) : p.pricedTransit;
  if (transit) return formatCost(transit.cost, transit.currency);
  if (p.price) return formatCost(p.price.cost, currency);
  return 'free';
}

function toStep(region: Region, date: number, p: Part): Step {
  const elev =
    p.elevationHighest !== undefined && p.elevationLowest !== undefined
      ? { elevationHighest: p.elevationHighest, elevationLowest: p.elevationLowest }
      : elevationRange(p.points, region.street.elevation);
  return {
    type: p.type,
    departure_time: local(date, p.start).time,
    arrival_time: local(date, p.end).time,
    description: p.description,
    duration: dur(p.end - p.start),
    distance: dist(p.distance),
    cost: stepCost(p, region.currency),
    elevationHighest: elev.elevationHighest,
    elevationLowest: elev.elevationLowest,
    start_location: { lat: p.from.lat, lng: p.from.lng },
    end_location: { lat: p.to.lat, lng: p.to.lng },
    end_address: p.to.name,
    polyline: p.polyline ?? encodePolyline(p.points),
    timetable: p.timetable ?? null,
    transit: p.transit ?? null,
    directions: p.directions,
    car_club: p.carClub ?? null,
    how_to_guide: p.howTo ? { service: p.howTo } : null,
    estimated: p.estimated,
  };
}

export interface AssembledLeg {
  leg: Leg;
  /** The step index of each priced ride, in the order of pricedTransit. */
  transitSteps: number[];
  otherParts: { cost: Cost; line: PriceLine }[];
  pricedTransit: PricedLeg[];
  /** The rides priced without the traveller's passes, and the steps' costs so; null when no passes changed a ride. */
  forAnyone: { pricedTransit: PricedLeg[]; stepCosts: string[] } | null;
  emissionLegs: {
    mode: NonNullable<Part['emission']>['mode'];
    distanceM: number;
    fuel?: NonNullable<Part['emission']>['fuel'];
  }[];
  agencies: string[];
  walking: number;
  wait: number;
  key: string;
  departure: number;
  arrival: number;
}

export function assembleLeg(region: Region, d: LegDraft): AssembledLeg {
  const parts = d.parts;
  const first = parts[0] as Part;
  const last = parts[parts.length - 1] as Part;
  const steps = parts.map((p) => toStep(region, d.date, p));
  let wait = 0;
  for (let i = 1; i < parts.length; i++) wait += Math.max(0, (parts[i] as Part).start - (parts[i - 1] as Part).end);
  const walking = parts.filter((p) => p.type === 'walk').reduce((s, p) => s + p.distance, 0);
  const total = parts.reduce((s, p) => s + p.distance, 0);
  const highs = steps.map((s) => s.elevationHighest).filter((x): x is number => x !== null);
  const lows = steps.map((s) => s.elevationLowest).filter((x): x is number => x !== null);
  const points: LatLng[] = parts.flatMap((p) => p.points);
  const dep = local(d.date, first.start);
  const arr = local(d.date, last.end);
  const stages = parts.map((p) => p.type);
  const leg: Leg = {
    departure_date: dep.date,
    departure_at: dep.time,
    arrival_date: arr.date,
    arrival_at: arr.time,
    duration: dur(last.end - first.start),
    wait_time: Math.round(wait),
    distance: dist(total),
    walking_distance: dist(walking),
    elevationHighest: highs.length ? Math.max(...highs) : null,
    elevationLowest: lows.length ? Math.min(...lows) : null,
    overview_polyline: encodePolyline(simplify(points)),
    stages,
    steps,
    taxis: d.taxis,
    taxi_ranks: d.taxiRanks ?? [],
    // From OSM via the street graph; regions without one (Tayside) get empty lists.
    pois: poisNearRoute(region.street.graph?.amenities, points),
    destination_toilets: toiletsNear(region.street.graph?.amenities, last.to),
    changes: d.changes,
    estimated: parts.some((p) => p.estimated),
  };
  const bookings = parts.flatMap((p, step_index) => {
    const b = p.booking;
    if (!b) return [];
    const at = (c: { date: number; time: number } | null) => (c ? local(c.date, c.time) : null);
    const { service, phone, website, how, notice } = b;
    return [{ step_index, service, phone, website, how, notice, deadline: at(b.deadline), opens: at(b.opens) }];
  });
  if (bookings.length > 0) leg.bookings = bookings;
  return {
    leg,
    transitSteps: parts.flatMap((p, i) => (p.pricedTransit ? [i] : [])),
    otherParts: parts.flatMap((p) => (p.price ? [p.price] : [])),
    pricedTransit: parts.flatMap((p) => (p.pricedTransit ? [p.pricedTransit] : [])),
    forAnyone: parts.some((p) => p.pricedForAnyone)
      ? {
          pricedTransit: parts.flatMap((p) => {
            const priced = p.pricedForAnyone ?? p.pricedTransit;
            return priced ? [priced] : [];
          }),
          stepCosts: parts.map((p) => stepCost(p, region.currency, true)),
        }
      : null,
    emissionLegs: parts.flatMap((p) =>
      p.emission
        ? [{ mode: p.emission.mode, distanceM: p.distance, ...(p.emission.fuel ? { fuel: p.emission.fuel } : {}) }]
        : [],
    ),
    agencies: parts.flatMap((p) => (p.transit ? [p.transit.agency.name] : [])),
    walking,
    wait,
    key: `${formatIsoDateTime(d.date, first.start)}|${parts.map((p) => `${p.key}@${Math.round(p.start)}-${Math.round(p.end)}`).join('>')}`,
    departure: d.date * 86_400 + first.start,
    arrival: d.date * 86_400 + last.end,
  };
}

/** Overview polylines: drop points closer than ~5 m to the previous kept one. */
function simplify(points: readonly LatLng[]): LatLng[] {
  const out: LatLng[] = [];
  for (const p of points) {
    const prev = out[out.length - 1];
    if (!prev || Math.abs(prev.lat - p.lat) > 4e-5 || Math.abs(prev.lng - p.lng) > 4e-5) out.push(p);
  }
  const end = points[points.length - 1];
  if (end && out[out.length - 1] !== end) out.push(end);
  return out;
}

/** FNV-1a 64-bit over the text, as 16 hex digits: the same legs always give the same id. */
export function stableId(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/**
 * The steps' costs and notes once the journey's tickets are known (priceJourney's legShares): a
 * ride another step's ticket pays for costs nothing more and says what covers it, so the steps add
 * up to the total. `base`: the steps' own costs per leg.
 */
function shareSteps(
  legs: readonly AssembledLeg[],
  base: readonly (readonly string[])[],
  shares: readonly LegShare[],
  currencyOf: (leg: number, ride: number) => string,
): { costs: string[][]; notes: (string | null)[][] } {
  const costs = base.map((c) => [...c]);
  const notes = base.map((c) => c.map((): string | null => null));
  let k = 0;
  legs.forEach((l, trip) => {
    l.transitSteps.forEach((step, ride) => {
      const share = shares[k++];
      if (!share) return;
      (costs[trip] as string[])[step] = formatCost(share.cost, currencyOf(trip, ride));
      (notes[trip] as (string | null)[])[step] = share.coveredBy ?? share.buys ?? null;
    });
  });
  return { costs, notes };
}

/** A priced total as the journey's cost_value: pence, 0 free, null unknown. */
const costValueOf = (cost: Cost): number | null => (cost === 'free' ? 0 : cost === 'unknown' ? null : cost);

export interface JourneyFigures {
  journey: Journey;
  costPence: number;
  departure: number;
  arrival: number;
  changes: number;
}

export function assembleJourney(
  region: Region,
  origin: PlaceOut,
  destination: PlaceOut,
  out: LegDraft,
  back: LegDraft | null,
): JourneyFigures {
  const a = assembleLeg(region, out);
  const b = back ? assembleLeg(region, back) : null;
  const legs = b ? [a, b] : [a];
  const price = priceJourney(
    legs.flatMap((l) => l.otherParts),
    legs.flatMap((l, trip) => l.pricedTransit.map((p) => ({ ...p, trip }))),
    region.costs.fares,
  );
  // The traveller's passes changed a ride's fare: the journey is priced again as anyone pays.
  const anyone = legs.some((l) => l.forAnyone)
    ? priceJourney(
        legs.flatMap((l) => l.otherParts),
        legs.flatMap((l, trip) => (l.forAnyone?.pricedTransit ?? l.pricedTransit).map((p) => ({ ...p, trip }))),
        region.costs.fares,
      )
    : null;
  const own = shareSteps(
    legs,
    legs.map((l) => l.leg.steps.map((s) => s.cost)),
    price.legShares,
    (trip, ride) => legs[trip]?.pricedTransit[ride]?.currency ?? region.currency,
  );
  legs.forEach((l, trip) => {
    l.leg.steps = l.leg.steps.map((step, i) => {
      const note = own.notes[trip]?.[i];
      return { ...step, cost: own.costs[trip]?.[i] ?? step.cost, ...(note ? { cost_note: note } : {}) };
    });
  });
  const kg = journeyEmissions(
    region.costs.emissionFactors,
    legs.flatMap((l) => l.emissionLegs),
  );
  const journey: Journey = {
    id: stableId(`${region.name}|${legs.map((l) => l.key).join('||')}`),
    cost: formatCost(price.cost, region.currency),
    cost_value: costValueOf(price.cost),
    carbon_emission: kg,
    transport_mode: out.mode,
    duration: dur(legs.reduce((s, l) => s + (l.arrival - l.departure), 0)),
    total_wait_time: Math.round(legs.reduce((s, l) => s + l.wait, 0)),
    total_walking_distance: Math.round(legs.reduce((s, l) => s + l.walking, 0)),
    depart: a.leg,
    ...(b ? { return: b.leg } : {}),
    drt_operator: out.drt ?? null,
    origin,
    destination,
    placeholder: false,
    pricing_breakdown: price.breakdown.map((l) => toBreakdown(l, region.currency)),
    payment_methods_breakdown: paymentMethodsBreakdown(
      legs.flatMap((l) => l.agencies),
      region.costs.paymentMethods,
    ),
    tags: [],
    estimated: legs.some((l) => l.leg.estimated),
    eligibility: out.eligibility ?? back?.eligibility ?? null,
  };
  if (anyone) {
    const theirs = shareSteps(
      legs,
      legs.map((l) => l.forAnyone?.stepCosts ?? l.leg.steps.map((step) => step.cost)),
      anyone.legShares,
      (trip, ride) =>
        (legs[trip]?.forAnyone?.pricedTransit ?? legs[trip]?.pricedTransit)?.[ride]?.currency ?? region.currency,
    );
    const noted = theirs.notes.some((n) => n.some(Boolean));
    const prices: JourneyPrices = {
      cost: formatCost(anyone.cost, region.currency),
      cost_value: costValueOf(anyone.cost),
      pricing_breakdown: anyone.breakdown.map((l) => toBreakdown(l, region.currency)),
      step_costs: theirs.costs,
      ...(noted ? { step_cost_notes: theirs.notes } : {}),
    };
    if (!samePrices(prices, pricesOf(journey))) journey.prices_for_anyone = prices;
  }
  return {
    journey,
    costPence: price.cost === 'free' ? 0 : price.cost === 'unknown' ? Infinity : price.cost,
    departure: a.departure,
    arrival: a.arrival,
    changes: out.changes + (back?.changes ?? 0),
  };
}

export { pathLength };
