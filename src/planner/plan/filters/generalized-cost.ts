/**
 * Generalized cost: time, waiting, changes, walking and money in one figure (seconds), so a
 * public transport option far worse than the best one is removed. Direct modes are never judged
 * by it: each is its own choice (a taxi's price is the traveller's to weigh), and walking,
 * cycling and driving are the yardsticks the other rules use.
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { Journey } from '../../journey/types';
import type { JourneyRule } from './types';
import { isDirect, legsOf, stepGaps } from './clock';

/** Weights (README.md): a minute waiting or walking costs twice a minute riding; a change ten minutes; money at £10 an hour. */
export const WAIT_WEIGHT = 2;
export const WALK_WEIGHT = 2;
export const WALK_SPEED_MS = 1.33;
export const CHANGE_S = 600;
export const SECONDS_PER_PENNY = 3600 / 1000;
/** Removed when above LIMIT_A + LIMIT_B x the best public transport option's cost. */
export const LIMIT_A_S = 1800;
export const LIMIT_B = 2;

export function generalizedCost(f: JourneyFigures): number {
  const j: Journey = f.journey;
  const riding = legsOf(j).reduce((s, l) => s + l.duration.value, 0);
  const waiting = legsOf(j)
    .flatMap(stepGaps)
    .reduce((s, g) => s + Math.max(0, g), 0);
  const walking = j.total_walking_distance / WALK_SPEED_MS;
  const money = j.cost_value ?? 0;
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
  remove(options) {
    const out = new Map<JourneyFigures, string>();
    const transit = options.filter((f) => !isDirect(f.journey));
    const open = transit.filter((f) => !f.journey.eligibility);
    if (open.length === 0) return out;
    const best = Math.min(...open.map(generalizedCost));
    const limit = LIMIT_A_S + LIMIT_B * best;
    for (const f of transit) {
      const c = generalizedCost(f);
      if (c > limit)
        out.set(
          f,
          `generalized cost ${Math.round(c / 60)} min is over the limit ${Math.round(limit / 60)} min (${LIMIT_A_S / 60} + ${LIMIT_B}x the best, ${Math.round(best / 60)} min)`,
        );
    }
    return out;
  },
};
