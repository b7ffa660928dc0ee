/** Node-only: reads and validates a region's cost data files (data/regions/<region>/*.json). */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { LandMask } from '../geo/land';
import { join } from 'node:path';
import { modeFactors } from './emission-factors';
import {
  bikeHireDataSchema,
  carClubDataSchema,
  councilAreasDataSchema,
  landMaskOf,
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
    ...(councils.land ? { land: landMaskOf(councils)! } : {}),
    emissionFactors: modeFactors(factors.factors),
  };
}

/** A region's land mask (geo/land.ts) from its council-areas.json; null when the region data has none. */
export async function loadLandMaskFrom(dir: string): Promise<LandMask | null> {
  const path = join(dir, 'council-areas.json');
  if (!existsSync(path)) return null;
  return landMaskOf(councilAreasDataSchema.parse(await json(dir, 'council-areas.json'))) ?? null;
}
