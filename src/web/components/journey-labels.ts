/** Journey wording shared by the result cards and the saved-journey cards: cost, date, and SPEC section 3's mode names and icons. */

/** A cost text as the card shows it: 'Free', 'Unknown' or the amount. */
export function costLabel(cost: string): string {
  if (cost === 'free') return 'Free';
  if (cost === 'unknown') return 'Unknown';
  return cost;
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A leg's local date (YYYY-MM-DD) as 'Tue 24 Nov 2026'. */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return DATE.format(new Date(Date.UTC(y, m - 1, d))).replace(/,/g, '');
}

const MADE_AT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
/** An instant (ISO text) as London time, 'Mon 23 Nov 2026 at 10:01'; the text itself if it is not a time. */
export function instantLabel(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const parts = Object.fromEntries(MADE_AT.formatToParts(time).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}`;
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
