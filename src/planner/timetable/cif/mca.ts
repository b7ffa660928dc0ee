/**
 * CIF .MCA schedules: a BS (basic schedule) record, its BX extra details, then LO (origin), LI
 * (intermediate, CR change-en-route between) and LT (terminus) location records. Each schedule
 * comes out whole with its calls; a record of the wrong length or with unreadable fields is an
 * issue naming the line, and only what it holds is lost (a bad BS drops its schedule, a bad
 * location record drops that call).
 */
import { CIF_RECORD_LENGTH, cifDay, cifTime } from './records';

/** P permanent, O overlay, N new short-term, C cancellation (the STP indicator). */
export type StpIndicator = 'P' | 'O' | 'N' | 'C';

export interface CifCall {
  tiploc: string;
  /** Seconds after the service day's midnight (public time where given, else working time); NaN when none. */
  arrival: number;
  departure: number;
  /** The activity codes (two characters each, trimmed): T, U, D, R, TB, TF, N, ... */
  activities: string[];
  /** 'O' origin, 'I' intermediate, 'T' terminus. */
  kind: 'O' | 'I' | 'T';
  /** Passes without stopping (a working-timetable pass time only). */
  pass: boolean;
}

export interface CifSchedule {
  uid: string;
  stp: StpIndicator;
  /** Days since 1970, inclusive. */
  start: number;
  end: number;
  /** Monday..Sunday. */
  days: boolean[];
  /** Bank holiday running: X not on bank holidays, G not on Glasgow bank holidays, ' ' runs. */
  bankHoliday: string;
  /** Train status: P/1 passenger and parcels, B/5 bus, S/4 ship, F/T/2/3 freight and trips. */
  status: string;
  category: string;
  headcode: string;
  /** ATOC code of the operator (from BX), '' when absent. */
  atoc: string;
  calls: CifCall[];
  /** The BS record's line. */
  line: number;
}

/**
 * Feeds MCA lines in order; calls onSchedule with each schedule once its LT arrives (or a
 * cancellation at once), and onIssue with problems. Other record types (HD, TI, TA, TD, AA, ZZ)
 * are passed over.
 */
export class McaReader {
  private current: CifSchedule | null = null;

  constructor(
    private readonly onSchedule: (s: CifSchedule) => void,
    private readonly onIssue: (line: number, message: string) => void,
  ) {}

  line(text: string, line: number): void {
    const type = text.slice(0, 2);
    if (type !== 'BS' && type !== 'BX' && type !== 'LO' && type !== 'LI' && type !== 'LT' && type !== 'CR') return;
    if (text.length !== CIF_RECORD_LENGTH) {
      const what = type === 'BS' ? 'its schedule is skipped' : this.current ? 'this record is left out' : 'skipped';
      this.onIssue(line, `${type} record of ${text.length} characters (CIF records are 80); ${what}`);
      if (type === 'BS') this.current = null;
      return;
    }
    if (type === 'BS') return this.basic(text, line);
    const s = this.current;
    if (!s) {
      if (type !== 'CR') this.onIssue(line, `${type} record outside a schedule; skipped`);
      return;
    }
    if (type === 'BX') {
      s.atoc = text.slice(11, 13).trim();
      return;
    }
    if (type === 'CR') return;
    const call = this.location(type, text, line);
    if (call) s.calls.push(call);
    if (type === 'LT') {
      this.current = null;
      this.onSchedule(s);
    }
  }

  /** A schedule left open at the end of the file (no LT) is an issue. */
  end(): void {
    if (this.current)
      this.onIssue(this.current.line, `schedule ${this.current.uid} has no terminus (LT) record; skipped`);
    this.current = null;
  }

  private basic(text: string, line: number): void {
    if (this.current)
      this.onIssue(this.current.line, `schedule ${this.current.uid} has no terminus (LT) record; skipped`);
    this.current = null;
    const transaction = text.slice(2, 3);
    const uid = text.slice(3, 9);
    const stp = text.slice(79, 80) as StpIndicator;
    if (transaction === 'D') return; // A deletion in an update file: nothing to add.
    if (!['P', 'O', 'C', 'N'].includes(stp)) {
      this.onIssue(line, `schedule ${uid} has an unknown STP indicator '${stp}'; skipped`);
      return;
    }
    const start = cifDay(text.slice(9, 15));
    const end = stp === 'C' && text.slice(15, 21).trim() === '' ? start : cifDay(text.slice(15, 21));
    const dayText = text.slice(21, 28);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || !/^[01]{7}$/.test(dayText)) {
      this.onIssue(
        line,
        `schedule ${uid} has unreadable dates or days ('${text.slice(9, 15)}' to '${text.slice(15, 21)}', '${dayText}'); skipped`,
      );
      return;
    }
    const s: CifSchedule = {
      uid,
      stp,
      start,
      end,
      days: [...dayText].map((c) => c === '1'),
      bankHoliday: text.slice(28, 29),
      status: text.slice(29, 30),
      category: text.slice(30, 32),
      headcode: text.slice(32, 36).trim(),
      atoc: '',
      calls: [],
      line,
    };
    if (stp === 'C') this.onSchedule(s);
    else this.current = s;
  }

  private location(type: string, text: string, line: number): CifCall | null {
    const tiploc = text.slice(2, 9).trim();
    const pub = (t: string): number => (t === '0000' ? Number.NaN : cifTime(t));
    let call: CifCall;
    if (type === 'LO') {
      const dep = pub(text.slice(15, 19));
      const working = cifTime(text.slice(10, 15));
      call = {
        tiploc,
        arrival: Number.NaN,
        departure: Number.isFinite(dep) ? dep : working,
        activities: activities(text.slice(29, 41)),
        kind: 'O',
        pass: false,
      };
    } else if (type === 'LT') {
      const arr = pub(text.slice(15, 19));
      const working = cifTime(text.slice(10, 15));
      call = {
        tiploc,
        arrival: Number.isFinite(arr) ? arr : working,
        departure: Number.NaN,
        activities: activities(text.slice(25, 37)),
        kind: 'T',
        pass: false,
      };
    } else {
      const passTime = cifTime(text.slice(20, 25));
      const arr = pub(text.slice(25, 29));
      const dep = pub(text.slice(29, 33));
      call = {
        tiploc,
        arrival: Number.isFinite(arr) ? arr : cifTime(text.slice(10, 15)),
        departure: Number.isFinite(dep) ? dep : cifTime(text.slice(15, 20)),
        activities: activities(text.slice(42, 54)),
        kind: 'I',
        pass: Number.isFinite(passTime),
      };
    }
    const times = [call.arrival, call.departure].filter((t) => !Number.isNaN(t));
    if (!tiploc || (!call.pass && times.length === 0)) {
      this.onIssue(line, `${type} record without a location or a readable time; this call is left out`);
      return null;
    }
    return call;
  }
}

function activities(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 2 <= text.length; i += 2) {
    const code = text.slice(i, i + 2).trim();
    if (code) out.push(code);
  }
  return out;
}

/** Activities at which passengers may board or alight (T stop, U take up, D set down, R request, TB/TF begins/finishes). */
const PUBLIC = new Set(['T', 'U', 'D', 'R', 'TB', 'TF']);

/** Whether a call is a public stop. */
export function isPublicCall(call: CifCall): boolean {
  return !call.pass && call.activities.some((a) => PUBLIC.has(a));
}
