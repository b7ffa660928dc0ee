/** GTFS time and date fields. Times are seconds since the service day's midnight (may pass 24:00:00). */

/** "H:MM:SS" or "HH:MM:SS" (hours may exceed 23) -> seconds; -1 for blank; NaN when malformed. */
export function parseGtfsTime(text: string): number {
  const s = text.trim();
  if (s === '') return -1;
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(s);
  if (!m) return Number.NaN;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export function formatGtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Days since 1970-01-01 for a YYYYMMDD or YYYY-MM-DD string; NaN when malformed. */
export function parseDay(text: string): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return Number.NaN;
  return Math.round(ms / 86_400_000);
}

/** Days since epoch -> YYYY-MM-DD. */
export function formatDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday (GTFS calendar column order). */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((day + 3) % 7) + 7) % 7;
}
