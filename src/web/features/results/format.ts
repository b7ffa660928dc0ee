/** Result card wording: SPEC section 9's units (mode names, icons, cost and date live in components/journey-labels). */

/** SPEC section 9: metres to miles by 0.00062137, rounded to 2 decimals. */
export const METRES_TO_MILES = 0.00062137;
export function metresToMiles(metres: number): string {
  return (Math.round(metres * METRES_TO_MILES * 100) / 100).toFixed(2);
}

/** Seconds -> whole minutes, as the card's 'mins'. */
export function minutes(seconds: number): number {
  return Math.round(seconds / 60);
}

export function kgCo2(kg: number): string {
  return kg.toFixed(2);
}
