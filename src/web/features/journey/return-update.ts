/**
 * The health brand's return options, updated in place (issue 21): after update-return-time the
 * journey page waits for the re-planned search (no Results page, no 10 s wait: that belongs
 * before a new search's first results read) and shows the journey of it that keeps the same way
 * there. The early and later options go to the way home just before or after the one shown, from
 * the returns the planner's range search found (journey.return_departures); where it found none,
 * a search before or after the current return finds it. The early option never leaves before the
 * appointment ends. Pure, unit-tested.
 */
import type { Journey, Leg } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import { returnAfterAppointment, shiftSearchTime } from './return-time';

export type PlannedSearch = Pick<SearchQuery, 'status' | 'failure' | 'journeys'>;

export type ReturnDirection = 'early' | 'later';

/** The planner's departure window (TRANSIT_WINDOW, src/planner/modes/transit.ts): a search finds the returns leaving within it. */
export const RETURN_WINDOW_MINUTES = 120;

/**
 * A return time to ask for: `known`, the departure of a way home the planner found (asking for it
 * pairs that return); else a search to look for one (before or after the return shown).
 */
export interface ReturnStep {
  time: string;
  known: boolean;
}

/** When the return shown leaves, 'YYYY-MM-DDTHH:mm' (as return_departures), or null without one. */
export const returnLeaves = (journey: Pick<Journey, 'return'>): string | null =>
  journey.return ? `${journey.return.departure_date}T${journey.return.departure_at}` : null;

/** 'YYYY-MM-DDTHH:mm' as a search time, 'YYYY/MM/DD HH:mm:00'. */
export const searchTimeOf = (iso: string): string =>
  `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 16)}:00`;

/** The way home found just before (early) or after (later) `leaves`, if the planner found one. */
export function neighbourReturn(
  journey: Pick<Journey, 'return_departures'>,
  leaves: string,
  direction: ReturnDirection,
): string | null {
  const found = journey.return_departures ?? [];
  return direction === 'later'
    ? (found.find((at) => at > leaves) ?? null)
    : (found.filter((at) => at < leaves).pop() ?? null);
}

/**
 * What 'Show me an early / a later return option' asks for: the departure of the way home just
 * before or after the one shown, when the planner found it; else a search after the return shown
 * (a minute after it leaves) or before it (a window before it, never before the appointment's end). Null when there is nothing
 * to look for: no way home shown to go later than, or the current return time is already the
 * appointment's end.
 */
export function returnStep(
  journey: Pick<Journey, 'return' | 'return_departures' | 'depart'>,
  direction: ReturnDirection,
  current: string,
  appointmentMinutes: number,
): ReturnStep | null {
  const leaves = returnLeaves(journey);
  const next = leaves ? neighbourReturn(journey, leaves, direction) : null;
  if (next) return { time: searchTimeOf(next), known: true };
  if (direction === 'later') {
    const after = leaves ? shiftSearchTime(searchTimeOf(leaves), 1) : null;
    return after ? { time: after, known: false } : null;
  }
  const end = returnAfterAppointment(journey.depart, appointmentMinutes);
  if (!end || end >= current) return null;
  // The window before the return shown, so the search finds the way home just before it.
  const before = leaves ? shiftSearchTime(searchTimeOf(leaves), -RETURN_WINDOW_MINUTES) : null;
  return { time: before && before > end ? before : end, known: false };
}

/** 'HH:mm' of the appointment's end, for the traveller. */
export function appointmentEnd(outbound: Pick<Leg, 'arrival_date' | 'arrival_at'>, appointmentMinutes: number): string {
  return returnAfterAppointment(outbound, appointmentMinutes)?.slice(11, 16) ?? outbound.arrival_at;
}

const legKey = (leg: Leg) => `${leg.departure_date} ${leg.departure_at} ${leg.stages.join(',')}`;

/** The re-planned journey that goes there the same way as `shown` (else the same mode, else the first). */
export function matchingJourney<T extends Journey>(shown: Journey, journeys: T[]): T | null {
  const usable = journeys.filter((journey) => !journey.placeholder);
  return (
    usable.find((journey) => legKey(journey.depart) === legKey(shown.depart)) ??
    usable.find((journey) => journey.transport_mode === shown.transport_mode) ??
    usable[0] ??
    null
  );
}

const leaves = (leg: Leg | null | undefined) => (leg ? `${leg.departure_date} ${leg.departure_at}` : '');

/** Whether `next` comes home earlier than `shown` did. */
export function returnsEarlier(next: Journey, shown: Journey): boolean {
  return leaves(next.return) !== '' && leaves(next.return) < leaves(shown.return);
}

/** Whether `next` comes home later than `shown` did (or comes home at all, where `shown` did not). */
export function returnsLater(next: Journey, shown: Journey): boolean {
  return leaves(next.return) !== '' && leaves(next.return) > leaves(shown.return);
}

/** Reads the search until the planner is done (or failed), every `everyMs`, for at most `timeoutMs`. */
export async function untilPlanned(
  read: () => Promise<PlannedSearch>,
  { everyMs = 500, timeoutMs = 90_000 } = {},
): Promise<PlannedSearch> {
  const started = Date.now();
  for (;;) {
    const search = await read();
    if (search.status === 'done' || search.status === 'failed') return search;
    if (Date.now() - started > timeoutMs) throw new Error('The way home is taking too long to plan. Please try again.');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
