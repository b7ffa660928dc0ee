/**
 * Prices one public-transport leg and whole journeys.
 *
 * Order of evidence for a leg:
 *  1. Concessions (concessions.ts): a National Entitlement Card (60+ or disabled) or a
 *     Young Scot card issued since 10 January 2022 (age 5-21) makes a Scottish local bus
 *     free. Not coaches (e.g. Ember E1, listed as a coach operator in the region's
 *     fares.json) unless the region data says the operator accepts the card, and never rail.
 *  2. The feed's own GTFS fares (gtfs-fares.ts), exact for the trip.
 *  3. A published fare from the region facts (fares.json: operator, product, price, date),
 *     matched by operator and, where the fact names them, origin/destination places:
 *     a dated estimate.
 *  4. Otherwise 'unknown' with the reason (rail without fare data is always 'unknown').
 * Railcards take their discount off a known rail fare (2 or 3).
 * Bus, coach and rail fares are VAT zero-rated: the published fare is the whole price.
 */
import { applyRailcard, localBusConcession, type TravellerProfile } from './concessions';
import { type Railcard } from '../../vocabulary/index';
import { distance, type LatLng } from '../geo/geo';
import type { FareIndex } from './gtfs-fares';
import { feedLocalId } from './gtfs-fares';
import type { LocalDateTime } from '../common/local-time';
import { serviceClassOf, type ServiceClass } from './modes';
import { formatCost, sumCosts, type Cost, type PriceLine } from './money';
import { estimateRailReturn, type RailFareData } from './rail-fares';

export interface PublishedFare {
  operator: string;
  /** GTFS agency_name values this fare applies to (case-insensitive). */
  agency_names: string[];
  product: string;
  kind: 'single' | 'day' | 'return' | 'period' | 'other';
  passenger_type: string;
  price_pence: number;
  effective_date: string | null;
  /** Use as the estimate for a single leg on this operator (one product per operator and place pair). */
  use_for_legs: boolean;
  /** A day ticket that caps the operator's singles on one day. */
  caps_singles_per_day: boolean;
  /** Place-name fragments the leg's stop names must contain (either direction), when the fare is between places. */
  between?: [string, string] | undefined;
  note?: string | undefined;
  source_url: string;
  source_date: string;
}

export interface CoachOperator {
  agency_name: string;
  /** Whether the National Entitlement Card is accepted, when a source says so; null = not in our sources. */
  accepts_nec: boolean | null;
  note: string;
  source_url: string;
  source_date: string;
}

export interface FaresData {
  /** Which concessionary travel scheme the region's buses follow; only 'scotland' is known (no scheme: nobody travels free). */
  concession_scheme?: 'scotland' | undefined;
  coach_operators: CoachOperator[];
  published_fares: PublishedFare[];
  /** Public holidays (YYYY-MM-DD) for railcard minimum-fare rules, when the region lists them. */
  public_holidays?: string[] | undefined;
  /** Published ScotRail off-peak returns for the rail fare estimate (rail-fares.ts), when the region has them. */
  rail?: RailFareData | undefined;
}

export interface TransitLeg {
  /** Feed name as in the region manifest (namespaces ids: "ember:640014188"). */
  feed: string;
  agencyName: string;
  routeId: string;
  routeType: number;
  routeShortName?: string;
  fromStopId: string;
  toStopId: string;
  fromStopName?: string;
  toStopName?: string;
  passedStopIds?: readonly string[];
  /** Where the leg boards and alights (the rail fare estimate measures between them). */
  fromPoint?: LatLng | undefined;
  toPoint?: LatLng | undefined;
  /** Local departure (common/local-time localDateTime). */
  departure: LocalDateTime;
  /**
   * A bus in a train operator's timetable (a rail replacement bus: the rail feed's route_type 3
   * rows, e.g. "ScotRail 5178" on a Sunday): rail tickets apply to it, not bus fares or a bus pass.
   */
  replacesRail?: boolean;
}

export interface FareContext {
  /** Fare index per feed name, when the feed has fare tables. */
  fareIndexes: ReadonlyMap<string, FareIndex>;
  data: FaresData;
}

export interface PricedLeg {
  cost: Cost;
  currency: string;
  line: PriceLine;
  serviceClass: ServiceClass;
  agencyName: string;
  date: string;
  /** Which published fare priced it, so day tickets can cap the day's singles. */
  publishedFare?: PublishedFare;
  /** A train priced by the rail estimate: priceJourney turns a journey's trains into through and return tickets. */
  railEstimate?: RailLegEstimate;
  /** Which way of the journey (0 out, 1 back) the leg is on, set by the assembler; legs of one way are in order. */
  trip?: number;
}

export interface RailLegEstimate {
  from: LatLng & { name: string };
  to: LatLng & { name: string };
  /** Local departure of the outward train. */
  departure: LocalDateTime;
  railcard: Railcard | null;
}

