/**
 * Drafts the modes produce before assembly: a leg is a list of parts (one per SPEC step) on one
 * service date, times in seconds since that date's midnight.
 */
import type { PricedLeg } from '../costs/transit';
import type { Cost, PriceLine } from '../costs/money';
import type { CarFuel } from '../costs/emission-factors';
import type { EmissionMode } from '../costs/emissions';
import type { LatLng } from '../geo/geo';
import type { Direction, StepTransit, Taxi, Timetable, TransportMode, TravelType } from './types';
import type { NearbyTaxiRank } from '../places/taxi-ranks';

export interface NamedPoint extends LatLng {
  name: string;
}

export interface Part {
  type: TravelType;
  start: number;
  end: number;
  from: NamedPoint;
  to: NamedPoint;
  /** Metres. */
  distance: number;
  points: LatLng[];
  /** Encoded polyline when the source already has it. */
  polyline?: string;
  directions: Direction[];
  elevationHighest?: number | null;
  elevationLowest?: number | null;
  estimated: boolean;
  description: string;
  /** Priced non-transit part (taxi, own car, car club, bike hire). */
  price?: { cost: Cost; line: PriceLine };
  pricedTransit?: PricedLeg;
  /** The same ride priced without the traveller's passes, when they hold any (a shared search shows this). */
  pricedForAnyone?: PricedLeg;
  emission: { mode: EmissionMode; fuel?: CarFuel } | null;
  transit?: StepTransit;
  timetable?: Timetable;
  carClub?: { provider: string; promo_link: string | null };
  howTo?: { name: string; website: string | null; statements: { body: string }[] };
  /** A demand-responsive or community ride the traveller books before travelling (leg.bookings). */
  booking?: BookingDraft;
  /** Identity for the stable id (trip id, or mode). */
  key: string;
}

/** A ride's booking: who takes it, its rule in words, and the rule's times on the service's wall clock. */
export interface BookingDraft {
  service: string;
  phone: string | null;
  website: string | null;
  /** How to book, as the source publishes it. */
  how: string | null;
  /** The rule in words ('book by 17:00 the day before'), or what the sources say of notice. */
  notice: string;
  /** Book by (days since epoch, seconds since that day's midnight); null when the rules set no time. */
  deadline: { date: number; time: number } | null;
  /** Bookings open at, when the rules say. */
  opens: { date: number; time: number } | null;
}

export interface LegDraft {
  mode: TransportMode;
  /** Service date (days since epoch) the times count from. */
  date: number;
  parts: Part[];
  changes: number;
  taxis: Taxi[];
  /** NaPTAN taxi ranks near where the journey's taxi starts (places, not operators). */
  taxiRanks?: NearbyTaxiRank[];
  drt?: { name: string; booking_website: string | null; phone: string | null };
  /** Who may use it, when only some travellers may (journey.eligibility). */
  eligibility?: string;
  /** Public transport with the traveller's own car or bike left at a station (modes/vehicle-transit.ts): a return must collect it there. */
  parkedAt?: { vehicle: 'own-car' | 'taxi' | 'cycle'; stop: number };
}
