/**
 * Time as the SPEC speaks it, defined once for every layer: the Europe/London wall clock, the
 * search-time text ('YYYY/MM/DD HH:mm:ss'), ISO local date-times ('YYYY-MM-DDTHH:mm:ss'), day
 * numbers, and the six-month planning window with its five-minute step. Plain functions over
 * the platform's own time-zone data (Intl), so the browser's first load pays for no polyfill;
 * tests/vocabulary/time.test.ts holds them against Temporal across clock changes.
 *
 * Three shapes cross the layers, and text only at the edges:
 *  - an instant: epoch milliseconds;
 *  - a wall clock (`WallClock`): year .. second on a zone's clock, no zone attached;
 *  - a day number: days since 1970-01-01 (service days, calendars).
 */

/** Times travellers give and see are wall-clock times in Scotland. */
export const TIME_ZONE = 'Europe/London';
/** Journeys can be planned at most this many months ahead (SPEC section 3). */
export const MONTHS_AHEAD = 6;
/** The time pickers move in five-minute steps (SPEC section 5). */
export const STEP_MINUTES = 5;
/** An arrive-by search aims to arrive this many minutes early (SPEC section 9's default buffer). */
export const DEFAULT_ARRIVE_BY_BUFFER = 30;
/** A form filled in a few minutes ago still counts as "now": one step of grace. */
export const PAST_GRACE_MINUTES = STEP_MINUTES;

/** A date and time on a wall clock (months 1-12); which clock is the caller's to know. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

// --- day numbers ----------------------------------------------------------------------------

/** Days since 1970-01-01 of a calendar date (months 1-12; out-of-range parts roll over). */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** Days since 1970-01-01 for 'YYYYMMDD' or 'YYYY-MM-DD'; NaN when malformed or not a real date. */
export function parseDay(text: string): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? dayNumber(year, month, day) : Number.NaN;
}

/** A day number as 'YYYY-MM-DD'. */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday (the GTFS calendar's column order). */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((day + 3) % 7) + 7) % 7;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isRealWallClock(w: WallClock): boolean {
  return (
    isRealDate(w.year, w.month, w.day) &&
    w.hour >= 0 &&
    w.hour <= 23 &&
    w.minute >= 0 &&
    w.minute <= 59 &&
    w.second >= 0 &&
    w.second <= 59
  );
}

// --- wall-clock arithmetic (no zone: the clock's own calendar) -------------------------------

