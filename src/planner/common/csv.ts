/**
 * A small RFC 4180 CSV reader for whole files held in memory (region facts, place files,
 * GTFS fare tables; a few MB at most): quoted fields with "" escapes and embedded
 * newlines, CRLF or LF, a UTF-8 BOM. The streaming GTFS reader is timetable/csv.ts.
 */

/** Rows as records keyed by the (trimmed) header; missing cells are ''. Blank lines are skipped. */
export function parseCsv(text: string, options: { trimValues?: boolean } = {}): Record<string, string>[] {
  const rows = parseCsvRows(text);
  const header = rows.shift();
  if (!header) return [];
  const keys = header.map((name) => name.trim());
  return rows
    .filter((row) => row.length > 1 || (row[0] ?? '') !== '')
    .map((row) => {
      const record: Record<string, string> = {};
      keys.forEach((key, i) => {
        const value = row[i] ?? '';
        record[key] = options.trimValues ? value.trim() : value;
      });
      return record;
    });
}

export function parseCsvRows(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  const n = text.length;
  const delimiter = /[,\r\n]/g;
  let i = 0;
  while (i < n) {
    let field: string;
    if (text.charCodeAt(i) === 34 /* " */) {
      // Quoted field: read to the closing quote, "" is a literal quote.
      field = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          field += text.slice(i);
          i = n;
          break;
        }
        field += text.slice(i, q);
        if (text.charCodeAt(q + 1) === 34) {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      // Anything between the closing quote and the delimiter is kept, as lenient readers do.
      delimiter.lastIndex = i;
      const m = delimiter.exec(text);
      const end = m ? m.index : n;
      field += text.slice(i, end);
      i = end;
    } else {
      delimiter.lastIndex = i;
      const m = delimiter.exec(text);
      const end = m ? m.index : n;
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    if (i >= n) break;
    const ch = text.charCodeAt(i);
    i++;
    if (ch === 44 /* , */) {
      if (i >= n) row.push('');
      continue;
    }
    if (ch === 13 && text.charCodeAt(i) === 10) i++;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}
