/**
 * Honest departure gaps: a leg that leaves more than an hour after the time asked (or, arriving
 * by a time, arrives more than an hour before it) says so - "Leaves 9 h 41 min after the time you
 * asked for" - and the hour or more is counted in its wait time, so a card never shows "0 mins"
 * of waiting for the 17:41 train offered to someone asking at 08:00.
 */
import type { Journey, Leg } from '../journey/types';

/** Seconds: gaps up to this are the normal spread of a departure window, not worth a notice. */
export const TIME_GAP_NOTICE_S = 60 * 60;

export function gapText(seconds: number): string {
  const mins = Math.round(seconds / 60);
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** Seconds since the epoch of a leg's local date and clock (only compared with the asked time). */
function legSeconds(date: string, clock: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000 +
    Number(clock.slice(0, 2)) * 3600 +
    Number(clock.slice(3, 5)) * 60
  );
}

/** Sets `time_gap` on the leg when it is over the notice threshold and adds it to the leg's wait; returns the seconds added. */
export function noteTimeGap(leg: Leg, asked: { date: number; time: number }, arriveBy: boolean): number {
  const askedS = asked.date * 86_400 + asked.time;
  const gap = arriveBy
    ? askedS - legSeconds(leg.arrival_date, leg.arrival_at)
    : legSeconds(leg.departure_date, leg.departure_at) - askedS;
  if (gap <= TIME_GAP_NOTICE_S) {
    leg.time_gap = null;
    return 0;
  }
  leg.time_gap = {
    seconds: gap,
    text: arriveBy
      ? `Arrives ${gapText(gap)} before the time you asked for`
      : `Leaves ${gapText(gap)} after the time you asked for`,
  };
  leg.wait_time += gap;
  return gap;
}

/** Both legs of a journey against the times asked; the journey's total wait follows. */
export function noteJourneyTimeGaps(
  j: Journey,
  outbound: { date: number; time: number },
  arriveBy: boolean,
  returnAt: { date: number; time: number } | null,
): void {
  let added = noteTimeGap(j.depart, outbound, arriveBy);
  if (j.return && returnAt) added += noteTimeGap(j.return, returnAt, false);
  j.total_wait_time += added;
}
