/** Local (Scottish wall-clock) date-times as the planner passes them: "YYYY-MM-DDTHH:MM[:SS]". No time-zone maths. */

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  month: number;
  day: number;
  /** 0 Monday .. 6 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export function parseLocalDateTime(text: string): LocalDateTime {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text.trim());
  if (!m) throw new Error(`not a local date-time: '${text}' (expected YYYY-MM-DDTHH:MM)`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const utc = Date.UTC(year, month - 1, day);
  const weekday = (new Date(utc).getUTCDay() + 6) % 7;
  const minutes = Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
  return { date: `${m[1]}-${m[2]}-${m[3]}`, year, month, day, weekday, minutes };
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
