/**
 * The date calendar's keyboard (WCAG 2.1.1), pure: which day a key moves focus to. Arrows move
 * a day or a week, Home/End to the week's Monday/Sunday, Page Up/Down a month; always within
 * [min, max] and across month ends (the calendar's own arrows stop at a month's last row).
 * Dates are 'YYYY-MM-DD'.
 */
const DAY_MS = 86_400_000;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromTime(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

/** The day `key` moves to from `date`, or null when the key is not the calendar's. */
export function movedDay(date: string, key: string, min: string, max: string): string | null {
  const weekday = (new Date(toTime(date)).getUTCDay() + 6) % 7; // Monday 0
  const byDays: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  let moved: string;
  if (key in byDays) moved = fromTime(toTime(date) + byDays[key]! * DAY_MS);
  else if (key === 'PageUp' || key === 'PageDown') moved = addMonths(date, key === 'PageUp' ? -1 : 1);
  else return null;
  if (moved < min) return min;
  if (moved > max) return max;
  return moved;
}
