/** CSV helpers for fact files and GTFS fare tables, on the shared reader in common/csv. */
import { parseCsv as parseCsvRecords, parseCsvRows } from '../common/csv';

export { parseCsvRows };

/** Rows as records keyed by the (trimmed) header, values trimmed; missing cells are ''. */
export function parseCsv(input: string): Record<string, string>[] {
  return parseCsvRecords(input, { trimValues: true });
}

/** A table as the timetable loader keeps extras: header plus rows. */
export interface Table {
  header: string[];
  rows: string[][];
}

export function tableFromCsv(input: string): Table {
  const [header, ...rows] = parseCsvRows(input);
  return { header: (header ?? []).map((h) => h.trim().toLowerCase()), rows };
}

/** Records from a header+rows table. */
export function tableRecords(table: Table | undefined): Record<string, string>[] {
  if (!table) return [];
  const keys = table.header.map((h) => h.trim().toLowerCase());
  return table.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}
