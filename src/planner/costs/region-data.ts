/**
 * zod schemas for the region cost files (data/regions/<region>/*.json) built by
 * src/planner/cli/build-region-facts.ts from the cited facts. Every row carries
 * source_url and source_date. Validate once at load time; the pricing functions take
 * the parsed, typed data.
 */
import { z } from 'zod';
import type { ModeFactors } from './emission-factors';
import type { LandMask } from '../geo/land';
import type { CouncilArea } from '../geo/council-areas';
import type { BikeHireTariff } from './bike-hire';
import type { CarClubTariff } from './car-club';
import type { PaymentMethodsData } from './payment-methods';
import type { RailFareData } from './rail-fares';
import type { TaxiData } from './taxi';
import type { FaresData } from './transit';

const sourced = { source_url: z.string().url(), source_date: z.string().min(1) };
const clock = z.string().regex(/^\d{2}:\d{2}$/);
const monthDay = z.string().regex(/^\d{2}-\d{2}$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const tariffApplies = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('clock'),
    from: clock,
    to: clock,
    days: z.array(z.number().int().min(0).max(6)).optional(),
  }),
  z.object({ kind: z.literal('passengers'), min: z.number().int().min(1) }),
  z.object({
    kind: z.literal('dates'),
    ranges: z.array(z.object({ from: monthDay, to: monthDay })).min(1),
    clock: z.object({ from: clock, to: clock }).optional(),
  }),
  z.object({ kind: z.literal('unstated'), text: z.string() }),
]);

const pence = z.number().int().nonnegative();

export const taxiDataSchema = z.object({
  councils: z.array(
    z.object({
      council: z.string().min(1),
      tariffs: z.array(
        z.object({
          name: z.string().min(1),
          applies: tariffApplies,
          initial_charge_pence: pence,
          initial_distance_yards: z.number().positive().nullable(),
          increment_pence: pence.nullable(),
          increment_distance_yards: z.number().positive().nullable(),
          waiting_pence_per_minute: pence.nullable(),
          effective_from: isoDate.nullable(),
          derivation: z.string().optional(),
          notes: z.string().optional(),
          ...sourced,
        }),
      ),
      gaps: z.array(z.string()),
      operators: z.array(z.object({ name: z.string().min(1), phone: z.string().min(1), ...sourced })),
    }),
  ),
}) satisfies z.ZodType<TaxiData>;

const carClubTariff = z.object({
  per_hour_pence: pence,
  per_day_pence: pence.nullable(),
  per_mile_pence: pence,
  minimum_minutes: z.number().int().nonnegative(),
  vat_included: z.boolean(),
  ...sourced,
}) satisfies z.ZodType<CarClubTariff>;

export const carClubDataSchema = z.object({
  clubs: z.array(
    z.object({
      provider: z.string().min(1),
      council_area: z.string().min(1),
      town: z.string(),
      /** SPEC car_club.promo_link: the operator's join page from the sources, or null. */
      promo_link: z.string().url().nullable(),
      vehicles: z.string(),
      /** DESNZ car fuel for emissions: 'unknown' unless the source says (e.g. EVs). */
      fuel: z.enum(['diesel', 'petrol', 'hybrid', 'cng', 'lpg', 'unknown', 'plug-in hybrid', 'battery electric']),
      bays: z.array(
        z.object({
          description: z.string().min(1),
          lat: z.number().nullable(),
          lng: z.number().nullable(),
          ...sourced,
        }),
      ),
      tariff: carClubTariff.nullable(),
      status: z.string(),
      notes: z.string().optional(),
      ...sourced,
    }),
  ),
  terms: z.array(z.object({ provider: z.string(), text: z.string(), ...sourced })),
});
export type CarClubData = z.infer<typeof carClubDataSchema>;

const bikeTariff = z.object({
  unlock_pence: pence,
  bands: z
    .array(
      z.object({
        from_minute: z.number().nonnegative(),
        to_minute: z.number().positive().nullable(),
        pence,
        per_minutes: z.number().positive(),
      }),
    )
    .min(1),
  vat_included: z.boolean(),
  ...sourced,
}) satisfies z.ZodType<BikeHireTariff>;

const bikeScheme = z.object({
  scheme: z.string().min(1),
  operator: z.string(),
  council_area: z.string(),
  towns: z.array(z.string()),
  stations: z.array(z.object({ name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() })),
  stations_text: z.string(),
  tariff: bikeTariff.nullable(),
  status: z.string(),
  last_confirmed: z.string(),
  ...sourced,
});

export const bikeHireDataSchema = z.object({
  /** Schemes a traveller can use now: only these are planned. */
  schemes: z.array(bikeScheme),
  /** Schemes whose current operation no source confirms, or that ended: documentation only, never planned. */
  not_current: z.array(bikeScheme.extend({ reason: z.string().min(1) })),
});
export type BikeHireData = z.infer<typeof bikeHireDataSchema>;