function includesName(name: string | undefined, fragment: string): boolean {
  return !!name && name.toLowerCase().includes(fragment.toLowerCase());
}

function publishedFareFor(leg: TransitLeg, data: FaresData): PublishedFare | undefined {
  const agency = leg.agencyName.trim().toLowerCase();
  const candidates = data.published_fares.filter(
    (f) =>
      f.use_for_legs &&
      f.kind === 'single' &&
      f.passenger_type === 'adult' &&
      f.agency_names.some((a) => a.toLowerCase() === agency),
  );
  const between = candidates.find(
    (f) =>
      f.between &&
      ((includesName(leg.fromStopName, f.between[0]) && includesName(leg.toStopName, f.between[1])) ||
        (includesName(leg.fromStopName, f.between[1]) && includesName(leg.toStopName, f.between[0]))),
  );
  return between ?? candidates.find((f) => !f.between);
}

const stopsText = (leg: TransitLeg): string =>
  leg.fromStopName && leg.toStopName ? `: ${leg.fromStopName} to ${leg.toStopName}` : '';

function label(leg: TransitLeg): string {
  const route = leg.routeShortName && leg.routeShortName !== leg.agencyName ? ` ${leg.routeShortName}` : '';
  return `${leg.agencyName}${route}${stopsText(leg)}`;
}

export function priceTransitLeg(leg: TransitLeg, profile: TravellerProfile, ctx: FareContext): PricedLeg {
  const coachOperators = ctx.data.coach_operators.map((c) => c.agency_name);
  const vehicle = serviceClassOf(leg.routeType, leg.agencyName, coachOperators);
  // A rail replacement bus is a bus on the road (its emissions) but a train for its fare.
  const cls: ServiceClass = leg.replacesRail ? 'rail' : vehicle;
  const when = leg.departure;
  const base = { serviceClass: vehicle, agencyName: leg.agencyName, date: when.date, currency: 'GBP' };
  const name = leg.replacesRail
    ? `${leg.agencyName} rail replacement bus${stopsText(leg)} (rail tickets apply)`
    : label(leg);

  const coach = ctx.data.coach_operators.find(
    (c) => c.agency_name.toLowerCase() === leg.agencyName.trim().toLowerCase(),
  );
  const concession = ctx.data.concession_scheme === 'scotland' ? localBusConcession(profile) : null;
  if (concession && (cls === 'bus' || (cls === 'coach' && coach?.accepts_nec === true))) {
    return {
      ...base,
      cost: 'free',
      line: { description: `${name} - free: ${concession.reason}`, cost: 'free', estimated: false },
    };
  }
  const concessionNote =
    concession && cls === 'coach'
      ? ' (whether this coach accepts the National Entitlement Card is not in our sources - ask the operator)'
      : '';

  let unknownReason = 'no fare data for this service';
  const index = ctx.fareIndexes.get(leg.feed);
  if (index) {
    const fare = index.lookup({
      routeId: feedLocalId(leg.routeId, leg.feed),
      fromStopId: feedLocalId(leg.fromStopId, leg.feed),
      toStopId: feedLocalId(leg.toStopId, leg.feed),
      departureMinutes: when.minutes,
      ...(leg.passedStopIds ? { passedStopIds: leg.passedStopIds.map((s) => feedLocalId(s, leg.feed)) } : {}),
    });
    if (fare.kind === 'fare') {
      let amount = fare.amount;
      let description = `${name} - ${fare.description}`;
      if (cls === 'rail' && profile.railcard) {
        const discounted = applyRailcard(amount, profile.railcard, when, ctx.data.public_holidays);
        description += ` with ${discounted.description} (full fare ${formatCost(amount, fare.currency)})`;
        amount = discounted.pence;
      }
      return {
        ...base,
        currency: fare.currency,
        cost: amount,
        line: { description: description + concessionNote, cost: amount, estimated: false },
      };
    }
    unknownReason = `${leg.feed} feed: ${fare.reason}`;
  }

  const published = cls === 'rail' ? undefined : publishedFareFor(leg, ctx.data);
  if (published) {
    const alt = published.note ? `; ${published.note}` : '';
    return {
      ...base,
      cost: published.price_pence,
      publishedFare: published,
      line: {
        description: `${name} - ${published.operator} ${published.product}, estimated from the fare published ${published.effective_date ?? published.source_date}${alt}${concessionNote}`,
        cost: published.price_pence,
        estimated: true,
        source: { url: published.source_url, date: published.source_date },
      },
    };
  }
  if (cls === 'rail' && ctx.data.rail && leg.fromPoint && leg.toPoint) {
    const est: RailLegEstimate = {
      from: { ...leg.fromPoint, name: leg.fromStopName ?? leg.fromStopId },
      to: { ...leg.toPoint, name: leg.toStopName ?? leg.toStopId },
      departure: leg.departure,
      railcard: profile.railcard ?? null,
    };
    const ticket = railTicket(ctx.data.rail, est, 'one-way', ctx.data.public_holidays);
    return {
      ...base,
      cost: ticket.cost,
      railEstimate: est,
      line: { ...ticket.line, description: `${name} - ${ticket.line.description}${concessionNote}` },
    };
  }
  const railNote =
    cls === 'rail' ? ' (no current rail fare data; railcard discounts apply to the fare at the station)' : '';
  // No single fare, but the operator's published day ticket covers the ride: say so (an upper bound,
  // never the price: a single costs less, by an amount not in our sources).
  const dayTicket =
    cls === 'rail'
      ? undefined
      : ctx.data.published_fares
          .filter(
            (f) =>
              f.kind === 'day' &&
              f.passenger_type === 'adult' &&
              f.agency_names.some((a) => a.toLowerCase() === leg.agencyName.trim().toLowerCase()),
          )
          .sort((a, b) => a.price_pence - b.price_pence)[0];
  if (dayTicket && unknownReason === 'no fare data for this service')
    unknownReason = `no ${leg.agencyName} single fare in our sources; a ${dayTicket.operator} ${dayTicket.product} (${formatCost(dayTicket.price_pence)}, published ${dayTicket.effective_date ?? dayTicket.source_date}) covers it`;
  return {
    ...base,
    cost: 'unknown',
    line: {
      description: `${name} - fare unknown: ${unknownReason}${railNote}${concessionNote}`,
      cost: 'unknown',
      estimated: false,
    },
  };
}

