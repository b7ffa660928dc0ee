/** ISO local date-times <-> (service date, seconds since that date's midnight). DST days are not special-cased. */
import { formatDay, formatGtfsTime, parseDay } from '../timetable/gtfs-time';

export function parseLocalDateTime(text: string): { date: number; time: number } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  const date = m ? parseDay(m[1] as string) : Number.NaN;
  if (!m || Number.isNaN(date)) throw new Error(`'${text}' is not an ISO local date-time like 2026-11-23T08:30`);
  return { date, time: Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0) };
}

export function formatLocalDateTime(date: number, seconds: number): string {
  const dayOffset = Math.floor(seconds / 86_400);
  return `${formatDay(date + dayOffset)}T${formatGtfsTime(seconds - dayOffset * 86_400)}`;
}
