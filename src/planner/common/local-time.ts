/**
 * The planner's one local-time module: dates and times of day as values, and the two edges where
 * they meet text (ISO date-times in, ISO date-times out). Browser-safe: Intl's zone data, no Node.
 *
 * Three views of one moment:
 *  - a service time: service date (days since 1970-01-01) and seconds since that day's start,
 *    the way the timetable, RAPTOR and the modes count (seconds may pass 24:00 or go negative);
 *  - a wall-clock time (`WallClockTime`): calendar day and seconds since its local midnight, what
 *    a traveller types (parseIsoDateTime) and reads (formatIsoDateTime);
 *  - a calendar time (`LocalDateTime`): date text, month, weekday and minutes, what fare rules
 *    test (tariff hours, railcard minimum fares, public holidays). Built by localDateTime().
 *
 * GTFS measures a day's times from "noon minus 12 hours" in the agency's time zone: local midnight,
 * except on the days clocks change, when it is 23:00 the evening before (spring) or 01:00 (autumn).
 * With a time zone, the service-time functions follow that rule exactly; without one, seconds on
 * the service day are taken as wall-clock seconds since midnight.
 */
import { formatDay, formatGtfsTime, parseDay } from '../timetable/gtfs-time';

/** A wall-clock date-time: calendar day (days since 1970-01-01) and seconds since its local midnight. */
export interface WallClockTime {
  date: number;
  time: number;
}

/** A local date and time of day as fare rules read it. */
export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  month: number;
  day: number;
  /** 0 Monday .. 6 Sunday. */
  weekday: number;
  /** Minutes since local midnight (whole minutes; seconds are dropped). */
  minutes: number;
}

/** "YYYY-MM-DDTHH:MM[:SS]" (or a space for the T) -> a wall-clock date-time; throws on anything else. */
export function parseIsoDateTime(text: string): WallClockTime {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const date = m ? parseDay(m[1] as string) : Number.NaN;
  if (!m || Number.isNaN(date)) throw new Error(`'${text}' is not an ISO local date-time like 2026-11-23T08:30`);
  return { date, time: Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0) };
}

/** Seconds on service day `date` as an ISO local date-time "YYYY-MM-DDTHH:MM:SS" (wall clock in `timeZone` when given). */
export function formatIsoDateTime(date: number, seconds: number, timeZone?: string): string {
  const wall = wallClockTime(date, seconds, timeZone);
  return `${formatDay(wall.date)}T${formatGtfsTime(wall.time)}`;
}

/** Seconds on service day `date` as a wall-clock date-time (in `timeZone` when given, else seconds past midnight). */
export function wallClockTime(date: number, seconds: number, timeZone?: string): WallClockTime {
  if (timeZone) {
    const local = epochToLocal(serviceDayStart(date, timeZone) + seconds, timeZone);
    return { date: local.day, time: local.seconds };
  }
  const dayOffset = Math.floor(seconds / 86_400);
  return { date: date + dayOffset, time: seconds - dayOffset * 86_400 };
}

/**
 * Seconds on service day `date` as the calendar time fare rules read (wall clock in `timeZone` when
 * given, else seconds past midnight): 25:10 on the 10th is 01:10 on the 11th.
 */
export function localDateTime(date: number, seconds: number, timeZone?: string): LocalDateTime {
  const wall = wallClockTime(date, seconds, timeZone);
  const d = new Date(wall.date * 86_400_000);
  return {
    date: d.toISOString().slice(0, 10),
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: (d.getUTCDay() + 6) % 7,
    minutes: Math.floor(wall.time / 60),
  };
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
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(epochSeconds * 1000)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc =
    Date.UTC(
      parts.year as number,
      (parts.month as number) - 1,
      parts.day as number,
      parts.hour as number,
      parts.minute as number,
      parts.second as number,
    ) / 1000;
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

/** "HH:MM" -> minutes since midnight. */
export function parseClock(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not a clock time: '${text}'`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Whether `minutes` falls in [from, to), where a window with to <= from runs past midnight (23:00-07:00). */
export function inClockWindow(minutes: number, from: number, to: number): boolean {
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}
