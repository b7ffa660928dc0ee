/** GTFS time and date fields. Times are seconds since the service day's midnight (may pass 24:00:00). */

/** "H:MM:SS" or "HH:MM:SS" (hours may exceed 23) -> seconds; -1 for blank; NaN when malformed. */
export function parseGtfsTime(text: string): number {
  // Hand-rolled: this runs once per stop_times field, millions of times per import.
  let i = 0;
  let end = text.length;
  while (i < end && text.charCodeAt(i) === 32) i++;
  while (end > i && text.charCodeAt(end - 1) === 32) end--;
  if (i === end) return -1;
  let h = 0;
  let digits = 0;
  for (; i < end && text.charCodeAt(i) !== 58; i++, digits++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9 || digits > 2) return Number.NaN;
    h = h * 10 + c;
  }
  if (digits === 0 || end - i !== 6 || text.charCodeAt(i + 3) !== 58) return Number.NaN;
  const m1 = text.charCodeAt(i + 1) - 48;
  const m2 = text.charCodeAt(i + 2) - 48;
  const s1 = text.charCodeAt(i + 4) - 48;
  const s2 = text.charCodeAt(i + 5) - 48;
  if (m1 < 0 || m1 > 5 || m2 < 0 || m2 > 9 || s1 < 0 || s1 > 5 || s2 < 0 || s2 > 9) return Number.NaN;
  return h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
}

export function formatGtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

// Day numbers are the vocabulary's (one calendar for every layer); GTFS date fields read them too.
export { formatDay, parseDay, weekdayOf } from '../../vocabulary/time';