/** The wall clock as a number that orders and subtracts like one: its milliseconds read as UTC. */
export function wallClockKey(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

function fromKey(key: number): WallClock {
  const d = new Date(key);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** Negative, zero or positive as `a` is before, at or after `b` on the same clock. */
export const compareWallClocks = (a: WallClock, b: WallClock): number => wallClockKey(a) - wallClockKey(b);

/** Minutes later (earlier when negative) on the wall clock, as a traveller counts them. */
export function addMinutes(w: WallClock, minutes: number): WallClock {
  return fromKey(wallClockKey(w) + minutes * 60_000);
}

/** Whole months later on the same clock; a day the month lacks becomes its last (31 Aug + 6 months = 28 Feb). */
export function addMonths(w: WallClock, months: number): WallClock {
  const index = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

/** The wall clock's calendar day as a day number, and its seconds since that midnight. */
export function dayAndSeconds(w: WallClock): { day: number; seconds: number } {
  return { day: dayNumber(w.year, w.month, w.day), seconds: w.hour * 3600 + w.minute * 60 + w.second };
}

/** A day number and seconds since its midnight (any number: 25:10 is 01:10 the next day) as a wall clock. */
export function wallClockOf(day: number, seconds: number): WallClock {
  return fromKey(day * DAY_MS + seconds * 1000);
}

// --- zones: the one place an instant meets a wall clock ---------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
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
  return f;
}

/** The wall clock of `timeZone` (IANA name; London by default) at an instant. */
export function wallClockAt(epochMs: number, timeZone: string = TIME_ZONE): WallClock {
  const seconds = Math.floor(epochMs / 1000);
  return fromKey((seconds + utcOffsetSeconds(seconds, timeZone)) * 1000);
}

/** The zone's wall clock read from Intl: the slow path, once per quarter hour of time asked about. */
function intlWallClock(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(timeZone).formatToParts(new Date(epochMs)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

// Zones change offset on a quarter hour (UTC), so one Intl reading holds for its whole quarter:
// the planner asks for thousands of instants per search, mostly in the same few quarters.
const QUARTER_S = 900;
const offsetCaches = new Map<string, Map<number, number>>();

/** Local minus UTC at an instant, in seconds. */
export function utcOffsetSeconds(epochSeconds: number, timeZone: string = TIME_ZONE): number {
  let cache = offsetCaches.get(timeZone);
  if (!cache) offsetCaches.set(timeZone, (cache = new Map()));
  const quarter = Math.floor(epochSeconds / QUARTER_S);
  let offset = cache.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_S * 1000;
    offset = (wallClockKey(intlWallClock(start, timeZone)) - start) / 1000;
    if (cache.size > 20_000) cache.clear();
    cache.set(quarter, offset);
  }
  return offset;
}

/**
 * The instant a wall clock of `timeZone` shows `w`. In a spring gap (01:30 when clocks jump from
 * 01:00 to 02:00) it moves forward by the gap (02:30); in an autumn repeat it is the first.
 */
export function instantOf(w: WallClock, timeZone: string = TIME_ZONE): number {
  const wall = wallClockKey(w) / 1000;
  const before = utcOffsetSeconds(wall - 86_400, timeZone);
  const after = utcOffsetSeconds(wall + 86_400, timeZone);
  // The offset in force a day before first: the earlier reading of a repeated hour.
  for (const offset of [before, after])
    if (utcOffsetSeconds(wall - offset, timeZone) === offset) return (wall - offset) * 1000;
  return (wall - before) * 1000;
}

/** Today's date on the London clock as 'YYYY-MM-DD' (ages and day rules change at London midnight). */
export function londonToday(now: Date = new Date()): string {
  const w = wallClockAt(now.getTime());
  return `${w.year}-${two(w.month)}-${two(w.day)}`;
}

// --- text at the edges ------------------------------------------------------------------------

/** The search form's time text (SPEC section 7): 'YYYY/MM/DD HH:mm:ss' (seconds optional), London. */
export const SEARCH_TIME_PATTERN = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function wallClockFrom(m: RegExpExecArray | null): WallClock | null {
  if (!m) return null;
  const w = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  return isRealWallClock(w) ? w : null;
}

/** 'YYYY/MM/DD HH:mm[:ss]' -> its wall clock, or null when it is not that or not a real date and time. */
export const parseSearchTime = (text: string): WallClock | null => wallClockFrom(SEARCH_TIME_PATTERN.exec(text.trim()));

/** A wall clock as the search form writes it: 'YYYY/MM/DD HH:mm:ss'. */
export const formatSearchTime = (w: WallClock): string =>
  `${w.year}/${two(w.month)}/${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;

/** 'YYYY-MM-DDTHH:mm[:ss]' (or a space for the T) -> its wall clock, or null. */
export const parseIsoLocal = (text: string): WallClock | null => wallClockFrom(ISO_LOCAL_PATTERN.exec(text.trim()));

/** A wall clock as an ISO local date-time: 'YYYY-MM-DDTHH:mm:ss', or 'YYYY-MM-DDTHH:mm' (an <input> value). */
export function formatIsoLocal(w: WallClock, withSeconds = true): string {
  const minutes = `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
  return withSeconds ? `${minutes}:${two(w.second)}` : minutes;
}

/** A search time's instant (London), or null when the text is not a search time. */
export function searchTimeInstant(text: string): number | null {
  const w = parseSearchTime(text);
  return w ? instantOf(w) : null;
}

/** An instant as the search form writes it (London). */
export const searchTimeAt = (epochMs: number): string => formatSearchTime(wallClockAt(epochMs));

// --- the planning window (SPEC sections 3 and 5) ----------------------------------------------

export interface PlanningWindow {
  /** The earliest outbound a form may pick: now, rounded up to the next step (London). */
  earliestStep: WallClock;
  /** The earliest outbound the server accepts: now less the grace (London). */
  earliest: WallClock;
  /** The latest outbound or return: six months after now, on the London clock. */
  latest: WallClock;
}

/** The window in which journeys can be planned, on the London clock, as of `now`. */
export function planningWindow(now: Date): PlanningWindow {
  const step = STEP_MINUTES * 60_000;
  return {
    earliestStep: wallClockAt(Math.ceil(now.getTime() / step) * step),
    earliest: wallClockAt(now.getTime() - PAST_GRACE_MINUTES * 60_000),
    latest: addMonths(wallClockAt(now.getTime()), MONTHS_AHEAD),
  };
}

export type TimeWindowProblem = 'past' | 'too_far' | 'return_before_outbound';

/**
 * The six-month rule on London wall clocks: the outbound from now (less the grace) to six months
 * ahead; the return after the outbound and within six months. Which field breaks which rule (an
 * outbound that could not be read is null: the return is still held to the window).
 */
export function checkPlanningWindow(
  outbound: WallClock | null,
  back: WallClock | null,
  now: Date,
): { out_time?: TimeWindowProblem; return_time?: TimeWindowProblem } {
  const window = planningWindow(now);
  const problems: { out_time?: TimeWindowProblem; return_time?: TimeWindowProblem } = {};
  if (outbound && instantOf(outbound) < now.getTime() - PAST_GRACE_MINUTES * 60_000) problems.out_time = 'past';
  else if (outbound && compareWallClocks(outbound, window.latest) > 0) problems.out_time = 'too_far';
  if (back) {
    if (outbound && compareWallClocks(back, outbound) <= 0) problems.return_time = 'return_before_outbound';
    else if (compareWallClocks(back, window.latest) > 0) problems.return_time = 'too_far';
  }
  return problems;
}
