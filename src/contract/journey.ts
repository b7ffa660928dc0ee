/**
 * Journey / Leg / Step / Direction / Timetable / Toilet marker / Poi / Taxi (SPEC section 3) as
 * zod schemas + types. The contract owns this schema. The planner (which may not import
 * src/contract) emits plain objects typed by its mirror interfaces in
 * src/planner/journey/types.ts; tests/planner/plan validates every planned journey
 * against the schemas here, so the two cannot drift apart unnoticed.
 *
 * Units: seconds, metres, kg CO2e; local dates YYYY-MM-DD and times HH:mm.
 */
import { z } from 'zod';
import { TRANSPORT_MODES, TRAVEL_TYPES } from '../vocabulary/index';

/** A journey's stages are the travel types of the vocabulary. */
export const JOURNEY_TRAVEL_TYPES = TRAVEL_TYPES;
const travelType = z.enum(JOURNEY_TRAVEL_TYPES);

/** 'free', 'unknown' or an amount such as '£4.20' (other currencies by symbol or ISO code). */
export const costTextSchema = z
  .string()
  .regex(/^(free|unknown|-?(£|€|\$|R\$)?\d+\.\d{2}( [A-Z]{3})?)$/, "cost must be 'free', 'unknown' or an amount");
const clock = z.string().regex(/^\d{2}:\d{2}$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const textValue = z.object({ text: z.string(), value: z.number().nonnegative() });
const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const elevation = z.number().nullable();

export const directionSchema = z.object({
  html_instructions: z.string().min(1),
  distance: z.object({ text: z.string() }),
});
export const timetableSchema = z.object({
  Mode: z.string(),
  ServiceNumber: z.string(),
  timetable: z.object({
    stops: z.array(z.object({ stop_id: z.string(), name: z.string() })),
    columns: z.array(
      z.object({
        trip_id: z.string(),
        times: z.array(z.string().regex(/^(\d{2}:\d{2}|-)$/)),
        /** Arrival times beside `times` (departures); journeys stored before they were added have none. */
        arrivals: z.array(z.string().regex(/^(\d{2}:\d{2}|-)$/)).optional(),
      }),
    ),
  }),
  /**
   * A service without departure times in our data (no columns): the windows it runs in that day, from
   * its first stop (first and last departure, HH:mm) and the wait to allow.
   */
  frequency: z
    .array(z.object({ first: clock, last: clock, allowance_minutes: z.number().int().positive() }))
    .optional(),
});
export const taxiSchema = z.object({ name: z.string().min(1), phone: z.string().min(1) });
export const poiSchema = z.object({
  name: z.string(),
  type: z.string(),
  count: z.number().int().nonnegative(),
  link: z.string().nullable(),
});
export const toiletMarkerSchema = z.object({
  name: z.string(),
  location: latLng,
  openingTimes: z.record(z.string(), z.union([z.tuple([z.string(), z.string()]), z.string()])),
  accessible: z.boolean().nullable(),
  allGender: z.boolean().nullable(),
  men: z.boolean().nullable(),
  women: z.boolean().nullable(),
  babyChange: z.boolean().nullable(),
  paymentDetails: z.string().nullable(),
  notes: z.string().nullable(),
});

export const stepSchema = z.object({
  type: travelType,
  departure_time: clock,
  arrival_time: clock,
  description: z.string().min(1),
  duration: textValue,
  distance: textValue,
  cost: costTextSchema,
  /** One ticket for several rides: what it buys (on the step with its price), or what covers a ride (at zero cost). */
  cost_note: z.string().min(1).optional(),
  elevationHighest: elevation,
  elevationLowest: elevation,
  start_location: latLng,
  end_location: latLng,
  end_address: z.string(),
  polyline: z.string(),
  timetable: timetableSchema.nullable(),
  transit: z
    .object({
      agency: z.object({ name: z.string(), url: z.string() }),
      route: z.object({ short_name: z.string(), long_name: z.string(), mode: z.string(), color: z.string() }),
      headsign: z.string(),
      trip_id: z.string(),
      service_date: date,
      from_stop: z.object({ stop_id: z.string(), name: z.string() }),
      to_stop: z.object({ stop_id: z.string(), name: z.string() }),
      num_stops: z.number().int().positive(),
      /** An expired feed's own dates when the import rolled its calendar onto current dates (README). */
      rolled_forward: z
        .object({ from: date, to: date, mode: z.string().min(1).optional() })
        .nullable()
        .optional(),
      /** A service without departure times in our data: its span at the stop and the wait to allow; times estimated. */
      frequency: z
        .object({
          first: clock,
          last: clock,
          allowance_minutes: z.number().int().positive(),
          ride_minutes: z.number().int().positive(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
  directions: z.array(directionSchema),
  car_club: z.object({ provider: z.string(), promo_link: z.string().nullable() }).nullable(),
  how_to_guide: z
    .object({
      service: z.object({
        name: z.string(),
        website: z.string().nullable(),
        statements: z.array(z.object({ body: z.string() })),
      }),
    })
    .nullable(),
  estimated: z.boolean(),
});

/**
 * A demand-responsive or community ride to book before travelling (issue 31): the booking step.
 * Times are the service's wall clock (the region's time zone); deadline and opens are null where
 * the service's rules set none (real-time booking, or notice published only as text).
 */
export const bookingSchema = z.object({
  /** The ride's step in its leg. */
  step_index: z.number().int().nonnegative(),
  service: z.string().min(1),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** How to book, as published. */
  how: z.string().nullable(),
  /** The rule in words: 'book by 17:00 the day before'. */
  notice: z.string(),
  deadline: z.object({ date, time: clock }).nullable(),
  opens: z.object({ date, time: clock }).nullable(),
});

export const legSchema = z.object({
  departure_date: date,
  departure_at: clock,
  arrival_date: date,
  arrival_at: clock,
  duration: textValue,
  wait_time: z.number().nonnegative(),
  /** Leaves more than an hour after the time asked (arrives more than an hour before an arrive-by time). */
  time_gap: z.object({ seconds: z.number().positive(), text: z.string() }).nullable().optional(),
  distance: textValue,
  walking_distance: textValue,
  elevationHighest: elevation,
  elevationLowest: elevation,
  overview_polyline: z.string(),
  stages: z.array(travelType).min(1),
  steps: z.array(stepSchema).min(1),
  taxis: z.array(taxiSchema),
  /** NaPTAN taxi ranks near where the taxi starts: places to find one, not operators. Optional: older saved journeys lack it. */
  taxi_ranks: z
    .array(
      z.object({
        name: z.string(),
        address: z.string(),
        lat: z.number(),
        lng: z.number(),
        distance: z.number().nonnegative(),
      }),
    )
    .optional(),
  pois: z.array(poiSchema),
  destination_toilets: z.object({ count: z.number().int().nonnegative(), markers: z.array(toiletMarkerSchema) }),
  changes: z.number().int().nonnegative(),
  estimated: z.boolean(),
  /** Rides to book before travelling, in step order. Optional: journeys stored before issue 31 lack it. */
  bookings: z.array(bookingSchema).optional(),
});

const place = z.object({ label: z.string(), lat: z.number(), lng: z.number() });

export const journeySchema = z.object({
  id: z.string().min(1),
  cost: costTextSchema,
  /** The cost for ordering: minor units, 0 free, null unknown. Absent on journeys saved before it existed. */
  cost_value: z.number().int().nullable().optional(),
  carbon_emission: z.number().nonnegative(),
  transport_mode: z.enum(TRANSPORT_MODES),
  duration: textValue,
  total_wait_time: z.number().nonnegative(),
  total_walking_distance: z.number().nonnegative(),
  depart: legSchema,
  return: legSchema.optional(),
  drt_operator: z
    .object({ name: z.string(), booking_website: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  origin: place,
  destination: place,
  placeholder: z.boolean(),
  user_status: z.literal('saved').optional(),
  /** SPEC description and cost; estimated (a tariff, dated fare or formula, not this trip's published fare) and its source. */
  pricing_breakdown: z.array(
    z.object({
      description: z.string(),
      cost: costTextSchema,
      estimated: z.boolean().optional(),
      source: z.object({ url: z.string(), date: z.string() }).nullable().optional(),
    }),
  ),
  payment_methods_breakdown: z.array(z.object({ agency_name: z.string(), methods: z.array(z.string()) })),
  tags: z.array(z.string()),
  estimated: z.boolean(),
  /** Who may use it, when only some travellers may (community transport, some DRT). */
  eligibility: z.string().nullable().optional(),
  /** A return was asked but none leaves after this option arrives (and any appointment ends): why, in words. */
  return_unavailable: z.string().nullable().optional(),
  /**
   * With a return: when each way back by this option's mode that a return time could give it leaves
   * ('YYYY-MM-DDTHH:mm', London, by departure, the paired one included). The health brand's early and
   * later return options move the return time to the one before or after the paired return.
   */
  return_departures: z.array(z.string()).optional(),
});

export type Direction = z.infer<typeof directionSchema>;
export type Timetable = z.infer<typeof timetableSchema>;
export type Taxi = z.infer<typeof taxiSchema>;
export type Poi = z.infer<typeof poiSchema>;
export type ToiletMarker = z.infer<typeof toiletMarkerSchema>;
export type Step = z.infer<typeof stepSchema>;
export type Leg = z.infer<typeof legSchema>;
export type Booking = z.infer<typeof bookingSchema>;
export type Journey = z.infer<typeof journeySchema>;
