/**
 * CO2e per leg and per journey (SPEC: Journey.carbon_emission, kg CO2e).
 *
 * Per leg: distance in km x the DESNZ 2025 factor for the mode (factors.ts).
 *  - bus, coach, rail, tram, subway, ferry (foot passenger): per passenger-km.
 *  - taxi: Regular taxi per vehicle-km (the traveller hires the whole car); DRT shared
 *    rides use Regular taxi per passenger-km; a community minibus counts as a bus.
 *  - own car and car club: Average car per vehicle-km by fuel; default fuel 'unknown'
 *    (DESNZ "unknown fuel" average car) unless the caller knows it (e.g. an EV car-club bay).
 *  - walk, cycle, bike hire: 0 (DESNZ gives 0 for walking and cycling; e-bike
 *    electricity is not in the file).
 * Journey totals are rounded to 3 decimals (grams).
 */
import type { ServiceClass } from './modes';
import type { CarFuel, ModeFactors } from './emission-factors';

export type EmissionMode =
  | 'walk'
  | 'cycle'
  | 'bike-hire'
  | 'bus'
  | 'coach'
  | 'rail'
  | 'tram'
  | 'subway'
  | 'ferry'
  | 'taxi'
  | 'drt'
  | 'community-bus'
  | 'car'
  | 'car-club'
  | 'motorbike';

export interface LegEmissionOptions {
  fuel?: CarFuel;
}

/** kg CO2e for one leg (unrounded). */
export function emissionsForLeg(
  factors: ModeFactors,
  mode: EmissionMode,
  distanceM: number,
  options: LegEmissionOptions = {},
): number {
  const km = Math.max(0, distanceM) / 1000;
  switch (mode) {
    case 'walk':
    case 'cycle':
    case 'bike-hire':
      return 0;
    case 'bus':
    case 'community-bus':
      return km * factors.bus;
    case 'coach':
      return km * factors.coach;
    case 'rail':
      return km * factors.rail;
    case 'tram':
      return km * factors.tram;
    case 'subway':
      return km * factors.subway;
    case 'ferry':
      return km * factors.ferry;
    case 'taxi':
      return km * factors.taxiVehicle;
    case 'drt':
      return km * factors.taxiPassenger;
    case 'car':
    case 'car-club':
      return km * factors.car[options.fuel ?? 'unknown'];
    case 'motorbike':
      return km * factors.motorbike;
  }
}

/** kg CO2e to 3 decimals (SPEC shows kg CO2; 3 decimals keeps grams for short walks + bus hops). */
export function roundKg(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}

/** Journey carbon_emission: the sum of its legs, rounded once at the end. */
export function journeyEmissions(
  factors: ModeFactors,
  legs: readonly { mode: EmissionMode; distanceM: number; fuel?: CarFuel }[],
): number {
  let kg = 0;
  for (const l of legs) kg += emissionsForLeg(factors, l.mode, l.distanceM, l.fuel ? { fuel: l.fuel } : {});
  return roundKg(kg);
}

/** The emission mode of a transit leg from its fare/service class; null for classes DESNZ gives no factor for (cable cars, funiculars). */
export function emissionModeForService(serviceClass: ServiceClass): EmissionMode | null {
  return serviceClass === 'other' ? null : serviceClass;
}
