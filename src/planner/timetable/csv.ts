/**
 * Streaming CSV parser (RFC 4180 plus the habits of real GTFS feeds):
 * a UTF-8 BOM, CRLF or LF line ends, quoted fields with "" escapes and
 * embedded newlines, and a final line without a newline. Text is pushed in
 * chunks of any size, so a 4-million-line stop_times.txt never sits in memory
 * whole; each completed record goes to `onRow` with its 1-based line number.
 */
export type RowHandler = (fields: string[], line: number) => void;

export class CsvParser {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** The previous chunk ended on a quote inside a quoted field: escape or close, decided by the next char. */
  private pendingQuote = false;
  private first = true;
  private line = 1;
  private recordLine = 1;
  private lastWasCR = false;

  constructor(private readonly onRow: RowHandler) {}

  push(chunk: string): void {
    let text = chunk;
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let i = 0;
    const n = text.length;
    if (this.pendingQuote && n > 0) {
      this.pendingQuote = false;
      if (text[0] === '"') {
        this.field += '"';
        i = 1;
      } else {
        this.inQuotes = false;
      }
    }
    while (i < n) {
      if (this.inQuotes) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          this.countLines(text, i, n);
          this.field += text.slice(i);
          return;
        }
        this.countLines(text, i, q);
        this.field += text.slice(i, q);
        if (q + 1 >= n) {
          this.pendingQuote = true;
          return;
        }
        if (text[q + 1] === '"') {
          this.field += '"';
          i = q + 2;
        } else {
          this.inQuotes = false;
          i = q + 1;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 44 /* , */) {
        this.fields.push(this.field);
        this.field = '';
        this.lastWasCR = false;
        i++;
      } else if (c === 10 /* \n */) {
        if (!this.lastWasCR) this.endRecord();
        this.lastWasCR = false;
        this.line++;
        this.recordLine = this.line;
        i++;
      } else if (c === 13 /* \r */) {
        this.endRecord();
        this.lastWasCR = true;
        i++;
        // A lone CR (old Mac line end) also ends a line; CRLF counts once.
        if (i < n && text.charCodeAt(i) !== 10) {
          this.lastWasCR = false;
          this.line++;
          this.recordLine = this.line;
        }
      } else if (c === 34 /* " */ && this.field.length === 0) {
        this.inQuotes = true;
        this.lastWasCR = false;
        i++;
      } else {
        // Plain run up to the next delimiter: one slice instead of char-by-char appends.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === 44 || d === 10 || d === 13) break;
          j++;
        }
        this.field += text.slice(i, j);
        this.lastWasCR = false;
        i = j;
      }
    }
  }

  /** Flush the last record when the file does not end with a newline. */
  end(): void {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.inQuotes = false;
    }
    if (this.field.length > 0 || this.fields.length > 0) this.endRecord();
  }

  private endRecord(): void {
    this.fields.push(this.field);
    this.field = '';
    const row = this.fields;
    this.fields = [];
    // Blank lines carry no record.
    if (!(row.length === 1 && row[0] === '')) this.onRow(row, this.recordLine);
  }

  private countLines(text: string, from: number, to: number): void {
    for (let k = from; k < to; k++) if (text.charCodeAt(k) === 10) this.line++;
  }
}