/**
 * One rail ticket from the estimate (rail-fares.ts): the off-peak return between the first and
 * last station, with the railcard's discount and minimum fare at the outward departure. A one-way
 * trip is priced at the return (no single fares in our sources; the return covers it).
 */
function railTicket(
  data: RailFareData,
  est: RailLegEstimate,
  kind: 'one-way' | 'return',
  holidays?: readonly string[],
): { cost: number; line: PriceLine } {
  const fare = estimateRailReturn(data, est.from, est.to);
  let cost = fare.returnPence;
  let card = '';
  if (est.railcard) {
    const discounted = applyRailcard(cost, est.railcard, est.departure, holidays);
    card = ` with ${discounted.description} (full fare ${formatCost(cost)})`;
    cost = discounted.pence;
  }
  const what =
    kind === 'return'
      ? `${est.from.name} - ${est.to.name} and back: one ${data.operator} off-peak return`
      : `${data.operator} off-peak return ${est.from.name} - ${est.to.name}, priced for this one-way trip (no single fares in our sources; a return covers it, so a single costs no more)`;
  return {
    cost,
    line: {
      description: `${what}${card}; estimated at ${data.price_level.slice(0, 7)} prices (off-peak fares apply all day since 1 September 2025) from the ${fare.basis}`,
      cost,
      estimated: true,
      source: fare.source,
    },
  };
}

/** A ticket and the legs it pays for (indexes into the journey's transit legs, the first pays). */
interface Ticket {
  cost: number;
  line: PriceLine;
  legs: number[];
  /** The ticket as a traveller names it ("ScotRail return Pitlochry - Dundee"). */
  name: string;
  /** How a covered leg says what pays for it ("included in the return ticket above"). */
  coveredNote: (leg: number) => string;
}

const rides = (n: number) => `${n} more ride${n === 1 ? '' : 's'}`;

/**
 * A journey's estimated trains as tickets: consecutive trains of one way are one through ticket
 * (first to last station), and a way back between the same stations shares the outward return.
 */
function railTickets(legs: readonly PricedLeg[], data: RailFareData, holidays?: readonly string[]): Ticket[] {
  const chains: { trip: number; legs: number[] }[] = [];
  let open: { trip: number; legs: number[] } | null = null;
  legs.forEach((l, i) => {
    if (!l.railEstimate) {
      open = null;
      return;
    }
    if (open && open.trip === (l.trip ?? 0)) open.legs.push(i);
    else {
      open = { trip: l.trip ?? 0, legs: [i] };
      chains.push(open);
    }
  });
  const est = (i: number) => legs[i]?.railEstimate as RailLegEstimate;
  const through = chains.map((c) => ({ ...est(c.legs[0] as number), to: est(c.legs[c.legs.length - 1] as number).to }));
  const near = (a: LatLng, b: LatLng) => distance(a, b) < 800;
  const used = new Set<number>();
  const tickets: Ticket[] = [];
  through.forEach((t, i) => {
    if (used.has(i)) return;
    const back = through.findIndex((u, j) => j > i && !used.has(j) && near(u.from, t.to) && near(u.to, t.from));
    if (back >= 0) used.add(back);
    const outLegs = chains[i]?.legs ?? [];
    const backLegs = back >= 0 ? (chains[back]?.legs ?? []) : [];
    const ticket = railTicket(data, t, back >= 0 ? 'return' : 'one-way', holidays);
    const what = `${data.operator} ${back >= 0 ? 'return' : 'ticket'} ${t.from.name} - ${t.to.name}`;
    tickets.push({
      ...ticket,
      name: what,
      legs: [...outLegs, ...backLegs],
      coveredNote: (leg) =>
        backLegs.includes(leg) ? `Included in the return ticket above (${what})` : `Included in the ${what} above`,
    });
  });
  return tickets;
}

