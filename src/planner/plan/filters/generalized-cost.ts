/**
 * Generalized cost: time, waiting, changes, walking and money in one figure (seconds), so a
 * public transport option far worse than the best one is removed. Direct modes are never judged
 * by it: each is its own choice (a taxi's price is the traveller's to weigh), and walking,
 * cycling and driving are the yardsticks the other rules use.
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { Journey } from '../../journey/types';
import type { JourneyRule } from './types';
import { isDirect, legEnd, legStart, legsOf, minutesText, optionText, stepGaps } from './clock';

/** Weights (README.md): a minute waiting or walking costs twice a minute riding; a change ten minutes; money at £10 an hour. */
export const WAIT_WEIGHT = 2;
export const WALK_WEIGHT = 2;
export const WALK_SPEED_MS = 1.33;
export const CHANGE_S = 600;
export const SECONDS_PER_PENNY = 3600 / 1000;
/** Removed when above LIMIT_A + LIMIT_B x the cost of an option near it in time (INTERVAL_RELAX, below). */
export const LIMIT_A_S = 1800;
export const LIMIT_B = 2;
/**
 * Seconds of limit per second between two options' departures (arrive-by: arrivals): options across
 * a window are compared as OpenTripPlanner 2 does (its intervalRelaxFactor, 0.4), so a bus leaving
 * at the time asked is never removed by a cheaper one leaving an hour and a half later, whose wait
 * before it leaves is in no step and so in no cost.
 */
export const INTERVAL_RELAX = 0.4;

/**
 * The cost in seconds; money only `withMoney` (an unknown price is no price: a pair of options is
 * compared on money only when both prices are known, so a bus whose fare nobody publishes is not
 * the cheapest yardstick that removes every priced train).
 */
export function generalizedCost(f: JourneyFigures, withMoney = true): number {
  const j: Journey = f.journey;
  const riding = legsOf(j).reduce((s, l) => s + l.duration.value, 0);
  const waiting = legsOf(j)
    .flatMap(stepGaps)
    .reduce((s, g) => s + Math.max(0, g), 0);
  const walking = j.total_walking_distance / WALK_SPEED_MS;
  const money = withMoney ? (j.cost_value ?? 0) : 0;
  return (
    riding +
    (WAIT_WEIGHT - 1) * waiting +
    (WALK_WEIGHT - 1) * walking +
    CHANGE_S * f.changes +
    SECONDS_PER_PENNY * money
  );
}

export const generalizedCostLimit: JourneyRule = {
  name: 'generalized-cost',
  remove(options, ctx) {
    const out = new Map<JourneyFigures, string>();
    const transit = options.filter((f) => !isDirect(f.journey));
    const when = (f: JourneyFigures) => (ctx.arriveBy ? legEnd(f.journey.depart) : legStart(f.journey.depart));
    const yardsticks = transit.filter((f) => !f.journey.eligibility);
    const priced = (f: JourneyFigures) => f.journey.cost_value !== null && f.journey.cost_value !== undefined;
    for (const f of transit) {
      const apart = (g: JourneyFigures) => Math.abs(when(f) - when(g));
      // The tightest limit any option open to everyone sets, relaxed by how far apart in time the two are.
      let over: { cost: number; limit: number; by: JourneyFigures; byCost: number } | null = null;
      for (const y of yardsticks) {
        const withMoney = priced(f) && priced(y);
        const cost = generalizedCost(f, withMoney);
        const byCost = generalizedCost(y, withMoney);
        const limit = LIMIT_A_S + LIMIT_B * byCost + INTERVAL_RELAX * apart(y);
        if (cost > limit && (!over || cost - limit > over.cost - over.limit)) over = { cost, limit, by: y, byCost };
      }
      if (over)
        out.set(
          f,
          `generalized cost ${Math.round(over.cost / 60)} min is over the limit ${Math.round(over.limit / 60)} min (${LIMIT_A_S / 60} + ${LIMIT_B}x ${Math.round(over.byCost / 60)} min of ${optionText(over.by.journey)}${apart(over.by) ? ` + ${INTERVAL_RELAX}x the ${minutesText(apart(over.by))} between them` : ''}${priced(f) && priced(over.by) ? '' : '; money left out, a price is unknown'})`,
        );
    }
    return out;
  },
};
