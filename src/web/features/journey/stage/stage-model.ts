/**
 * The stage page's rules (SPEC sections 2 and 4): a stage is one step of the journey, addressed
 * in the URL as the leg (journeyType) and its 1-based step number (stage); navigation moves one
 * step through the outbound steps and on into the return ones. Also the timetable grid.
 */
import type { Journey, Step, Timetable } from '../../../../contract/journey';
import type { JourneySearch } from '../../../lib/search-params';

export type LegKey = 'depart' | 'return';

export interface StageRef {
  leg: LegKey;
  /** 0-based step index within the leg. */
  index: number;
}

export interface Stage extends StageRef {
  step: Step;
  /** 1-based position among all the journey's stages, and their count. */
  position: number;
  total: number;
  previous: StageRef | null;
  next: StageRef | null;
  /** Where the stage starts: the leg's origin for its first step, else the previous step's end. */
  startLabel: string;
}

export function journeyStages(journey: Journey): StageRef[] {
  const stages: StageRef[] = journey.depart.steps.map((_, index) => ({ leg: 'depart', index }));
  journey.return?.steps.forEach((_, index) => stages.push({ leg: 'return', index }));
  return stages;
}

/** The stage a URL names, or null when the journey has no such step (a stale or edited link). */
export function findStage(journey: Journey, search: Pick<JourneySearch, 'journeyType' | 'stage'>): Stage | null {
  if (search.stage === undefined) return null;
  const leg: LegKey = search.journeyType === 'return' ? 'return' : 'depart';
  const steps = leg === 'return' ? journey.return?.steps : journey.depart.steps;
  const index = search.stage - 1;
  const step = steps?.[index];
  if (!steps || !step) return null;
  const all = journeyStages(journey);
  const at = all.findIndex((ref) => ref.leg === leg && ref.index === index);
  const legStart = leg === 'depart' ? journey.origin.label : journey.destination.label;
  return {
    leg,
    index,
    step,
    position: at + 1,
    total: all.length,
    previous: all[at - 1] ?? null,
    next: all[at + 1] ?? null,
    startLabel: index === 0 ? legStart : steps[index - 1]!.end_address,
  };
}

/** URL search params of a stage (journeyType omitted for the outbound leg, its default). */
export function stageSearch(ref: StageRef): Pick<JourneySearch, 'journeyType' | 'stage'> {
  return { ...(ref.leg === 'return' ? { journeyType: 'return' as const } : {}), stage: ref.index + 1 };
}

/** The operator's website for the 'useful link': the travel guide's, else the agency's. */
export function operatorLink(step: Step): { name: string; url: string } | null {
  const service = step.how_to_guide?.service;
  if (service?.website) return { name: service.name, url: service.website };
  const agency = step.transit?.agency;
  return agency?.url ? { name: agency.name, url: agency.url } : null;
}

export interface TimetableGrid {
  title: string;
  /** One heading per departure: its time at the traveller's boarding stop (else its first time). */
  departures: { heading: string; yours: boolean }[];
  rows: { stop: string; times: string[]; boarding: boolean; alighting: boolean }[];
}

const TIME = /^\d{2}:\d{2}$/;

/**
 * The stops of a ride, from where the traveller boards to where they get off, with each stop's code
 * (its NaPTAN ATCO code for a bus stop); empty when the step has no timetable to read them from.
 */
export function rideStops(step: Pick<Step, 'transit' | 'timetable'>): { name: string; code: string }[] {
  const stops = step.timetable?.timetable.stops ?? [];
  const from = stops.findIndex((stop) => stop.stop_id === step.transit?.from_stop.stop_id);
  const to = stops.findIndex((stop, row) => row > from && stop.stop_id === step.transit?.to_stop.stop_id);
  if (from < 0 || to < 0) return [];
  return stops.slice(from, to + 1).map((stop) => ({ name: stop.name, code: stop.stop_id }));
}

/** SPEC section 3's Timetable as a stops x departures grid, times HH:mm or '-'. */
export function timetableGrid(timetable: Timetable, step: Pick<Step, 'transit' | 'arrival_time'>): TimetableGrid {
  const { stops, columns } = timetable.timetable;
  const from = step.transit?.from_stop.stop_id;
  const to = step.transit?.to_stop.stop_id;
  // A loop route lists its terminus twice: board at the first call, get off at the next call after it.
  const boardingRow = stops.findIndex((stop) => stop.stop_id === from);
  const afterBoarding = stops.findIndex((stop, row) => row > boardingRow && stop.stop_id === to);
  const alightingRow = afterBoarding >= 0 ? afterBoarding : stops.findIndex((stop) => stop.stop_id === to);
  const mode = timetable.Mode ? timetable.Mode[0]!.toUpperCase() + timetable.Mode.slice(1) : 'Service';
  return {
    // A service without a number (trains) is named by its ends: "Rail timetable: Aberdeen to Glasgow".
    title: timetable.ServiceNumber.trim()
      ? `${mode} ${timetable.ServiceNumber.trim()} timetable`
      : `${mode} timetable: ${stops[0]?.name ?? ''} to ${stops.at(-1)?.name ?? ''}`,
    departures: columns.map((column) => {
      const atBoarding = boardingRow >= 0 ? column.times[boardingRow] : undefined;
      const heading =
        atBoarding && TIME.test(atBoarding) ? atBoarding : (column.times.find((time) => TIME.test(time)) ?? '-');
      return { heading, yours: column.trip_id === step.transit?.trip_id };
    }),
    rows: stops.map((stop, row) => ({
      stop: stop.name,
      // Where the traveller gets off, the arrival (the step's own for their trip when the
      // timetable predates arrivals): a train waiting at Perth arrives 09:10, leaves 09:12.
      times: columns.map((column) => {
        const yours = column.trip_id === step.transit?.trip_id;
        const time =
          row === alightingRow
            ? (column.arrivals?.[row] ?? (yours ? step.arrival_time : column.times[row]))
            : column.times[row];
        return TIME.test(time ?? '') ? time! : '-';
      }),
      boarding: row === boardingRow,
      alighting: row === alightingRow,
    })),
  };
}

/**
 * Link props that keep the page (to '.') and change only its search params: a stage, or the
 * overview with the stage's leg shown first. Typed loosely once here: the router's types cannot
 * know which route renders the journey screen (tests mount it on a bare root route).
 */
export function journeyLink(next: Pick<JourneySearch, 'journeyType' | 'stage'>) {
  const search = (was: JourneySearch): JourneySearch => {
    const { stage: _stage, journeyType: _type, ...rest } = was;
    return { ...rest, ...next };
  };
  return { to: '.', search: search as never } as const;
}
