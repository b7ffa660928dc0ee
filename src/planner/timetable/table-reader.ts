/**
 * Reads one GTFS table through the streaming CSV parser, mapping header names
 * to columns (trimmed, so " agency_name" works) and checking required columns.
 */
import { CsvParser } from './csv';
import type { GtfsSource } from './gtfs-source';
import { GtfsImportError, type ReportBuilder } from './report';

export interface Row {
  /** Trimmed value of a column, '' when the column is absent or the row is short. */
  get(column: string): string;
  has(column: string): boolean;
  readonly line: number;
  /** Header names, trimmed and lower-cased, in file order. */
  readonly columns: string[];
  /** Position of a column (-1 when absent), and a field by position: for hot loops. */
  indexOf(column: string): number;
  at(index: number): string;
}

export async function readTable(
  source: GtfsSource,
  file: string,
  required: readonly string[],
  report: ReportBuilder,
  onRow: (row: Row) => void,
): Promise<void> {
  let index: Map<string, number> | undefined;
  let width = 0;
  let fields: string[] = [];
  let line = 0;
  const row: Row = {
    get(column) {
      const i = index?.get(column);
      if (i === undefined) return '';
      const v = fields[i];
      return v === undefined ? '' : v.trim();
    },
    has(column) {
      return index?.has(column) ?? false;
    },
    get line() {
      return line;
    },
    get columns() {
      return [...(index?.keys() ?? [])];
    },
    indexOf(column) {
      return index?.get(column) ?? -1;
    },
    at(i) {
      const v = i < 0 ? undefined : fields[i];
      return v === undefined ? '' : v.trim();
    },
  };
  const parser = new CsvParser((f, l) => {
    if (!index) {
      index = new Map(f.map((name, i) => [name.trim().toLowerCase(), i]));
      width = f.length;
      for (const column of required) {
        if (!index.has(column)) {
          throw new GtfsImportError({
            feed: source.name,
            file,
            line: l,
            column,
            message: `required column '${column}' is missing from the header`,
          });
        }
      }
      return;
    }
    if (f.length !== width) {
      report.warn(
        { feed: source.name, file, line: l, message: `row has ${f.length} fields, header has ${width}` },
        `${file}: row width differs from header`,
      );
    }
    fields = f;
    line = l;
    onRow(row);
  });
  await source.read(file, (text) => parser.push(text));
  parser.end();
  if (!index && required.length > 0)
    throw new GtfsImportError({ feed: source.name, file, line: 1, message: 'file is empty (no header line)' });
}
