/** Node-only: reads and validates a region's cost data files (data/regions/<region>/*.json). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { modeFactors } from './emission-factors';
import {
  bikeHireDataSchema,
  carClubDataSchema,
  councilAreasDataSchema,
  drtDataSchema,
  emissionFactorsDataSchema,
  faresDataSchema,
  paymentMethodsDataSchema,
  taxiDataSchema,
  type RegionCostData,
} from './region-data';

export type { RegionCostData };

async function json(dir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(join(dir, file), 'utf8')) as unknown;
}

export async function loadRegionCostData(dir: string): Promise<RegionCostData> {
  const [taxis, carClubs, bikeHire, drt, fares, paymentMethods, councils, factors] = await Promise.all([
    json(dir, 'taxis.json').then((d) => taxiDataSchema.parse(d)),
    json(dir, 'car-clubs.json').then((d) => carClubDataSchema.parse(d)),
    json(dir, 'bike-hire.json').then((d) => bikeHireDataSchema.parse(d)),
    json(dir, 'drt.json').then((d) => drtDataSchema.parse(d)),
    json(dir, 'fares.json').then((d) => faresDataSchema.parse(d)),
    json(dir, 'payment-methods.json').then((d) => paymentMethodsDataSchema.parse(d)),
    json(dir, 'council-areas.json').then((d) => councilAreasDataSchema.parse(d)),
    json(dir, 'emission-factors.json').then((d) => emissionFactorsDataSchema.parse(d)),
  ]);
  return {
    taxis,
    carClubs,
    bikeHire,
    drt,
    fares,
    paymentMethods,
    councilAreas: councils.areas.map((a) => ({ name: a.name, bbox: a.bbox, polygons: a.polygons })),
    emissionFactors: modeFactors(factors.factors),
  };
}
