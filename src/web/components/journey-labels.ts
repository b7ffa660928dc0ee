/** Journey wording shared by the result cards and the saved-journey cards: cost, date, and SPEC section 3's mode names and icons. */
import { wallClockAt, type WallClock } from '../../vocabulary/time';

/** A cost text as the card shows it: 'Free', 'Unknown' or the amount. */
export function costLabel(cost: string): string {
  if (cost === 'free') return 'Free';
  if (cost === 'unknown') return 'Unknown';
  return cost;
}

// Calendar dates are formatted as UTC dates: the London day is chosen first (vocabulary/time), so
// no formatter here needs a time zone.
const DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const two = (n: number) => String(n).padStart(2, '0');
const utcDate = (w: Pick<WallClock, 'year' | 'month' | 'day'>) => new Date(Date.UTC(w.year, w.month - 1, w.day));

/** A leg's local date (YYYY-MM-DD) as 'Tue 24 Nov 2026'. */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return DATE.format(utcDate({ year: y, month: m, day: d })).replace(/,/g, '');
}

/** A London wall clock's date as 'Tue 24 Nov 2026', or 'Tue 24 Nov' without the year. */
export function wallDateLabel(w: WallClock, withYear = true): string {
  const label = dateLabel(`${w.year}-${two(w.month)}-${two(w.day)}`);
  return withYear ? label : label.replace(/ \d{4}$/, '');
}

/** A London wall clock's date as '24 November 2026'. */
export const longDateLabel = (w: WallClock): string => LONG_DATE.format(utcDate(w));

/** A London wall clock's time as '09:05'. */
export const clockLabel = (w: WallClock): string => `${two(w.hour)}:${two(w.minute)}`;

/** An instant (ISO text) as London time, 'Mon 23 Nov 2026 at 10:01'; the text itself if it is not a time. */
export function instantLabel(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const wall = wallClockAt(time);
  return `${wallDateLabel(wall)} at ${clockLabel(wall)}`;
}

/** Human names of the travel types (the filter's labels and the icons' accessible names). */
const MODE_NAMES: Record<string, string> = {
  train: 'Train',
  bus: 'Bus',
  coach: 'Coach',
  tram: 'Tram',
  subway: 'Subway',
  ferry: 'Ferry',
  walk: 'Walk',
  cycle: 'Cycle',
  'bike-hire': 'Bike hire',
  'car-club': 'Car club',
  'own-car': 'Own car',
  taxi: 'Taxi',
  drt: 'Demand responsive transport',
  'community-transport': 'Community transport',
};
export function modeName(mode: string): string {
  return MODE_NAMES[mode] ?? mode.charAt(0).toUpperCase() + mode.slice(1).replace(/-/g, ' ');
}

/** A journey's stages in words, as a sentence reads them: 'Walk, train, walk' (issue 32). */
export function modesInWords(modes: readonly string[]): string {
  const words = modes.map((mode, i) => (i === 0 ? modeName(mode) : modeName(mode).toLowerCase()));
  return words.join(', ');
}

export const ICONS = [
  'bike',
  'bus',
  'car',
  'car-club',
  'ferry',
  'tram',
  'subway',
  'train',
  'taxi',
  'walk',
  'drt',
] as const;
export type IconName = (typeof ICONS)[number];

/** SPEC section 3's transport-mode to icon map (spaces, hyphens and case ignored). */
const ICON_OF: Record<string, IconName> = {
  bike: 'bike',
  bikehire: 'bike',
  cycle: 'bike',
  bus: 'bus',
  intercitybus: 'bus',
  coach: 'bus',
  car: 'car',
  owncar: 'car',
  carclub: 'car-club',
  ferry: 'ferry',
  lighttram: 'tram',
  tram: 'tram',
  subway: 'subway',
  train: 'train',
  taxi: 'taxi',
  walk: 'walk',
  drt: 'drt',
  communitytransport: 'drt',
};
/** The icon of a mode, with the '-c' suffix for the circled variant; null for a mode with no icon. */
export function modeIcon(mode: string, circled = false): string | null {
  const icon = ICON_OF[mode.toLowerCase().replace(/[\s_-]/g, '')];
  return icon ? `${icon}${circled ? '-c' : ''}` : null;
}
