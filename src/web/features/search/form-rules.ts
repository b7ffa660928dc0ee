/**
 * The search form's date-time and journey-type rules (SPEC sections 3-5 and 9), pure so they
 * can be tested without a browser. The inputs hold datetime-local values ('YYYY-MM-DDTHH:mm',
 * the Europe/London wall clock); the API takes 'YYYY/MM/DD HH:mm:ss'.
 */
import { Temporal } from 'temporal-polyfill';

export const SEARCH_TIME_ZONE = 'Europe/London';
export const MONTHS_AHEAD = 6;
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

/** A London wall-clock time as an <input type="datetime-local"> value. */
export function toInputValue(time: Temporal.PlainDateTime | Temporal.ZonedDateTime): string {
  return `${time.year}-${two(time.month)}-${two(time.day)}T${two(time.hour)}:${two(time.minute)}`;
}

function parseInput(value: string): Temporal.PlainDateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  try {
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** The outbound picker's limits: now rounded up to the next five minutes, to six months ahead. */
export function outboundBounds(now: Date): { min: string; max: string } {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(SEARCH_TIME_ZONE);
  const step = STEP_MINUTES * 60_000;
  const rounded = Temporal.Instant.fromEpochMilliseconds(Math.ceil(now.getTime() / step) * step).toZonedDateTimeISO(SEARCH_TIME_ZONE);
  return {
    min: toInputValue(rounded),
    max: toInputValue(here.add({ months: MONTHS_AHEAD })),
  };
}

/** The return picker starts at the outbound time (or the outbound minimum before one is chosen). */
export function returnMinimum(times: JourneyTimes, now: Date): string {
  return times.out_time !== '' ? times.out_time : outboundBounds(now).min;
}

/** A form with a return time starts as Return; otherwise Single. */
export const initialJourneyType = (returnTime: string | null | undefined): JourneyType => (returnTime ? 'return' : 'single');

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
