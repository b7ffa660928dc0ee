/**
 * Service calendars: calendar.txt weekday ranges plus calendar_dates.txt
 * additions and removals (a service may exist only in calendar_dates), turned
 * into day lists, optionally rolled forward, then into per-service bitsets.
 */
import { weekdayOf } from './gtfs-time';
import type { RawFeed } from './raw-feed';

/** Sorted list of days (since epoch) on which each service runs. */
export function serviceDays(feed: RawFeed): Map<string, number[]> {
  const sets = new Map<string, Set<number>>();
  const setOf = (id: string) => {
    let s = sets.get(id);
    if (!s) sets.set(id, (s = new Set()));
    return s;
  };
  for (const c of feed.calendars) {
    const s = setOf(c.serviceId);
    for (let d = c.start; d <= c.end; d++) if (c.days[weekdayOf(d)]) s.add(d);
  }
  for (const cd of feed.calendarDates) {
    const s = setOf(cd.serviceId);
    if (cd.type === 1) s.add(cd.day);
    else s.delete(cd.day);
  }
  const out = new Map<string, number[]>();
  for (const [id, s] of sets) out.set(id, [...s].sort((a, b) => a - b));
  return out;
}

export function dayRange(lists: Map<string, number[]>): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const days of lists.values()) {
    if (days.length === 0) continue;
    first = Math.min(first, days[0] as number);
    last = Math.max(last, days[days.length - 1] as number);
  }
  return { first, last };
}

export const ROLL_FORWARD_RULE = 'each target date takes the service of the source date a whole number of 52-week years earlier (same weekday, same season)';

/**
 * Maps an expired feed onto [targetFirst, targetLast]: target day T runs what
 * source day T - 364n ran, n chosen so that day falls inside the source range
 * (stepping by weeks when the source is shorter than a year).
 */
export function sourceDayFor(target: number, sourceFirst: number, sourceLast: number): number | undefined {
  let s = target;
  if (s > sourceLast) s -= 364 * Math.ceil((s - sourceLast) / 364);
  while (s < sourceFirst) s += 7;
  return s <= sourceLast ? s : undefined;
}

export function rollForward(lists: Map<string, number[]>, source: { first: number; last: number }, targetFirst: number, targetLast: number): Map<string, number[]> {
  const mapping: [number, number][] = [];
  for (let t = targetFirst; t <= targetLast; t++) {
    const s = sourceDayFor(t, source.first, source.last);
    if (s !== undefined) mapping.push([t, s]);
  }
  const out = new Map<string, number[]>();
  for (const [id, days] of lists) {
    const set = new Set(days);
    out.set(id, mapping.filter(([, s]) => set.has(s)).map(([t]) => t));
  }
  return out;
}
