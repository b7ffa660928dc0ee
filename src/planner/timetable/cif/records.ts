/**
 * CIF (the Common Interface File the Rail Delivery Group publishes the GB rail timetable in, as
 * the "ttisf" set): fixed-width 80-character records read a line at a time from streamed text.
 * Field positions follow the RDG/Network Rail CIF End User Specification (v29). A record of the
 * wrong length is an issue naming its file and line; the reader goes on with the next record.
 */
import type { ImportIssue } from '../report';

export const CIF_RECORD_LENGTH = 80;

/** Splits streamed text into lines (CR LF or LF), calling onLine with each and its 1-based number. */
export class LineSplitter {
  private rest = '';
  private line = 0;

  constructor(private readonly onLine: (text: string, line: number) => void) {}

  push(text: string): void {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    for (const p of parts) this.onLine(p.endsWith('\r') ? p.slice(0, -1) : p, ++this.line);
  }

  end(): void {
    if (this.rest.length > 0) this.onLine(this.rest.endsWith('\r') ? this.rest.slice(0, -1) : this.rest, ++this.line);
    this.rest = '';
  }
}

/** YYMMDD -> days since 1970 (00-59 are 20xx, as CIF's two-digit years are); NaN when not a date. */
export function cifDay(text: string): number {
  if (!/^\d{6}$/.test(text)) return Number.NaN;
  const yy = Number(text.slice(0, 2));
  const ms = Date.UTC(yy < 60 ? 2000 + yy : 1900 + yy, Number(text.slice(2, 4)) - 1, Number(text.slice(4, 6)));
  const day = ms / 86_400_000;
  return new Date(ms).getUTCDate() === Number(text.slice(4, 6)) ? day : Number.NaN;
}

/** HHMM or HHMMH (H: half a minute, in working times) -> seconds after midnight; NaN when blank or not a time. */
export function cifTime(text: string): number {
  const m = /^(\d{2})(\d{2})(H?)\s*$/.exec(text);
  if (!m) return Number.NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return Number.NaN;
  return h * 3600 + min * 60 + (m[3] ? 30 : 0);
}

/** An issue in a CIF file at a line. */
export function cifIssue(feed: string, file: string, line: number, message: string): ImportIssue {
  return { feed, file, line, message };
}