/** What a transit leg's step shows: the ticket it pays for, its own fare, or what covers it. */
export interface LegShare {
  cost: Cost;
  /** Set when another step's ticket pays for this ride: the step says which. */
  coveredBy?: string;
  /** Set on the ride whose step carries a ticket that also pays for later rides: what it buys. */
  buys?: string;
}

export interface JourneyPrice {
  cost: Cost;
  /** SPEC pricing_breakdown rows (description, cost) plus provenance. */
  breakdown: PriceLine[];
  /**
   * Per transit leg (in the order given): what its step shows, so the steps add up to the total.
   * A ticket that covers several rides (a through or return train ticket, a day ticket) is shown on
   * the first ride it pays for; the others cost nothing more and say what covers them.
   */
  legShares: LegShare[];
}

/**
 * A journey's total from its priced parts (transit legs, taxi, car, car club, bike hire).
 * A published day ticket (e.g. Xplore Dundee DaySaver) replaces an operator's singles on
 * one day when they would cost more. Any unknown part makes the total unknown; all free is free.
 */
export function priceJourney(
  parts: readonly { cost: Cost; line: PriceLine }[],
  transitLegs: readonly PricedLeg[] = [],
  data?: FaresData,
): JourneyPrice {
  const breakdown: PriceLine[] = [];
  const costs: Cost[] = parts.map((p) => p.cost);
  breakdown.push(...parts.map((p) => p.line));
  const legShares: LegShare[] = transitLegs.map((l) => ({ cost: l.cost }));
  const pays = (t: Pick<Ticket, 'legs' | 'name' | 'coveredNote'> & { cost: Cost }) =>
    t.legs.forEach((leg, k) => {
      legShares[leg] =
        k > 0
          ? { cost: 0, coveredBy: t.coveredNote(leg) }
          : t.legs.length > 1
            ? { cost: t.cost, buys: `${t.name}: also pays for ${rides(t.legs.length - 1)} below` }
            : { cost: t.cost };
    });
  // Group transit legs priced by a published single, per operator and day.
  const groups = new Map<string, number[]>();
  const rest: PricedLeg[] = [];
  if (data?.rail && transitLegs.some((l) => l.railEstimate)) {
    for (const t of railTickets(transitLegs, data.rail, data.public_holidays)) {
      costs.push(t.cost);
      breakdown.push(t.line);
      pays(t);
    }
  }
  transitLegs.forEach((l, i) => {
    if (l.railEstimate && data?.rail) return;
    const cap =
      l.publishedFare &&
      data?.published_fares.find(
        (f) => f.caps_singles_per_day && f.operator === l.publishedFare?.operator && f.passenger_type === 'adult',
      );
    if (!cap || typeof l.cost !== 'number') {
      rest.push(l);
      return;
    }
    const key = `${cap.operator}\u0000${l.date}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const l of rest) {
    costs.push(l.cost);
    breakdown.push(l.line);
  }
  for (const [key, indexes] of groups) {
    const operator = key.split('\u0000')[0] as string;
    const legs = indexes.map((i) => transitLegs[i] as PricedLeg);
    const cap = data?.published_fares.find(
      (f) => f.caps_singles_per_day && f.operator === operator && f.passenger_type === 'adult',
    );
    const singles = legs.reduce((s, l) => s + (l.cost as number), 0);
    if (cap && singles > cap.price_pence) {
      costs.push(cap.price_pence);
      breakdown.push({
        description: `${cap.operator} ${cap.product} covers ${legs.length} journeys on ${legs[0]?.date} (cheaper than ${legs.length} singles at ${formatCost(singles)}); estimated from the fare published ${cap.effective_date ?? cap.source_date}`,
        cost: cap.price_pence,
        estimated: true,
        source: { url: cap.source_url, date: cap.source_date },
      });
      pays({
        cost: cap.price_pence,
        legs: indexes,
        name: `${cap.operator} ${cap.product}`,
        coveredNote: () => `Included in the ${cap.operator} ${cap.product} above`,
      });
    } else {
      for (const l of legs) {
        costs.push(l.cost);
        breakdown.push(l.line);
      }
    }
  }
  return { cost: sumCosts(costs), breakdown, legShares };
}
