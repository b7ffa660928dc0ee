/**
 * Own car: distance x the HMRC approved mileage allowance rate, 45p per mile for cars
 * (first 10,000 business miles a year; gov.uk "Travel - mileage and fuel allowances"),
 * configurable per region. The rate is a cost per mile (fuel, wear, insurance),
 * not a supply, so no VAT is added. Miles from metres by the SPEC factor 0.00062137.
 */
import { metresToMiles } from '../../vocabulary/units';
import type { PriceLine } from './money';

export const HMRC_CAR_PENCE_PER_MILE = 45;
export const HMRC_MILEAGE_SOURCE = {
  url: 'https://www.gov.uk/expenses-and-benefits-business-travel-mileage/rules-for-tax',
  date: 'tax year 2025-26',
};

export function priceOwnCar(
  distanceM: number,
  pencePerMile = HMRC_CAR_PENCE_PER_MILE,
): { pence: number; miles: number; line: PriceLine } {
  if (!Number.isFinite(distanceM) || distanceM < 0)
    throw new RangeError(`car distance must be a non-negative number of metres (got ${distanceM})`);
  if (!Number.isFinite(pencePerMile) || pencePerMile < 0)
    throw new RangeError(`car pence per mile must be a non-negative number (got ${pencePerMile})`);
  const miles = metresToMiles(distanceM);
  const pence = Math.round(miles * pencePerMile);
  return {
    pence,
    miles,
    line: {
      description: `Own car: ${miles.toFixed(2)} miles at ${pencePerMile}p per mile (${pencePerMile === HMRC_CAR_PENCE_PER_MILE ? 'HMRC approved mileage rate: fuel, wear and running costs' : "the region's per-mile rate"}); parking not included: no published parking charges in our data`,
      cost: pence,
      estimated: true,
      ...(pencePerMile === HMRC_CAR_PENCE_PER_MILE ? { source: HMRC_MILEAGE_SOURCE } : {}),
    },
  };
}
