/**
 * Dominance: an option is removed when another leaves no earlier, arrives no later (each way),
 * costs no more, emits no more, walks no more and changes no more often - and is better on one of
 * them - while needing
 * nothing more of the traveller (no car or bike they might not have). Options open only to
 * eligible travellers never dominate others. An unknown price is comparable only with another.
 */
import type { JourneyFigures } from '../../journey/assemble';
import type { Journey } from '../../journey/types';
import type { JourneyRule } from './types';
import { legEnd, legStart, legsOf, needs } from './clock';

const changesOf = (j: Journey) => legsOf(j).reduce((s, l) => s + l.changes, 0);

export function dominates(b: Journey, a: Journey): boolean {
  if (b.eligibility) return false;
  const na = needs(a);
  for (const x of needs(b)) if (!na.has(x)) return false;
  if ((b.cost_value === null) !== (a.cost_value === null)) return false;
  if (!!b.return !== !!a.return) return false;
  // [no worse, than]: each pair (x, y) says b's x must be <= a's y.
  const pairs: [number, number][] = [
    [legStart(a.depart), legStart(b.depart)],
    [legEnd(b.depart), legEnd(a.depart)],
    [b.cost_value ?? 0, a.cost_value ?? 0],
    [b.carbon_emission, a.carbon_emission],
    [b.total_walking_distance, a.total_walking_distance],
    [changesOf(b), changesOf(a)],
  ];
  if (a.return && b.return) pairs.push([legStart(a.return), legStart(b.return)], [legEnd(b.return), legEnd(a.return)]);
  return pairs.every(([x, y]) => x <= y + 1e-9) && pairs.some(([x, y]) => x < y - 1e-9);
}

export const dominance: JourneyRule = {
  name: 'dominated',
  remove(options) {
    const out = new Map<JourneyFigures, string>();
    for (const f of options) {
      const by = options.find((g) => g !== f && dominates(g.journey, f.journey));
      if (by)
        out.set(
          f,
          `${by.journey.transport_mode} ${by.journey.depart.departure_at}-${by.journey.depart.arrival_at} is no worse on time, price, CO2 and walking, and better on one`,
        );
    }
    return out;
  },
};
