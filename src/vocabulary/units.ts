/**
 * The SPEC's units (section 9), as numbers: miles from metres, and money in minor units (pence),
 * so costs are ordered and added as numbers and turned into text only to be read.
 */

/** SPEC section 9: metres to miles factor 0.00062137. */
export const MILES_PER_METRE = 0.00062137;

export const metresToMiles = (metres: number): number => metres * MILES_PER_METRE;

/** Miles to two decimals, as the cards and the journey page show them: '1.23'. */
export const milesFixed = (metres: number): string => (Math.round(metresToMiles(metres) * 100) / 100).toFixed(2);

/**
 * A journey's price as a number for ordering (SPEC section 9's cost sort): minor units, 0 when
 * free, null when unknown (which sorts after every price).
 */
export type CostValue = number | null;

/** Orders two cost values, cheapest first, unknown last. */
export function compareCostValues(a: CostValue, b: CostValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}
