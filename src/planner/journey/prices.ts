/**
 * A journey priced for its traveller or for anyone (issue 33). The planner prices a journey with
 * the traveller's passes and, when those change a fare, once more without them
 * (Journey.prices_for_anyone). The same legs, so the same journey: only the total, the breakdown
 * and the steps' costs differ. A search's URL is shareable, so the server stores the journey as
 * anyone sees it and shows the traveller's own prices to the traveller alone.
 */
import type { Journey, JourneyPrices, Leg } from './types';

/** Which tag a price decides: a journey shown at someone else's prices is not claimed cheapest. */
const PRICE_TAG = 'cheapest';

/** The journey's prices as it stands. */
export function pricesOf(journey: Journey): JourneyPrices {
  const legs = [journey.depart, ...(journey.return ? [journey.return] : [])];
  const noted = legs.some((leg) => leg.steps.some((step) => step.cost_note));
  return {
    cost: journey.cost,
    cost_value: journey.cost_value,
    pricing_breakdown: journey.pricing_breakdown,
    step_costs: legs.map((leg) => leg.steps.map((step) => step.cost)),
    ...(noted ? { step_cost_notes: legs.map((leg) => leg.steps.map((step) => step.cost_note ?? null)) } : {}),
  };
}

export function samePrices(a: JourneyPrices, b: JourneyPrices): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A step's cost and, when another step's ticket covers it, what covers it (prices stored before notes: none). */
function repriced(leg: Leg, costs: readonly string[] | undefined, notes: readonly (string | null)[] | undefined): Leg {
  if (!costs) return leg;
  return {
    ...leg,
    steps: leg.steps.map((step, i) => {
      const { cost_note: _was, ...rest } = step;
      const note = notes?.[i];
      return { ...rest, cost: costs[i] ?? step.cost, ...(note ? { cost_note: note } : {}) };
    }),
  };
}

/** The journey with these prices instead of its own (everything else shared, not copied). */
export function withPrices(journey: Journey, prices: JourneyPrices): Journey {
  const { prices_for_anyone: _dropped, ...rest } = journey;
  return {
    ...rest,
    cost: prices.cost,
    // Prices stored before cost_value existed order as unknown rather than keep another's number;
    // a journey stored before it keeps its stored shape.
    ...(prices.cost_value !== undefined || 'cost_value' in rest ? { cost_value: prices.cost_value ?? null } : {}),
    pricing_breakdown: prices.pricing_breakdown,
    depart: repriced(journey.depart, prices.step_costs[0], prices.step_cost_notes?.[0]),
    ...(journey.return ? { return: repriced(journey.return, prices.step_costs[1], prices.step_cost_notes?.[1]) } : {}),
  };
}

/**
 * The journey as anyone but its traveller sees it: priced without their passes and without the
 * 'cheapest' tag those prices earned. A journey no pass changed is the same for everyone.
 */
export function journeyForAnyone(journey: Journey): Journey {
  const anyone = journey.prices_for_anyone;
  if (!anyone) {
    if (!('prices_for_anyone' in journey)) return journey;
    const { prices_for_anyone: _dropped, ...rest } = journey;
    return rest;
  }
  return { ...withPrices(journey, anyone), tags: journey.tags.filter((tag) => tag !== PRICE_TAG) };
}

/** The journey without the anyone prices: the traveller's own view (what the device planner shows). */
export function journeyForTraveller(journey: Journey): Journey {
  if (!('prices_for_anyone' in journey)) return journey;
  const { prices_for_anyone: _dropped, ...rest } = journey;
  return rest;
}
