/**
 * The health brand's return options, updated in place (issue 21): after update-return-time the
 * journey page waits for the re-planned search (no Results page, no 10 s wait: that belongs
 * before a new search's first results read) and shows the journey of it that keeps the same way
 * there. The early option never leaves before the appointment ends. Pure, unit-tested.
 */
import type { Journey, Leg } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import { returnAfterAppointment, RETURN_OPTION_SHIFT_MINUTES, shiftSearchTime } from './return-time';

export type PlannedSearch = Pick<SearchQuery, 'status' | 'failure' | 'journeys'>;

/**
 * The early option's return time: 30 minutes before the current one, but not before the
 * appointment ends; null when the current return time is already the appointment's end.
 */
export function earlyReturnTime(
  current: string,
  outbound: Pick<Leg, 'arrival_date' | 'arrival_at'>,
  appointmentMinutes: number,
): string | null {
  const earlier = shiftSearchTime(current, -RETURN_OPTION_SHIFT_MINUTES);
  const end = returnAfterAppointment(outbound, appointmentMinutes);
  if (!earlier || !end) return null;
  const time = earlier < end ? end : earlier;
  return time < current ? time : null;
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
