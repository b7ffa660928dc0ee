/**
 * The planner's output: plain objects in the SPEC section 3 shape (Journey / Leg / Step /
 * Direction / Timetable / Toilet marker / Poi / Taxi).
 *
 * Why these interfaces live here and the zod schema in src/contract/journey.ts: the contract
 * owns the API's schema, but the planner imports nothing of ours outside src/planner (lint rule
 * drover/import-boundaries; the planner must run in a browser worker without the contract's zod).
 * So the planner produces objects typed by these mirror interfaces, and a test in
 * tests/planner/plan (tests may import both) validates every planned journey against the
 * contract schema - if the two drift apart, that test fails.
 *
 * Units: durations and waits in seconds, distances in metres, emissions in kg CO2e, times as local
 * wall-clock text of the region (dates YYYY-MM-DD, times HH:mm).
 */

import type { PricingBreakdownItem } from '../costs/money';
import type { Poi, ToiletMarker } from '../street/types';

/** SPEC travel types and transport modes: src/vocabulary, shared with the contract and the web. */
export { TRAVEL_TYPES, type TransportMode, type TravelType } from '../../vocabulary/index';
import type { CostValue, TransportMode, TravelType } from '../../vocabulary/index';

export interface TextValue {
  text: string;
  value: number;
}

export interface PlaceOut {
  label: string;
  lat: number;
  lng: number;
}

export interface Direction {
  html_instructions: string;
  distance: { text: string };
}

export interface Timetable {
  Mode: string;
  ServiceNumber: string;
  timetable: {
    stops: { stop_id: string; name: string }[];
    /** One column per trip; departure times HH:mm or '-' where the trip does not call, and the arrivals. */
    columns: { trip_id: string; times: string[]; arrivals?: string[] }[];
  };
  /** A service without departure times in our data: its windows that day from its first stop, and the wait to allow. */
  frequency?: { first: string; last: string; allowance_minutes: number }[];
}

export interface Taxi {
  name: string;
  phone: string;
}

// Points of interest and toilets are the street module's (street/amenities.ts finds them).
export type { Poi, ToiletMarker } from '../street/types';

export interface StepTransit {
  agency: { name: string; url: string };
  route: { short_name: string; long_name: string; mode: string; color: string };
  headsign: string;
  trip_id: string;
  service_date: string;
  from_stop: { stop_id: string; name: string };
  to_stop: { stop_id: string; name: string };
  num_stops: number;
  /** The feed's own dates (YYYY-MM-DD) when its timetable was rolled forward onto current dates; null otherwise. */
  /** `mode`: the timetable's main mode ('rail' for a rail feed's replacement bus too). */
  rolled_forward?: { from: string; to: string; mode?: string } | null;
  /**
   * A service without departure times in our data (route patterns, GTFS headways): its first and last
   * departure at the boarding stop (HH:MM), the wait to allow and the ride; the step's times are estimates.
   */
  frequency?: { first: string; last: string; allowance_minutes: number; ride_minutes: number } | null;
}

export interface Step {
  /** The step's travel type (walk, bus, train, coach, taxi, own-car, ...). */
  type: TravelType;
  departure_time: string;
  arrival_time: string;
  description: string;
  duration: TextValue;
  distance: TextValue;
  /** 'free', 'unknown' or an amount. */
  cost: string;
  /**
   * Where one ticket pays for several rides (a through or return train ticket, a day ticket): on
   * the ride whose step carries its price, what it buys ("ScotRail return Pitlochry - Dundee: also
   * pays for 3 more rides below"); on the others, at zero cost, what covers them ("Included in the
   * return ticket above"). So the steps add up to the journey's total.
   */
  cost_note?: string;
  elevationHighest: number | null;
  elevationLowest: number | null;
  start_location: { lat: number; lng: number };
  end_location: { lat: number; lng: number };
  end_address: string;
  /** Google encoded polyline. */
  polyline: string;
  timetable: Timetable | null;
  transit: StepTransit | null;
  directions: Direction[];
  car_club: { provider: string; promo_link: string | null } | null;
  how_to_guide: { service: { name: string; website: string | null; statements: { body: string }[] } } | null;
  /** True when distance and time are straight-line estimates (no street graph): no directions are given. */
  estimated: boolean;
}

