/**
 * The Results list rules (SPEC sections 3 and 9): sort options, the stage filter and the
 * lowest/highest emissions. Pure functions over the list the screen shows, where journeys
 * still being processed are placeholders that always sort last.
 */
import { LATER_OPTION_TAG, TRAVEL_TYPES, type SortOption, type TravelType } from '../../../vocabulary/index';
import type { Journey } from '../../../contract/journey';

export type ResultItem = { kind: 'journey'; journey: Journey } | { kind: 'placeholder'; key: string };

/** Minutes since the epoch of a leg's local date and clock time (only compared with each other). */
function localMinutes(date: string, clock: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 60_000 +
    Number(clock.slice(0, 2)) * 60 +
    Number(clock.slice(3, 5))
  );
}

/** The value each sort option orders by, smallest first; null sorts after every number. */
const SORT_KEYS: Record<SortOption, (journey: Journey) => number | null> = {
  emissions: (j) => j.carbon_emission,
  // SPEC section 9: free first, unknown last; the planner's number, never the text read back.
  cost: (j) => j.cost_value ?? null,
  'depature-time': (j) => localMinutes(j.depart.departure_date, j.depart.departure_at),
  'travel-time': (j) => j.duration.value,
  'arrival-time': (j) => localMinutes(j.depart.arrival_date, j.depart.arrival_at),
  'wait-time': (j) => j.total_wait_time,
  'walk-distance': (j) => j.total_walking_distance,
  'least-changes': (j) => j.depart.changes + (j.return?.changes ?? 0),
};

/** Sorts by a time of day; the others rank options by merit, where an option only some may use never leads. */
const CLOCK_SORTS: readonly SortOption[] = ['depature-time', 'arrival-time'];

/**
 * A new list in the chosen order; ties keep their arrival order, placeholders go last. Ranked by merit,
 * journeys using one of the brand's `first` travel types lead (the city bus brand lists buses first).
 */
export function sortResults(
  items: readonly ResultItem[],
  sort: SortOption,
  first: readonly TravelType[] = [],
): ResultItem[] {
  const key = SORT_KEYS[sort];
  const ranked = items.map((item, index) => ({
    item,
    index,
    value: item.kind === 'journey' ? key(item.journey) : null,
  }));
  const restricted = (item: ResultItem) =>
    item.kind === 'journey' && item.journey.eligibility && !CLOCK_SORTS.includes(sort) ? 1 : 0;
  const later = (item: ResultItem) =>
    first.length > 0 &&
    !CLOCK_SORTS.includes(sort) &&
    item.kind === 'journey' &&
    !item.journey.depart.stages.some((stage) => first.includes(stage))
      ? 1
      : 0;
  ranked.sort((a, b) => {
    const aPlaceholder = a.item.kind === 'placeholder' ? 1 : 0;
    const bPlaceholder = b.item.kind === 'placeholder' ? 1 : 0;
    if (aPlaceholder !== bPlaceholder) return aPlaceholder - bPlaceholder;
    if (restricted(a.item) !== restricted(b.item)) return restricted(a.item) - restricted(b.item);
    if (later(a.item) !== later(b.item)) return later(a.item) - later(b.item);
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return a.value - b.value;
    }
    return a.index - b.index;
  });
  return ranked.map((r) => r.item);
}

/**
 * The list split in two, order kept: what leaves near the time asked (and placeholders still
 * arriving), then the later options the planner kept only because nothing leaves near it.
 */
export function splitLaterOptions(items: readonly ResultItem[]): { near: ResultItem[]; later: ResultItem[] } {
  const near: ResultItem[] = [];
  const later: ResultItem[] = [];
  for (const item of items)
    (item.kind === 'journey' && item.journey.tags.includes(LATER_OPTION_TAG) ? later : near).push(item);
  return { near, later };
}

/** The 'Showing' choice: every journey, none, or the journeys with any of these stages. */
export type StageSelection = { kind: 'all' } | { kind: 'none' } | { kind: 'stages'; stages: TravelType[] };
export const ALL: StageSelection = { kind: 'all' };

/** Stages a traveller can filter by: the travel types the brand's region produces, less those the brand blocks. */
export function availableStages(blocked: readonly string[], region: readonly string[] = TRAVEL_TYPES): TravelType[] {
  return TRAVEL_TYPES.filter((type) => region.includes(type) && !blocked.includes(type));
}

/**
 * The URL's filters param -> the selection. The single select knows 'all', 'none' or one
 * stage; the multi-select a set of stages (none checked means all). Unknown or blocked
 * stages are dropped.
 */
export function parseFilters(
  filters: string | undefined,
  available: readonly TravelType[],
  multiple: boolean,
): StageSelection {
  const names = (filters ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!multiple) {
    const first = names[0];
    if (first === 'none') return { kind: 'none' };
    const stage = available.find((type) => type === first);
    return stage ? { kind: 'stages', stages: [stage] } : ALL;
  }
  const stages = available.filter((type) => names.includes(type));
  return stages.length > 0 ? { kind: 'stages', stages } : ALL;
}

/** The selection -> the URL's filters param (undefined for the default, all). */
export function formatFilters(selection: StageSelection): string | undefined {
  if (selection.kind === 'all') return undefined;
  if (selection.kind === 'none') return 'none';
  return selection.stages.length > 0 ? selection.stages.join(',') : undefined;
}

/** SPEC section 9: keeps journeys whose departure stages include a selected stage. Placeholders stay unless 'none'. */
export function filterResults(items: readonly ResultItem[], selection: StageSelection): ResultItem[] {
  if (selection.kind === 'all') return [...items];
  if (selection.kind === 'none') return [];
  return items.filter(
    (item) =>
      item.kind === 'placeholder' || item.journey.depart.stages.some((stage) => selection.stages.includes(stage)),
  );
}

export interface EmissionExtremes {
  lowest: number;
  highest: number;
  /** Which journeys were compared: those with their way back, or all (none had one). */
  compared: 'return' | 'all';
}

/**
 * The lowest and highest emissions among the journeys, or null when they do not differ. Like is
 * compared with like: options only some travellers may use are not the general lowest or highest,
 * and where some options come with their way back, an option without one (its figure covers half
 * the trip) is not compared with them. A journey outside the comparison gets no badge.
 */
export function emissionExtremes(journeys: readonly Journey[]): EmissionExtremes | null {
  const everyone = journeys.filter((j) => !j.eligibility);
  const withReturn = everyone.filter((j) => j.return);
  const open = withReturn.length > 0 ? withReturn : everyone;
  if (open.length < 2) return null;
  const values = open.map((j) => j.carbon_emission);
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  return lowest === highest ? null : { lowest, highest, compared: withReturn.length > 0 ? 'return' : 'all' };
}

/** A journey's emissions badge: only a journey that was compared (emissionExtremes) can be the lowest or highest. */
export function emissionBadge(extremes: EmissionExtremes | null, journey: Journey): 'lowest' | 'highest' | null {
  if (!extremes || journey.eligibility) return null;
  // A one-way option among return journeys was not compared (emissionExtremes says why).
  if (!journey.return && extremes.compared === 'return') return null;
  if (journey.carbon_emission === extremes.lowest) return 'lowest';
  if (journey.carbon_emission === extremes.highest) return 'highest';
  return null;
}
