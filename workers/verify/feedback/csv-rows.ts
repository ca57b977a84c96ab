/**
 * An incremental CSV reader (RFC 4180) for uploads too large to hold: text goes in as it
 * arrives, complete rows come out with the line each starts on. A BOM is dropped, the delimiter
 * is read from the first line (comma, semicolon or tab, as bulk uploads), quoted cells may hold
 * delimiters, doubled quotes and line breaks, and CRLF, LF or CR end a row. Blank rows are skipped.
 */

export interface CsvRow {
  /** 1-based line of the file the row starts on. */
  line: number;
  cells: string[];
}

export class CsvReaderError extends Error {
  override readonly name = 'CsvReaderError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const DELIMITERS = [',', ';', '\t'];

export class CsvRowReader {
  private pending = '';
  private started = false;
  private delimiter: string | null = null;
  private row: string[] = [];
  private cell = '';
  private quoted = false;
  /** A quote closed the cell; the next character must end it. */
  private afterQuote = false;
  private pendingCr = false;
  private line = 1;
  private rowLine = 1;

  push(text: string): CsvRow[] {
    let input = text;
    if (!this.started) {
      this.pending += input;
      if (this.pending.length === 0) return [];
      if (this.pending.startsWith('\uFEFF')) this.pending = this.pending.slice(1);
      if (this.delimiter === null && !/[\r\n]/.test(this.pending)) return [];
      this.started = true;
      this.delimiter = detectDelimiter(this.pending);
      input = this.pending;
      this.pending = '';
    }
    return this.consume(input);
  }

  end(): CsvRow[] {
    const rows: CsvRow[] = [];
    if (!this.started) {
      this.started = true;
      this.delimiter = detectDelimiter(this.pending);
      rows.push(...this.consume(this.pending));
    }
    if (this.quoted) throw new CsvReaderError('The CSV ends inside a quoted cell.', this.rowLine);
    if (this.cell !== '' || this.row.length > 0 || this.afterQuote) this.endRow(rows);
    return rows;
  }

  private consume(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const delimiter = this.delimiter ?? ',';
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        // The LF of a CRLF (possibly split across chunks): the line was already counted.
        if (char === '\n') {
          if (this.quoted) this.cell += char;
          continue;
        }
      }
      if (this.quoted) {
        if (char === '"') {
          this.quoted = false;
          this.afterQuote = true;
        } else {
          if (char === '\n' || char === '\r') this.line += 1;
          if (char === '\r') this.pendingCr = true;
          this.cell += char;
        }
        continue;
      }
      if (this.afterQuote && char === '"') {
        // A doubled quote inside a quoted cell.
        this.cell += '"';
        this.quoted = true;
        this.afterQuote = false;
        continue;
      }
      if (char === delimiter) {
        this.row.push(this.cell);
        this.cell = '';
        this.afterQuote = false;
      } else if (char === '\n' || char === '\r') {
        this.endRow(rows);
        this.line += 1;
        this.rowLine = this.line;
        if (char === '\r') this.pendingCr = true;
      } else if (char === '"' && this.cell.trim() === '' && !this.afterQuote) {
        this.quoted = true;
        this.cell = '';
      } else if (!this.afterQuote) {
        this.cell += char;
      } else if (char.trim() !== '') {
        // Text after a closing quote (`"a"b`): kept, as spreadsheets do.
        this.cell += char;
      }
    }
    return rows;
  }

  private endRow(rows: CsvRow[]): void {
    this.row.push(this.cell);
    if (this.row.some((value) => value.trim() !== '')) rows.push({ line: this.rowLine, cells: this.row });
    this.row = [];
    this.cell = '';
    this.afterQuote = false;
  }
}

function detectDelimiter(text: string): string {
  const counts = new Map(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}
