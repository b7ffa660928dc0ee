/**
 * What a traveller must know about where a journey's times come from: an expired feed whose
 * calendar the import rolled forward onto current dates (README, "The planner on the command
 * line") is the old timetable moved onto this week's dates, not a current timetable: it is named
 * with its own years, never with today's date.
 */
import type { Journey } from '../../contract/journey';
import { NO_STOPS_NEAR_END_TAG, NO_STOPS_NEAR_START_TAG } from '../../vocabulary/results';

const MODE_WORDS: Record<string, string> = {
  rail: 'rail',
  bus: 'bus',
  coach: 'coach',
  tram: 'tram',
  ferry: 'ferry',
  subway: 'subway',
};

/** '2022-12-11'..'2023-05-20' -> '2022-23'; one year -> '2022'. */
export function timetableYears(from: string, to: string): string {
  const first = from.slice(0, 4);
  const last = to.slice(0, 4);
  return first === last ? first : `${first}-${last.slice(2)}`;
}

/**
 * The real source of a rolled-forward timetable and its dates: '2022-23 rail timetable, moved onto
 * this week's dates'. Never today's date, as if the timetable were today's.
 */
export function rolledTimetableLabel(mode: string, from: string, to: string): string {
  return `${timetableYears(from, to)} ${MODE_WORDS[mode] ?? 'transit'} timetable, moved onto this week's dates`;
}

/**
 * 'Times from the 2022-23 rail timetable, moved onto this week's dates: check current times with
 * the operator.' naming each timetable of the journey that was rolled forward; null when none was.
 */
export function rolledForwardNote(journey: Pick<Journey, 'depart' | 'return'>): string | null {
  const labels = new Set<string>();
  for (const leg of [journey.depart, journey.return]) {
    for (const step of leg?.steps ?? []) {
      const rolled = step.transit?.rolled_forward;
      if (rolled) labels.add(rolledTimetableLabel(rolled.mode ?? step.transit!.route.mode, rolled.from, rolled.to));
    }
  }
  if (labels.size === 0) return null;
  return `Times from the ${[...labels].join(' and the ')}: check current times with the operator.`;
}

/**
 * 'Bus times estimated: ...' when a ride has no departure times in our data (a service known by its
 * route, running times and span only); null when every ride is timetabled.
 */
export function estimatedTimesNote(journey: Pick<Journey, 'depart' | 'return'>): string | null {
  const modes = new Set<string>();
  for (const leg of [journey.depart, journey.return])
    for (const step of leg?.steps ?? [])
      if (step.transit?.frequency) modes.add(MODE_WORDS[step.transit.route.mode] ?? 'transit');
  if (modes.size === 0) return null;
  const words = [...modes].join(' and ');
  return `${words[0]!.toUpperCase()}${words.slice(1)} times estimated: departure times are not in our data, so the times shown allow for the wait.`;
}

/** SPEC section 1: a journey from or to a place outside the covered area is planned, but less accurately. */
export function outsideRegionNote(journey: Pick<Journey, 'tags'>): string | null {
  return journey.tags.includes('outside_region')
    ? 'Less accurate: this journey starts or ends outside the area we cover, so it is planned with the timetables and estimates we have.'
    : null;
}

/**
 * When a search found no public transport and our data has no stop within a 15-minute walk of an
 * end (the planner tags its options so): the data is missing there, which is not the same as no
 * service. Null otherwise.
 */
export function missingStopsNote(journeys: readonly Pick<Journey, 'tags'>[]): string | null {
  const start = journeys.some((j) => j.tags.includes(NO_STOPS_NEAR_START_TAG));
  const end = journeys.some((j) => j.tags.includes(NO_STOPS_NEAR_END_TAG));
  if (!start && !end) return null;
  const where =
    start && end ? 'either end of this journey' : start ? 'where this journey starts' : 'where this journey ends';
  return `No public transport is shown because we have no bus or train times within a 15-minute walk of ${where}. Services we have no data for may run there: check with Traveline Scotland.`;
}
