/**
 * The search form's date-time and journey-type rules (SPEC sections 3-5 and 9), pure so they
 * can be tested without a browser. The inputs hold datetime-local values ('YYYY-MM-DDTHH:mm',
 * the Europe/London wall clock); the API takes 'YYYY/MM/DD HH:mm:ss'.
 */
import {
  formatIsoLocal,
  formatSearchTime,
  parseIsoLocal,
  planningWindow,
  STEP_MINUTES,
  type WallClock,
} from '../../../vocabulary/time';

const two = (n: number) => String(n).padStart(2, '0');
/** The day's last five-minute step (23:55), in minutes. */
const LAST_STEP = 23 * 60 + 55;
/** 'HH:mm...' in minutes since midnight, or null. */
const minutesOf = (time: string): number | null => {
  const m = /^(\d{2}):(\d{2})/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const hhmm = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

export type JourneyType = 'single' | 'return';

export interface JourneyTimes {
  journeyType: JourneyType;
  /** datetime-local value, or '' before one is chosen. */
  out_time: string;
  /** datetime-local value; null on a single journey. */
  return_time: string | null;
}

/** A wall-clock time as an <input type="datetime-local"> value ('YYYY-MM-DDTHH:mm'). */
export const toInputValue = (time: WallClock): string => formatIsoLocal(time, false);

/** The outbound picker's limits: now rounded up to the next five minutes, to six months ahead. */
export function outboundBounds(now: Date): { min: string; max: string } {
  const window = planningWindow(now);
  return { min: toInputValue(window.earliestStep), max: toInputValue(window.latest) };
}

/** The return picker starts at the outbound time (or the outbound minimum before one is chosen). */
export function returnMinimum(times: JourneyTimes, now: Date): string {
  return times.out_time !== '' ? times.out_time : outboundBounds(now).min;
}

/** A form with a return time starts as Return; otherwise Single. */
export const initialJourneyType = (returnTime: string | null | undefined): JourneyType =>
  returnTime ? 'return' : 'single';

/** How long after the outbound time a fresh return is suggested (an afternoon out, not a 5-minute turn). */
export const RETURN_SUGGESTION_HOURS = 3;

/**
 * The return a traveller is offered on choosing Return: the outbound day, three hours after the
 * outbound time (on the five-minute steps), kept within that day and the planning window; the
 * outbound time itself when it is too late in the day for more. '' before an outbound time is chosen.
 */
export function suggestedReturn(outTime: string, max?: string): string {
  const { date, time } = splitDateTime(outTime);
  const minutes = minutesOf(time);
  if (!date || minutes === null) return '';
  const later = `${date}T${snapToStep(hhmm(Math.min(LAST_STEP, minutes + RETURN_SUGGESTION_HOURS * 60)))}`;
  const suggestion = later < outTime ? outTime : later;
  return max && suggestion > max ? (max < outTime ? outTime : max) : suggestion;
}

/**
 * Choosing Single clears the return time; choosing Return keeps any it had, or suggests one
 * (`suggestedReturn`) so the traveller starts from a filled date and time, not empty fields.
 */
export function chooseJourneyType<T extends JourneyTimes>(times: T, journeyType: JourneyType, max?: string): T {
  return {
    ...times,
    journeyType,
    return_time: journeyType === 'single' ? null : times.return_time || suggestedReturn(times.out_time, max),
  };
}

/** A datetime-local value as the API writes times ('YYYY/MM/DD HH:mm:ss'), or null if it is not one. */
export function toSearchTime(value: string): string | null {
  const time = parseIsoLocal(value);
  return time ? formatSearchTime(time) : null;
}

export const TIME_MESSAGES = {
  outRequired: 'Choose when you want to leave.',
  returnRequired: 'Choose when you want to come back, or choose Single.',
  typed: 'Type the time on the 24-hour clock, like 08:00 or 17:30.',
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

/**
 * A time as a traveller types it, read on the 24-hour clock whatever the browser's locale:
 * '0800', '800', '8', '08:00', '8.00', '8h00' and '20:00' are what they say; an explicit am/pm
 * ('8am', '8:30 pm', '12am') is honoured. 'HH:mm', or null when it is not a time of day.
 */
export function parseTypedTime(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const m = /^(\d{1,2})(?:[:.h ]?(\d{2}))?\s?(am|pm|a\.m\.|p\.m\.)?$/.exec(t);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.[0];
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23) return null;
  return `${two(hour)}:${two(minute)}`;
}

/** 'HH:mm' to the nearest five-minute step (23:58 stays in the day at 23:55). */
export function snapToStep(time: string): string {
  const minutes = minutesOf(time);
  return minutes === null ? time : hhmm(Math.min(LAST_STEP, Math.round(minutes / STEP_MINUTES) * STEP_MINUTES));
}