export const drtDataSchema = z.object({
  services: z.array(
    z.object({
      name: z.string().min(1),
      kind: z.enum(['drt', 'door-to-door', 'volunteer-car', 'community-bus', 'hail-and-ride', 'group-hire']),
      operator: z.string(),
      council_areas: z.array(z.string()).min(1),
      area_served: z.string(),
      /** Opening/operating hours as published; structured windows when the source gives clock times. */
      hours_text: z.string().nullable(),
      hours: z.array(z.object({ days: z.array(z.number().int().min(0).max(6)), from: clock, to: clock })),
      booking: z.object({
        how: z.string().nullable(),
        phone: z.string().nullable(),
        url: z.string().url().nullable(),
        notice: z.string().nullable(),
      }),
      eligibility: z.string(),
      /** Whether an individual traveller can use it (group-hire minibuses cannot). */
      individuals: z.boolean(),
      fares_text: z.string().nullable(),
      /** The fare as a formula when the source states one plainly; null otherwise (then the cost is unknown). */
      fare: z
        .discriminatedUnion('kind', [
          z.object({ kind: z.literal('free') }),
          z.object({ kind: z.literal('flat'), pence }),
          z.object({ kind: z.literal('per_mile'), pence }),
        ])
        .nullable(),
      status: z.string(),
      last_confirmed: z.string(),
      notes: z.string().optional(),
      ...sourced,
      extra_sources: z.array(z.object({ about: z.string(), ...sourced })),
    }),
  ),
});
export type DrtData = z.infer<typeof drtDataSchema>;

const railStation = z.object({
  name: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

const railFareDataSchema = z.object({
  operator: z.string().min(1),
  price_level: isoDate,
  all_day_rule: z.object({ text: z.string().min(1), ...sourced }),
  rises: z.array(z.object({ effective_date: isoDate, percent: z.number().positive(), ...sourced })),
  observations: z
    .array(
      z.object({
        from: railStation,
        to: railStation,
        product: z.string().min(1),
        published_pence: pence.positive(),
        seen: isoDate,
        indexed_pence: z.number().positive(),
        ...sourced,
      }),
    )
    .min(2),
  excluded: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      price_pence: pence,
      reason: z.string().min(1),
      source_url: z.string().url(),
    }),
  ),
}) satisfies z.ZodType<RailFareData>;

export const faresDataSchema = z.object({
  concession_scheme: z.literal('scotland').optional(),
  coach_operators: z.array(
    z.object({ agency_name: z.string().min(1), accepts_nec: z.boolean().nullable(), note: z.string(), ...sourced }),
  ),
  published_fares: z.array(
    z.object({
      operator: z.string().min(1),
      agency_names: z.array(z.string().min(1)).min(1),
      product: z.string().min(1),
      kind: z.enum(['single', 'day', 'return', 'period', 'other']),
      passenger_type: z.string().min(1),
      price_pence: pence,
      effective_date: isoDate.nullable(),
      use_for_legs: z.boolean(),
      caps_singles_per_day: z.boolean(),
      between: z.tuple([z.string(), z.string()]).optional(),
      note: z.string().optional(),
      ...sourced,
    }),
  ),
  public_holidays: z.array(isoDate).optional(),
  rail: railFareDataSchema.optional(),
  rules: z.array(
    z.object({ category: z.string(), operator: z.string(), product: z.string(), rule: z.string(), ...sourced }),
  ),
}) satisfies z.ZodType<FaresData & { rules: unknown[] }>;

export const paymentMethodsDataSchema = z.object({
  agencies: z.array(
    z.object({
      agency_name: z.string().min(1),
      methods: z.array(z.string().min(1)),
      note: z.string().optional(),
      ...sourced,
    }),
  ),
}) satisfies z.ZodType<PaymentMethodsData>;

const councilAreaSchema = z.object({
  name: z.string().min(1),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  polygons: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
});

export const councilAreasDataSchema = z.object({
  source_url: z.string().url(),
  source_date: z.string(),
  attribution: z.string(),
  areas: z.array(councilAreaSchema),
  /**
   * The land test (geo/land.ts): a box around the region and every other council in it (their
   * polygons that reach the box), so a point in the sea is told from one on land next door.
   */
  land: z
    .object({
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      neighbours: z.array(councilAreaSchema),
    })
    .optional(),
});

export const emissionFactorsDataSchema = z.object({
  source: z.string(),
  source_url: z.string().url(),
  source_date: z.string(),
  column_note: z.string(),
  factors: z.array(
    z.object({
      mode: z.string(),
      category: z.string(),
      fuel: z.string(),
      unit: z.enum(['passenger.km', 'vehicle.km']),
      kgCo2ePerKm: z.number().nonnegative(),
    }),
  ),
});

/** File name -> schema, for the loader and the validation test. */
export const REGION_COST_FILES = {
  'taxis.json': taxiDataSchema,
  'car-clubs.json': carClubDataSchema,
  'bike-hire.json': bikeHireDataSchema,
  'drt.json': drtDataSchema,
  'fares.json': faresDataSchema,
  'payment-methods.json': paymentMethodsDataSchema,
  'council-areas.json': councilAreasDataSchema,
  'emission-factors.json': emissionFactorsDataSchema,
} as const;

/** A region's cost data as loaded (region-data-node.ts) or read from its snapshot: what planning prices with. */
export interface RegionCostData {
  taxis: TaxiData;
  carClubs: CarClubData;
  bikeHire: BikeHireData;
  drt: DrtData;
  fares: FaresData;
  paymentMethods: PaymentMethodsData;
  councilAreas: CouncilArea[];
  /** Where land is, around the region (geo/land.ts); absent in data without it: nothing is refused as sea. */
  land?: LandMask;
  emissionFactors: ModeFactors;
}

/** The land mask of a council-areas.json with a `land` section: the region's councils and its neighbours. */
export function landMaskOf(data: z.infer<typeof councilAreasDataSchema>): LandMask | undefined {
  if (!data.land) return undefined;
  const area = (a: z.infer<typeof councilAreaSchema>): CouncilArea => ({
    name: a.name,
    bbox: a.bbox,
    polygons: a.polygons,
  });
  return { bbox: data.land.bbox, areas: [...data.areas.map(area), ...data.land.neighbours.map(area)] };
}
