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
import {
  dayAndSeconds,
  formatIsoLocal,
  instantOf,
  parseIsoLocal,
  wallClockAt,
  wallClockOf,
} from '../../vocabulary/time';

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
  const wall = parseIsoLocal(text);
  if (!wall) throw new Error(`'${text}' is not an ISO local date-time like 2026-11-23T08:30`);
  const { day, seconds } = dayAndSeconds(wall);
  return { date: day, time: seconds };
}

/** Seconds on service day `date` as an ISO local date-time "YYYY-MM-DDTHH:MM:SS" (wall clock in `timeZone` when given). */
export function formatIsoDateTime(date: number, seconds: number, timeZone?: string): string {
  const wall = wallClockTime(date, seconds, timeZone);
  return formatIsoLocal(wallClockOf(wall.date, wall.time));
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

/** The instant of a wall-clock time (epoch seconds): the vocabulary's rule for gaps and repeats. */
export function localToEpoch(date: number, wallSeconds: number, timeZone: string): number {
  return instantOf(wallClockOf(date, wallSeconds), timeZone) / 1000;
}

/** An instant (epoch seconds) as the calendar day and seconds since local midnight in `timeZone`. */
export function epochToLocal(epochSeconds: number, timeZone: string): { day: number; seconds: number } {
  return dayAndSeconds(wallClockAt(epochSeconds * 1000, timeZone));
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
