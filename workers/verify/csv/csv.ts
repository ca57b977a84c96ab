/**
 * CSV in and out (RFC 4180), pure. Uploads may come from any spreadsheet: a BOM is dropped, the
 * delimiter is read from the first line (comma, semicolon as European Excel writes, or tab), and
 * quoted cells may hold delimiters, quotes and line breaks. Output is CRLF-terminated, and a cell
 * that a spreadsheet would run as a formula is defused with a leading apostrophe (OWASP's advice
 * against CSV injection).
 */

import { CSV_DELIMITERS, type CsvDelimiter, detectDelimiter } from '../csv/delimiter';

export class CsvInputError extends Error {
  override readonly name = 'CsvInputError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** Bulk uploads predate pipe-delimited lists and keep reading `|` as text. */
const DELIMITERS = [',', ';', '\t'] as const;

/** Every row as its cells; blank lines are dropped. */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const delimiter = detectDelimiter(text, DELIMITERS);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.some((value) => value.trim() !== '')) rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      endRow();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      cell += char;
    }
    i += 1;
  }
  if (quoted) throw new CsvInputError('The CSV ends inside a quoted cell.', 'Close every quoted cell with a double quote; write a quote inside one as "".');
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

const EMAIL_HEADER = /^\s*(e-?mail|e-?mail[ _-]?address|address|to_email)\s*$/i;

/**
 * The addresses of an uploaded list. The column is `emailColumn` when given (the first row is then
 * a header that must name it); else a header cell named like `email`, `e-mail`, `email_address`
 * or `address`; else, with no header, the first column whose first cell holds an `@`.
 */
export function addressesFromCsv(input: string, options: { emailColumn?: string } = {}): { addresses: string[]; column: string } {
  const rows = parseCsv(input);
  const [first] = rows;
  if (!first) throw new CsvInputError('The CSV holds no rows.', 'Send one address per row, optionally under an `email` header.');
  let index: number;
  let dataRows: string[][];
  let column: string;
  if (options.emailColumn !== undefined) {
    const wanted = options.emailColumn.trim().toLowerCase();
    index = first.findIndex((cell) => cell.trim().toLowerCase() === wanted);
    if (index < 0) {
      throw new CsvInputError(
        `The first row has no column named ${JSON.stringify(options.emailColumn)}.`,
        `Columns found: ${first.map((cell) => JSON.stringify(cell.trim())).join(', ')}.`,
      );
    }
    dataRows = rows.slice(1);
    column = first[index]!.trim();
  } else {
    index = first.findIndex((cell) => EMAIL_HEADER.test(cell));
    if (index >= 0) {
      dataRows = rows.slice(1);
      column = first[index]!.trim();
    } else {
      index = first.findIndex((cell) => cell.includes('@'));
      if (index < 0) {
        throw new CsvInputError('No column of addresses was found.', 'Name the column `email` in a header row, or pass its name as email_column.');
      }
      dataRows = rows;
      column = `column ${index + 1}`;
    }
  }
  const addresses = dataRows.map((row) => (row[index] ?? '').trim()).filter((address) => address !== '');
  return { addresses, column };
}

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Per delimiter: what makes csvCell change a string at all (a formula start, a character to quote, a space at an end), and what makes it quote one. */
const CELL_RULES = Object.fromEntries(
  CSV_DELIMITERS.map((delimiter) => [
    delimiter,
    { care: new RegExp(`^[=+\\-@\\s]|["${delimiter}\\r\\n]|\\s$`), quote: new RegExp(`["${delimiter}\\r\\n]|^\\s|\\s$`) },
  ]),
) as Record<CsvDelimiter, { care: RegExp; quote: RegExp }>;

/** A value as one cell: quoted when it holds the delimiter, a quote or a line break (or starts or ends with a space). */
export function csvCell(value: CsvValue, delimiter: CsvDelimiter = ','): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans never start a formula or need quotes; most text needs nothing either (one
  // test, which matters when a download writes millions of cells).
  if (typeof value !== 'string') return String(value);
  const rules = CELL_RULES[delimiter];
  if (!rules.care.test(value)) return value;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return rules.quote.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], delimiter: CsvDelimiter = ','): string {
  return `${values.map((value) => csvCell(value, delimiter)).join(delimiter)}\r\n`;
}

/** A row's cells as CSV without its line end, padded with empty cells or cut to `width`. */
export function csvCells(cells: readonly string[], width: number, delimiter: CsvDelimiter = ','): string {
  let text = '';
  for (let index = 0; index < width; index++)
    text += index === 0 ? csvCell(cells[index] ?? '', delimiter) : `${delimiter}${csvCell(cells[index] ?? '', delimiter)}`;
  return text;
}
