/** Result card wording: SPEC section 9's units (mode names, icons, cost and date live in components/journey-labels). */

/** Seconds -> whole minutes, as the card's 'mins'. */
export function minutes(seconds: number): number {
  return Math.round(seconds / 60);
}

export function kgCo2(kg: number): string {
  return kg.toFixed(2);
}