export interface Leg {
  departure_date: string;
  departure_at: string;
  arrival_date: string;
  arrival_at: string;
  duration: TextValue;
  /** Seconds waiting at stops, plus a departure gap over an hour (journey/time-gap.ts). */
  wait_time: number;
  /** The leg leaves more than an hour after the time asked (arrives more than an hour before an arrive-by time). */
  time_gap?: { seconds: number; text: string } | null;
  distance: TextValue;
  walking_distance: TextValue;
  elevationHighest: number | null;
  elevationLowest: number | null;
  overview_polyline: string;
  /** Travel types of the steps, in order (mode icons, stage filter). */
  stages: TravelType[];
  steps: Step[];
  taxis: Taxi[];
  /** Taxi ranks near where the taxi starts (NaPTAN), for the 'Find local taxi operators' modal. */
  taxi_ranks?: { name: string; address: string; lat: number; lng: number; distance: number }[];
  pois: Poi[];
  destination_toilets: { count: number; markers: ToiletMarker[] };
  changes: number;
  estimated: boolean;
  /** Rides to book before travelling (demand-responsive, community transport), in step order. */
  bookings?: Booking[];
}

/** A ride to book: contract/journey.ts bookingSchema. Times are the service's wall clock. */
export interface Booking {
  /** The ride's step in the leg. */
  step_index: number;
  service: string;
  phone: string | null;
  website: string | null;
  how: string | null;
  notice: string;
  deadline: { date: string; time: string } | null;
  opens: { date: string; time: string } | null;
}

export interface Journey {
  id: string;
  cost: string;
  /** The cost as a number for ordering: minor units (pence), 0 when free, null when unknown (vocabulary/units). */
  cost_value: CostValue;
  carbon_emission: number;
  transport_mode: TransportMode;
  duration: TextValue;
  total_wait_time: number;
  total_walking_distance: number;
  depart: Leg;
  return?: Leg;
  drt_operator: { name: string; booking_website: string | null; phone: string | null } | null;
  origin: PlaceOut;
  destination: PlaceOut;
  placeholder: boolean;
  pricing_breakdown: PricingBreakdownItem[];
  payment_methods_breakdown: { agency_name: string; methods: string[] }[];
  /** Why this option is in the set: fastest, fewest-changes, cheapest, lowest-emissions, departure-window, direct. */
  tags: string[];
  /** Any street leg estimated from straight-line distance. */
  estimated: boolean;
  /** Who may use it, when only some travellers may (community transport for people who cannot use ordinary buses). */
  eligibility?: string | null;
  /** A return was asked but none leaves after this option arrives (and any appointment ends): why, in words. */
  return_unavailable?: string | null;
  /**
   * With a return: when each way back by this option's mode that a return time could give it leaves
   * ('YYYY-MM-DDTHH:mm', by departure, the paired one included): those leaving after it arrives (and
   * any appointment ends) that arrive before every one leaving later. The health brand's early and
   * later return options move the return time to the one before or after the paired return.
   */
  return_departures?: string[];
  /**
   * The prices without the traveller's passes, when their passes changed one (a railcard's third
   * off, a concessionary pass's free bus). A search's URL is shareable: the server shows these to
   * anyone but the traveller who planned it (journey/prices.ts); never part of the API's Journey.
   */
  prices_for_anyone?: JourneyPrices;
}

/** What of a journey depends on who travels: the total, its breakdown and each step's cost (per leg: depart, return). */
export interface JourneyPrices {
  cost: string;
  /** The cost as a number for ordering (vocabulary/units); absent on prices stored before it existed. */
  cost_value?: CostValue;
  pricing_breakdown: PricingBreakdownItem[];
  step_costs: string[][];
  /** Per step, what covers a ride another step's ticket pays for (Step.cost_note); absent when no step has one. */
  step_cost_notes?: (string | null)[][];
}
