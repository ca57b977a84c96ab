import { suppressionReasons, type SuppressionReason } from '../../../shared/db/schema';
import type { CsvRow } from '../csv/csv-stream';
import { entryKey, type EntryKey } from './matching';

/**
 * What each row of a suppression import means. With a header row, the value is the column named
 * `email`, `address`, `domain` or `value`, and `reason` and `expires_at` columns are read when
 * present. Without one, the first column is the value and the reason is the import's. A row whose value is neither an address nor a domain, or whose reason or
 * expiry is unreadable, is rejected with its line; the others are imported.
 */

export interface ImportColumns {
  value: number;
  reason: number | null;
  expiresAt: number | null;
}

const VALUE_HEADER = /^(e-?mail|e-?mail[ _-]?address|address|domain|value|to_email)$/i;

/** The columns, from the first row; `header` says whether that row is a header to skip. */
export function importColumns(first: CsvRow): { columns: ImportColumns; header: boolean } {
  const names = first.cells.map((cell) => cell.trim().toLowerCase());
  const value = names.findIndex((name) => VALUE_HEADER.test(name));
  if (value < 0) return { columns: { value: 0, reason: null, expiresAt: null }, header: false };
  const reason = names.indexOf('reason');
  const expiresAt = names.findIndex((name) => name === 'expires_at' || name === 'expires');
  return { columns: { value, reason: reason < 0 ? null : reason, expiresAt: expiresAt < 0 ? null : expiresAt }, header: true };
}

export type ImportDecision =
  | { ok: true; key: EntryKey; reason: SuppressionReason; expiresAt: Date | null }
  | { ok: false; line: number; value: string; error: 'not_an_address_or_domain' | 'unknown_reason' | 'invalid_expiry' };

export function interpretRow(row: CsvRow, columns: ImportColumns, defaultReason: SuppressionReason): ImportDecision {
  const value = (row.cells[columns.value] ?? '').trim();
  const rejected = (error: Extract<ImportDecision, { ok: false }>['error']): ImportDecision => ({
    ok: false,
    line: row.line,
    value: value.slice(0, 320),
    error,
  });
  const key = entryKey(value);
  if (!key) return rejected('not_an_address_or_domain');
  const reasonCell = columns.reason === null ? '' : (row.cells[columns.reason] ?? '').trim().toLowerCase();
  if (reasonCell !== '' && !(suppressionReasons as readonly string[]).includes(reasonCell)) return rejected('unknown_reason');
  const expiresCell = columns.expiresAt === null ? '' : (row.cells[columns.expiresAt] ?? '').trim();
  let expiresAt: Date | null = null;
  if (expiresCell !== '') {
    expiresAt = new Date(expiresCell);
    if (!/^\d{4}-\d{2}-\d{2}/.test(expiresCell) || Number.isNaN(expiresAt.getTime())) return rejected('invalid_expiry');
  }
  return { ok: true, key, reason: (reasonCell || defaultReason) as SuppressionReason, expiresAt };
}
