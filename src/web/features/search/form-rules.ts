/**
 * The search form's date-time and journey-type rules (SPEC sections 3-5 and 9), pure so they
 * can be tested without a browser. The inputs hold datetime-local values ('YYYY-MM-DDTHH:mm',
 * the Europe/London wall clock); the API takes 'YYYY/MM/DD HH:mm:ss'.
 */
import { MONTHS_AHEAD, TIME_ZONE } from '../../../vocabulary/index';
export const SEARCH_TIME_ZONE = TIME_ZONE;
export { MONTHS_AHEAD };
export const STEP_MINUTES = 5;

export type JourneyType = 'single' | 'return';

export interface JourneyTimes {
  journeyType: JourneyType;
  /** datetime-local value, or '' before one is chosen. */
  out_time: string;
  /** datetime-local value; null on a single journey. */
  return_time: string | null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock date and time (no zone); months 1-12. */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Intl rather than Temporal here: the polyfill would add ~19 KB gzip to Home's first load.
const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: SEARCH_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant on the London wall clock. */
export function londonClock(epochMs: number): WallClock {
  const parts = Object.fromEntries(
    LONDON.formatToParts(new Date(epochMs)).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whole months later on the same wall clock; a day the month lacks becomes its last (31 Aug + 6 months = 28 Feb). */
function addMonths(time: WallClock, months: number): WallClock {
  const index = time.year * 12 + (time.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { ...time, year, month, day: Math.min(time.day, daysInMonth(year, month)) };
}

/** A wall-clock time as an <input type="datetime-local"> value. */
export function toInputValue(time: WallClock): string {
  return `${time.year}-${two(time.month)}-${two(time.day)}T${two(time.hour)}:${two(time.minute)}`;
}

function parseInput(value: string): WallClock | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
    return null;
  return { year, month, day, hour, minute, second };
}

/** The outbound picker's limits: now rounded up to the next five minutes, to six months ahead. */
export function outboundBounds(now: Date): { min: string; max: string } {
  const step = STEP_MINUTES * 60_000;
  return {
    min: toInputValue(londonClock(Math.ceil(now.getTime() / step) * step)),
    max: toInputValue(addMonths(londonClock(now.getTime()), MONTHS_AHEAD)),
  };
}

/** The return picker starts at the outbound time (or the outbound minimum before one is chosen). */
export function returnMinimum(times: JourneyTimes, now: Date): string {
  return times.out_time !== '' ? times.out_time : outboundBounds(now).min;
}

/** A form with a return time starts as Return; otherwise Single. */
export const initialJourneyType = (returnTime: string | null | undefined): JourneyType =>
  returnTime ? 'return' : 'single';

/** Choosing Single clears the return time; choosing Return keeps any it had. */
export function chooseJourneyType<T extends JourneyTimes>(times: T, journeyType: JourneyType): T {
  return {
    ...times,
    journeyType,
    return_time: journeyType === 'single' ? null : (times.return_time ?? ''),
  };
}

/** A datetime-local value as the API writes times ('YYYY/MM/DD HH:mm:ss'), or null if it is not one. */
export function toSearchTime(value: string): string | null {
  const time = parseInput(value);
  if (!time) return null;
  return `${time.year}/${two(time.month)}/${two(time.day)} ${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;
}

export const TIME_MESSAGES = {
  outRequired: 'Choose when you want to leave.',
  returnRequired: 'Choose when you want to come back, or choose Single.',
} as const;

/** The times the API needs, or a field error each (the server checks the limits again). */
export function searchTimes(times: JourneyTimes):
  | { ok: true; out_time: string; return_time: string | null }
  | {
      ok: false;
      errors: Partial<Record<'out_time' | 'return_time', string[]>>;
    } {
  const errors: Partial<Record<'out_time' | 'return_time', string[]>> = {};
  const out = toSearchTime(times.out_time);
  if (!out) errors.out_time = [TIME_MESSAGES.outRequired];
  const back = times.journeyType === 'return' ? toSearchTime(times.return_time ?? '') : null;
  if (times.journeyType === 'return' && !back) errors.return_time = [TIME_MESSAGES.returnRequired];
  if (!out || (times.journeyType === 'return' && !back)) return { ok: false, errors };
  return { ok: true, out_time: out, return_time: back };
}

/** A datetime-local value's date ('YYYY-MM-DD') and time ('HH:mm') parts; '' where missing. */
export function splitDateTime(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/** 'HH:mm' to the nearest five-minute step (23:58 stays in the day at 23:55). */
export function snapToStep(time: string): string {
  const m = /^(\d{2}):(\d{2})/.exec(time);
  if (!m) return time;
  const total = Math.min(23 * 60 + 55, Math.round((Number(m[1]) * 60 + Number(m[2])) / STEP_MINUTES) * STEP_MINUTES);
  return `${two(Math.floor(total / 60))}:${two(total % 60)}`;
}
