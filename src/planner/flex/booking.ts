/**
 * GTFS-Flex booking rules against the clock: can a ride picked up at a given local time still be
 * booked now, and how the rule reads to a traveller. Times are the service's wall clock: days
 * since epoch and seconds since that day's midnight. Browser-safe (the vocabulary's zone clock).
 */
import { dayAndSeconds, wallClockAt } from '../../vocabulary/time';
import type { BookingRule } from './model';

export interface LocalClock {
  date: number;
  time: number;
}

/** `now` as the wall clock of `timeZone` (IANA); UTC when the zone is unknown. */
export function localClock(now: Date, timeZone: string): LocalClock {
  try {
    const { day, seconds } = dayAndSeconds(wallClockAt(now.getTime(), timeZone));
    return { date: day, time: seconds };
  } catch {
    return { date: Math.floor(now.getTime() / 86_400_000), time: Math.floor((now.getTime() % 86_400_000) / 1000) };
  }
}

const abs = (c: LocalClock) => c.date * 86_400 + c.time;

export type BookingCheck = { ok: true; opensLater: string | null } | { ok: false; reason: string };

/** The day `n` days before `date`, counting only days on which `runs` is true (every day when absent). */
function daysBack(date: number, n: number, runs?: (day: number) => boolean): number {
  if (!runs) return date - n;
  let day = date;
  // Bounded: a year of searching is more than any booking rule asks.
  for (let left = n, guard = 0; left > 0 && guard < 366; guard++) if (runs(--day)) left--;
  return day;
}

/**
 * When a ride picked up at `pickup` must be booked by, and when bookings for it open, under
 * `rule` (wall clock of the service): same-day notice counts back from the pickup, prior-day
 * notice from the pickup's day (over the days of `runs` when given). Null where the rule sets
 * none: real-time booking, or a rule without that field.
 */
export function bookingWindow(
  rule: BookingRule | null,
  pickup: LocalClock,
  runs?: (day: number) => boolean,
): { deadline: LocalClock | null; opens: LocalClock | null } {
  const back = (seconds: number): LocalClock => {
    const at = abs(pickup) - seconds;
    return { date: Math.floor(at / 86_400), time: at - Math.floor(at / 86_400) * 86_400 };
  };
  if (rule?.type === 1)
    return {
      deadline: rule.noticeMin !== null ? back(rule.noticeMin * 60) : null,
      opens: rule.noticeMax !== null ? back(rule.noticeMax * 60) : null,
    };
  if (rule?.type === 2)
    return {
      deadline: { date: daysBack(pickup.date, rule.lastDay ?? 0, runs), time: rule.lastTime ?? 0 },
      opens:
        rule.startDay !== null ? { date: daysBack(pickup.date, rule.startDay, runs), time: rule.startTime ?? 0 } : null,
    };
  return { deadline: null, opens: null };
}

/**
 * Whether a ride picked up at `pickup` can still be booked at `now` under `rule`. `runs` tells the
 * days of the rule's prior_notice_service_id (prior-day notice counts only those days).
 */
export function checkBooking(
  rule: BookingRule | null,
  pickup: LocalClock,
  now: LocalClock,
  runs?: (day: number) => boolean,
): BookingCheck {
  const lead = abs(pickup) - abs(now);
  if (lead < 0) return { ok: false, reason: 'the pickup time has passed' };
  if (!rule) return { ok: true, opensLater: null };
  if (rule.type === 1) {
    const min = (rule.noticeMin ?? 0) * 60;
    if (lead < min) return { ok: false, reason: `needs booking ${noticeText(rule.noticeMin ?? 0)} ahead` };
    const max = rule.noticeMax !== null ? rule.noticeMax * 60 : null;
    return {
      ok: true,
      opensLater:
        max !== null && lead > max ? `bookings open ${noticeText(rule.noticeMax ?? 0)} before the pickup` : null,
    };
  }
  if (rule.type === 2) {
    const { deadline, opens } = bookingWindow(rule, pickup, runs);
    if (deadline && abs(now) > abs(deadline))
      return {
        ok: false,
        reason: `the booking deadline (${dayText(rule.lastDay ?? 0)} ${clockText(rule.lastTime ?? 0)}) has passed`,
      };
    if (opens && rule.startDay !== null && abs(now) < abs(opens))
      return { ok: true, opensLater: `bookings open ${dayText(rule.startDay)} at ${clockText(rule.startTime ?? 0)}` };
  }
  return { ok: true, opensLater: null };
}

function noticeText(minutes: number): string {
  if (minutes % 1440 === 0 && minutes >= 1440) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
  if (minutes % 60 === 0 && minutes >= 60) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes} min${minutes === 1 ? '' : 's'}`;
}

function clockText(seconds: number): string {
  return `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;
}

function dayText(days: number): string {
  return days === 0 ? 'the same day' : days === 1 ? 'the day before' : `${days} days before`;
}

/** The rule's notice period in words, e.g. "book at least 2 hours and at most 1 day ahead". */
export function noticeDescription(rule: BookingRule | null): string {
  if (!rule) return 'booking terms not published in the feed';
  if (rule.type === 0) return 'book in real time (no advance notice needed)';
  if (rule.type === 1) {
    const min = rule.noticeMin !== null ? `at least ${noticeText(rule.noticeMin)}` : '';
    const max = rule.noticeMax !== null ? `at most ${noticeText(rule.noticeMax)}` : '';
    return `book ${[min, max].filter(Boolean).join(' and ') || 'on the same day'} ahead`;
  }
  const last = `book by ${clockText(rule.lastTime ?? 0)} ${dayText(rule.lastDay ?? 0)}`;
  return rule.startDay !== null
    ? `${last} (bookings open ${dayText(rule.startDay)} at ${clockText(rule.startTime ?? 0)})`
    : last;
}
