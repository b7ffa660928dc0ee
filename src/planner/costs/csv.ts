/** A small RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF, BOM) for fact files and GTFS fare tables. */

export function parseCsvRows(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
  }
  return rows;
}

/** Rows as records keyed by the (trimmed) header; missing cells are ''. */
export function parseCsv(input: string): Record<string, string>[] {
  const [header, ...rows] = parseCsvRows(input);
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
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
