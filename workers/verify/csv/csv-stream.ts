/**
 * CSV (RFC 4180) parsed as a stream: text goes in as it arrives, whole rows come out with the line
 * they start on, so an upload of any size is parsed holding one row at a time. The delimiter is
 * read from the first line (comma, semicolon as European spreadsheets write, tab, or pipe), a
 * leading BOM is dropped, quoted cells may hold delimiters, quotes and line breaks, and blank
 * lines are skipped. Malformed input is a CsvSyntaxError naming its line.
 */

import { CSV_DELIMITERS, type CsvDelimiter, detectDelimiter } from '../csv/delimiter';

export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`Line ${line}: ${reason}`);
  }
}

export interface CsvRow {
  cells: string[];
  /** 1-based line of the file the row starts on. */
  line: number;
}

/** A cell longer than this is almost always an unclosed quote swallowing the rest of the file. */
export const MAX_CELL_CHARACTERS = 8192;
/** Rows wider than this are not a contact list. */
export const MAX_COLUMNS = 200;
/** How much of the file is read to find the end of the first line, the delimiter's evidence. */
const DETECTION_WINDOW = 64 * 1024;

type State = 'field_start' | 'unquoted' | 'quoted' | 'quote_in_quoted';

export class CsvStreamParser {
  private delimiter: CsvDelimiter | undefined;
  private pending = '';
  private started = false;
  private state: State = 'field_start';
  private cell = '';
  private row: string[] = [];
  private line = 1;
  private rowLine = 1;
  private skipLineFeed = false;

  /** The delimiter in use, once the first line has been read. */
  get detectedDelimiter(): CsvDelimiter | undefined {
    return this.delimiter;
  }

  push(text: string): CsvRow[] {
    let input = text;
    // The BOM is looked for in the first text that arrives: a stream may begin with an empty chunk.
    if (!this.started && input.length > 0) {
      this.started = true;
      if (input.startsWith('\uFEFF')) input = input.slice(1);
    }
    if (this.delimiter === undefined) {
      this.pending += input;
      if (!firstLineComplete(this.pending) && this.pending.length < DETECTION_WINDOW) return [];
      this.delimiter = detectDelimiter(this.pending, CSV_DELIMITERS);
      input = this.pending;
      this.pending = '';
    }
    return this.consume(input);
  }

  /** The rows left once the input has ended. */
  end(): CsvRow[] {
    const rows: CsvRow[] = [];
    if (this.delimiter === undefined) {
      this.delimiter = detectDelimiter(this.pending, CSV_DELIMITERS);
      rows.push(...this.consume(this.pending));
      this.pending = '';
    }
    if (this.state === 'quoted') {
      throw new CsvSyntaxError(
        this.rowLine,
        'the file ends inside a quoted cell',
        'Close every quoted cell with a double quote; write a quote inside one as "".',
      );
    }
    if (this.state !== 'field_start' || this.row.length > 0) this.endRow(rows);
    return rows;
  }

  private consume(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const delimiter = this.delimiter!;
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i]!;
      if (this.skipLineFeed) {
        this.skipLineFeed = false;
        if (char === '\n') {
          if (this.state === 'quoted') this.append(char);
          continue;
        }
      }
      const newline = char === '\n' || char === '\r';
      if (char === '\r') this.skipLineFeed = true;
      switch (this.state) {
        case 'field_start':
          if (this.row.length === 0 && this.cell === '') this.rowLine = this.line;
          if (char === '"') {
            this.state = 'quoted';
            this.cell = '';
          } else if (char === delimiter) this.pushCell();
          else if (newline) this.endRow(rows);
          else if (char === ' ') this.append(char);
          else {
            this.append(char);
            this.state = 'unquoted';
          }
          break;
        case 'unquoted':
          if (char === delimiter) this.pushCell();
          else if (newline) this.endRow(rows);
          else this.append(char);
          break;
        case 'quoted':
          if (char === '"') this.state = 'quote_in_quoted';
          else this.append(char);
          break;
        case 'quote_in_quoted':
          if (char === '"') {
            this.append('"');
            this.state = 'quoted';
          } else if (char === delimiter) this.pushCell();
          else if (newline) this.endRow(rows);
          else if (char !== ' ') {
            throw new CsvSyntaxError(
              this.line,
              `unexpected ${JSON.stringify(char)} after a closing quote`,
              'A quoted cell must end at a delimiter or the end of the line; write a quote inside a quoted cell as "".',
            );
          }
          break;
      }
      if (newline) this.line += 1;
    }
    return rows;
  }

  private append(char: string): void {
    this.cell += char;
    if (this.cell.length > MAX_CELL_CHARACTERS) {
      throw new CsvSyntaxError(
        this.rowLine,
        `a cell is longer than ${MAX_CELL_CHARACTERS} characters`,
        'Look for a quote that is opened and never closed on this line.',
      );
    }
  }

  private pushCell(): void {
    this.row.push(this.cell);
    this.cell = '';
    this.state = 'field_start';
    if (this.row.length > MAX_COLUMNS) {
      throw new CsvSyntaxError(this.rowLine, `a row has more than ${MAX_COLUMNS} columns`, 'Send the contact columns only.');
    }
  }

  private endRow(rows: CsvRow[]): void {
    this.pushCell();
    if (this.row.some((value) => value.trim() !== '')) rows.push({ cells: this.row, line: this.rowLine });
    this.row = [];
  }
}

function firstLineComplete(text: string): boolean {
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) return true;
  }
  return false;
}
