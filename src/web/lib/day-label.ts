/**
 * How the trip tools name a day and a time to a traveller: 'Fri 23 Oct', '17:00 on Fri 23 Oct'.
 * Dates are calendar days ('YYYY-MM-DD', or a wall clock's), so no time zone shifts them.
 */
import type { WallClock } from '../../vocabulary/time';

const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
const two = (n: number) => String(n).padStart(2, '0');

/** 'Fri 23 Oct' for a wall clock's day. */
export const dayOf = (w: Pick<WallClock, 'year' | 'month' | 'day'>): string =>
  DAY.format(new Date(Date.UTC(w.year, w.month - 1, w.day))).replace(',', '');

/** '2026-10-23' -> 'Fri 23 Oct'. */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dayOf({ year, month, day });
}

/** '17:00 on Fri 23 Oct'. */
export const wallClockLabel = (w: WallClock): string => `${two(w.hour)}:${two(w.minute)} on ${dayOf(w)}`;
