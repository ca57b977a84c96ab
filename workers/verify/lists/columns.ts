/**
 * Which column of an uploaded list holds the addresses, and what the columns are called. Named
 * with `email_column` (matched to a header cell ignoring case), else a header cell named like an
 * address column (`email`, `E-mail`, `email_address`, `mail`, …), else, when no header cell looks
 * like that: the first cell holding an `@` in the first row (then there is no header row) or in
 * the second row (the first is a header with another name).
 */

export class ListInputError extends Error {
  override readonly name = 'ListInputError';
  constructor(
    message: string,
    readonly hint: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export interface ColumnLayout {
  /** Column names as the download repeats them: the header row's, or `column_1`… without one. */
  columns: string[];
  emailIndex: number;
  /** Whether the first row is a header rather than data. */
  headerRow: boolean;
}

const EMAIL_HEADER = /^(e-?mail|e-?mail[ _-]?address(es)?|mail|address|to_?email|courriel|correo)$/i;

export function detectLayout(first: string[], second: string[] | undefined, emailColumn?: string): ColumnLayout {
  const trimmed = first.map((cell) => cell.trim());
  if (emailColumn !== undefined) {
    const wanted = emailColumn.trim().toLowerCase();
    const index = trimmed.findIndex((cell) => cell.toLowerCase() === wanted);
    if (index < 0) {
      throw new ListInputError(
        `The header row has no column named ${JSON.stringify(emailColumn)}.`,
        `Columns found: ${trimmed.map((cell) => JSON.stringify(cell)).join(', ')}.`,
        1,
      );
    }
    return { columns: uniqueNames(trimmed), emailIndex: index, headerRow: true };
  }
  const named = trimmed.findIndex((cell) => EMAIL_HEADER.test(cell));
  if (named >= 0) return { columns: uniqueNames(trimmed), emailIndex: named, headerRow: true };
  const inFirst = trimmed.findIndex((cell) => cell.includes('@'));
  if (inFirst >= 0) return { columns: trimmed.map((_, index) => `column_${index + 1}`), emailIndex: inFirst, headerRow: false };
  const inSecond = second?.findIndex((cell) => cell.includes('@')) ?? -1;
  if (inSecond >= 0) return { columns: uniqueNames(padTo(trimmed, inSecond + 1)), emailIndex: inSecond, headerRow: true };
  throw new ListInputError('No column of addresses was found.', 'Name the column `email` in a header row, or pass its header as email_column.', 1);
}

function padTo(cells: string[], length: number): string[] {
  return cells.length >= length ? cells : [...cells, ...Array.from({ length: length - cells.length }, () => '')];
}

/** Blank header cells get a position name, repeats a suffix, so every column has its own name. */
function uniqueNames(cells: string[]): string[] {
  const seen = new Set<string>();
  return cells.map((cell, index) => {
    let name = cell === '' ? `column_${index + 1}` : cell;
    for (let suffix = 2; seen.has(name.toLowerCase()); suffix += 1) name = `${cell || `column_${index + 1}`}_${suffix}`;
    seen.add(name.toLowerCase());
    return name;
  });
}
