/**
 * Service calendars: calendar.txt weekday ranges plus calendar_dates.txt
 * additions and removals (a service may exist only in calendar_dates), turned
 * into day lists, optionally rolled forward, then into per-service bitsets.
 */
import { weekdayOf } from './gtfs-time';
import type { RawFeed } from './raw-feed';

/** Sorted list of days (since epoch) on which each service runs. */
export function serviceDays(feed: RawFeed): Map<string, number[]> {
  // Plain arrays sorted once (not Sets): rail feeds have tens of thousands of services.
  const added = new Map<string, number[]>();
  const removed = new Map<string, Set<number>>();
  const listOf = (id: string) => added.get(id) ?? (added.set(id, []).get(id) as number[]);
  for (const c of feed.calendars) {
    const list = listOf(c.serviceId);
    for (let d = c.start; d <= c.end; d++) if (c.days[weekdayOf(d)]) list.push(d);
  }
  for (const cd of feed.calendarDates) {
    if (cd.type === 1) listOf(cd.serviceId).push(cd.day);
    else {
      listOf(cd.serviceId);
      (removed.get(cd.serviceId) ?? (removed.set(cd.serviceId, new Set()).get(cd.serviceId) as Set<number>)).add(
        cd.day,
      );
    }
  }
  const out = new Map<string, number[]>();
  for (const [id, list] of added) {
    list.sort((a, b) => a - b);
    const gone = removed.get(id);
    out.set(
      id,
      list.filter((d, i) => (i === 0 || d !== list[i - 1]) && !gone?.has(d)),
    );
  }
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

export const ROLL_FORWARD_RULE =
  'each target date takes the service of the source date a whole number of 52-week years earlier (same weekday, same season)';

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

export function rollForward(
  lists: Map<string, number[]>,
  source: { first: number; last: number },
  targetFirst: number,
  targetLast: number,
): Map<string, number[]> {
  const mapping: [number, number][] = [];
  for (let t = targetFirst; t <= targetLast; t++) {
    const s = sourceDayFor(t, source.first, source.last);
    if (s !== undefined) mapping.push([t, s]);
  }
  const out = new Map<string, number[]>();
  for (const [id, days] of lists) {
    const set = new Set(days);
    out.set(
      id,
      mapping.filter(([, s]) => set.has(s)).map(([t]) => t),
    );
  }
  return out;
}
