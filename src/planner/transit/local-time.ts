/**
 * ISO local date-times <-> (service date, seconds on that service day).
 *
 * GTFS measures a day's times from "noon minus 12 hours" in the agency's time zone: local midnight,
 * except on the days clocks change, when it is 23:00 the evening before (spring) or 01:00 (autumn).
 * With a time zone, times here follow that rule exactly (Intl's zone data, so it runs in browsers
 * too); without one, wall-clock seconds since midnight are used as they are.
 */
import { formatDay, formatGtfsTime, parseDay } from '../timetable/gtfs-time';

export function parseLocalDateTime(text: string): { date: number; time: number } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const date = m ? parseDay(m[1] as string) : Number.NaN;
  if (!m || Number.isNaN(date)) throw new Error(`'${text}' is not an ISO local date-time like 2026-11-23T08:30`);
  return { date, time: Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0) };
}

/** Seconds on service day `date` as an ISO local date-time (wall clock in `timeZone` when given). */
export function formatLocalDateTime(date: number, seconds: number, timeZone?: string): string {
  if (timeZone) {
    const local = epochToLocal(serviceDayStart(date, timeZone) + seconds, timeZone);
    return `${formatDay(local.day)}T${formatGtfsTime(local.seconds)}`;
  }
  const dayOffset = Math.floor(seconds / 86_400);
  return `${formatDay(date + dayOffset)}T${formatGtfsTime(seconds - dayOffset * 86_400)}`;
}

/** A wall-clock time on `date` as seconds on that service day (the same number except near a clock change). */
export function serviceSeconds(date: number, wallSeconds: number, timeZone?: string): number {
  if (!timeZone) return wallSeconds;
  return localToEpoch(date, wallSeconds, timeZone) - serviceDayStart(date, timeZone);
}

/** Epoch seconds at which service day `date` starts: noon minus 12 hours, local time. */
export function serviceDayStart(date: number, timeZone: string): number {
  const key = `${timeZone}|${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = localToEpoch(date, 12 * 3600, timeZone) - 12 * 3600;
    if (dayStarts.size > 4096) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

const dayStarts = new Map<string, number>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Local minus UTC, in seconds, at an instant. */
export function utcOffset(epochSeconds: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(epochSeconds * 1000))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year as number, (parts.month as number) - 1, parts.day as number, parts.hour as number, parts.minute as number, parts.second as number) / 1000;
  return asUtc - epochSeconds;
}

/** The instant of a wall-clock time; in a spring gap, as far past the gap as the time is into it; in an autumn repeat, the first. */
export function localToEpoch(date: number, wallSeconds: number, timeZone: string): number {
  const wall = date * 86_400 + wallSeconds;
  const before = utcOffset(wall - 86_400, timeZone);
  const after = utcOffset(wall + 86_400, timeZone);
  // Try the offset in force a day before first (the earlier reading of a repeated hour).
  for (const offset of [before, after]) if (utcOffset(wall - offset, timeZone) === offset) return wall - offset;
  return wall - before;
}

export function epochToLocal(epochSeconds: number, timeZone: string): { day: number; seconds: number } {
  const local = epochSeconds + utcOffset(epochSeconds, timeZone);
  const day = Math.floor(local / 86_400);
  return { day, seconds: local - day * 86_400 };
}
