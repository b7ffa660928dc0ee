/**
 * From candidate journeys to a useful set: duplicates (same id) and dominated options removed,
 * the fastest, fewest changes, cheapest and lowest-emission transit options tagged and kept,
 * the rest of the departure window kept up to a limit, ordered by emissions (SPEC default sort).
 */
import type { JourneyFigures } from './assemble';
import type { Journey } from './types';

export const MAX_TRANSIT_OPTIONS = 8;

/** b is at least as good as a on every count, and better on one. */
function dominates(b: JourneyFigures, a: JourneyFigures): boolean {
  const jb = b.journey;
  const ja = a.journey;
  const ge =
    b.departure >= a.departure &&
    b.arrival <= a.arrival &&
    b.changes <= a.changes &&
    b.costPence <= a.costPence &&
    jb.carbon_emission <= ja.carbon_emission &&
    jb.total_walking_distance <= ja.total_walking_distance;
  const gt =
    b.departure > a.departure ||
    b.arrival < a.arrival ||
    b.changes < a.changes ||
    b.costPence < a.costPence ||
    jb.carbon_emission < ja.carbon_emission ||
    jb.total_walking_distance < ja.total_walking_distance;
  return ge && gt;
}

function tagBest(list: JourneyFigures[], tag: string, score: (f: JourneyFigures) => number): void {
  let best: JourneyFigures | undefined;
  for (const f of list) {
    const s = score(f);
    if (Number.isFinite(s) && (!best || s < score(best) || (s === score(best) && f.arrival < best.arrival))) best = f;
  }
  if (best) best.journey.tags.push(tag);
}

/** Transit candidates -> the kept options (tags set), in departure order. */
export function selectTransit(candidates: JourneyFigures[], max = MAX_TRANSIT_OPTIONS): JourneyFigures[] {
  const unique = new Map<string, JourneyFigures>();
  for (const c of candidates) if (!unique.has(c.journey.id)) unique.set(c.journey.id, c);
  const list = [...unique.values()];
  const kept = list.filter((a) => !list.some((b) => b !== a && dominates(b, a)));
  tagBest(kept, 'fastest', (f) => f.arrival - f.departure);
  tagBest(kept, 'fewest-changes', (f) => f.changes * 1e6 + (f.arrival - f.departure));
  tagBest(kept, 'cheapest', (f) => f.costPence);
  tagBest(kept, 'lowest-emissions', (f) => f.journey.carbon_emission);
  const tagged = kept.filter((f) => f.journey.tags.length > 0);
  const rest = kept.filter((f) => f.journey.tags.length === 0).sort((a, b) => a.departure - b.departure);
  for (const f of rest) f.journey.tags.push('departure-window');
  return [...tagged, ...rest.slice(0, Math.max(0, max - tagged.length))].sort((a, b) => a.departure - b.departure);
}

/**
 * Options of one access kind (cycle to the stop, car or taxi to the station), chosen among
 * themselves so they never push out a walking option: dominance, the quickest `max`, one tag.
 */
export function selectAccessOptions(candidates: JourneyFigures[], tag: string, max: number): JourneyFigures[] {
  const kept = selectTransit(candidates, max)
    .sort((a, b) => a.arrival - a.departure - (b.arrival - b.departure))
    .slice(0, max);
  for (const f of kept) f.journey.tags = [tag];
  return kept;
}

const arrival = (j: Journey) => `${j.depart.arrival_date}T${j.depart.arrival_at}`;

/** Options only some travellers may use (journey.eligibility) come after those open to everyone. */
const restricted = (j: Journey) => (j.eligibility ? 1 : 0);

/** SPEC default order: lowest emissions first; ties by earlier arrival, then shorter duration. Restricted options last. */
export function sortByEmissions(journeys: Journey[]): Journey[] {
  return journeys.sort(
    (a, b) =>
      restricted(a) - restricted(b) ||
      a.carbon_emission - b.carbon_emission ||
      arrival(a).localeCompare(arrival(b)) ||
      a.duration.value - b.duration.value ||
      a.id.localeCompare(b.id),
  );
}
