/**
 * A GtfsSource whose files are tables held in memory (uk/txc.ts's conversion of TransXChange, cif/'s of CIF):
 * the timetable loader reads them exactly as it reads a GTFS zip. Browser-safe.
 */
import type { GtfsSource } from './gtfs-source';

const quote = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** calendar.txt's header, as every converter to GTFS tables (TransXChange, CIF, route patterns) writes it. */
export const CALENDAR_HEADER = [
  'service_id',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'start_date',
  'end_date',
];

export class TableSource implements GtfsSource {
  constructor(
    readonly name: string,
    private readonly tables: Map<string, string[][]>,
  ) {}

  async files(): Promise<string[]> {
    return [...this.tables.keys()];
  }

  async read(file: string, onText: (text: string) => void): Promise<void> {
    const rows = this.tables.get(file);
    if (!rows) throw new Error(`${file} not in ${this.name}`);
    onText(rows.map((r) => r.map(quote).join(',')).join('\n') + '\n');
  }
}
