/**
 * The result filter chain (README.md): each rule in turn removes options from what the previous
 * ones kept, and every removal is recorded with its rule and reason. Options in `keep` are never
 * removed, but are still the yardsticks the rules compare against.
 */
import type { JourneyFigures } from '../../journey/assemble';
import { optionText } from './clock';
import { detours } from './detours';
import { dominance } from './dominance';
import { generalizedCostLimit } from './generalized-cost';
import { lateDepartures } from './late-departures';
import { longWaits } from './long-waits';
import { missingReturns } from './missing-returns';
import type { FilterContext, JourneyRule, Removal } from './types';
import { vehicleAccess } from './vehicle-access';

/** In order: the plain faults first, then the comparisons, the generalized-cost limit last. */
export const RULES: readonly JourneyRule[] = [
  longWaits,
  lateDepartures,
  missingReturns,
  detours,
  vehicleAccess,
  dominance,
  generalizedCostLimit,
];

export function filterOptions(
  options: readonly JourneyFigures[],
  ctx: FilterContext,
  keep: ReadonlySet<JourneyFigures> = new Set(),
  rules: readonly JourneyRule[] = RULES,
): { kept: JourneyFigures[]; removed: Removal[] } {
  let kept = [...options];
  const removed: Removal[] = [];
  for (const rule of rules) {
    const out = rule.remove(kept, ctx);
    if (out.size === 0) continue;
    kept = kept.filter((f) => {
      const reason = out.get(f);
      if (reason === undefined || keep.has(f)) return true;
      removed.push({ rule: rule.name, id: f.journey.id, option: optionText(f.journey), reason });
      return false;
    });
  }
  return { kept, removed };
}
