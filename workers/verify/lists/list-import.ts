import { sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { listRows, lists } from '../../../shared/db/schema';
import { eq } from 'drizzle-orm';
import { detectLayout, ListInputError, type ColumnLayout } from './columns';
import type { CsvRow } from '../csv/csv-stream';
import { checkSyntax } from '../engine/syntax';
import { csvCells } from '../csv/csv';

/** Rows a list may hold. */
export const MAX_LIST_ROWS = 1_000_000;
/** Rows written per INSERT: large enough to be fast, small enough to keep memory flat. */
const INSERT_BATCH = 1000;

interface PendingRow {
  row_number: number;
  line: number;
  cells: string[];
  cells_csv: string;
  email: string;
  email_key: string | null;
  syntax_error: string | null;
}

/**
 * Takes a list's rows as they are parsed and writes them in batches: the first row (or two) fix
 * the layout (header, address column), then each data row is stored with its address checked for
 * syntax and keyed for finding repeats. Memory holds one batch, whatever the list's size.
 */
export class ListRowWriter {
  private layout: ColumnLayout | undefined;
  private held: CsvRow | undefined;
  private batch: PendingRow[] = [];
  private count = 0;

  constructor(
    private readonly db: Database,
    private readonly list: { id: number; tenantId: string },
    private readonly emailColumn: string | undefined,
    /** MAX_LIST_ROWS; smaller only where a test reaches the limit without a million rows. */
    private readonly maxRows = MAX_LIST_ROWS,
  ) {}

  get rows(): number {
    return this.count;
  }

  get columns(): ColumnLayout | undefined {
    return this.layout;
  }

  async add(row: CsvRow): Promise<void> {
    if (!this.layout) {
      if (!this.held) {
        this.held = row;
        return;
      }
      await this.settle(row);
    }
    await this.write(row);
  }

  /** Writes what is left; returns the layout, or throws when the list had no data row. */
  async finish(): Promise<ColumnLayout> {
    if (!this.layout && this.held) await this.settle(undefined);
    await this.flush();
    if (!this.layout || this.count === 0) throw new ListInputError('The list holds no data rows.', 'Send one address per row, under a header row or not.', 1);
    await this.db
      .update(lists)
      .set({ columns: this.layout.columns, emailColumn: this.layout.columns[this.layout.emailIndex] })
      .where(eq(lists.id, this.list.id));
    return this.layout;
  }

  private async settle(second: CsvRow | undefined): Promise<void> {
    const first = this.held!;
    try {
      this.layout = detectLayout(first.cells, second?.cells, this.emailColumn);
    } catch (error) {
      if (error instanceof ListInputError) throw new ListInputError(error.message, error.hint, first.line);
      throw error;
    }
    this.held = undefined;
    if (!this.layout.headerRow) await this.write(first);
  }

  private async write(row: CsvRow): Promise<void> {
    if (this.count >= this.maxRows) {
      throw new ListInputError(`A list holds at most ${this.maxRows} rows.`, 'Split the file into several lists.', row.line);
    }
    const email = (row.cells[this.layout!.emailIndex] ?? '').trim();
    const syntax = checkSyntax(email);
    this.batch.push({
      row_number: this.count,
      line: row.line,
      cells: row.cells,
      cells_csv: csvCells(row.cells, this.layout!.columns.length),
      email,
      email_key: syntax.is_valid_syntax ? (syntax.normalized_email ?? email).toLowerCase() : null,
      syntax_error: syntax.is_valid_syntax ? null : (syntax.invalid_reason ?? 'invalid'),
    });
    this.count += 1;
    if (this.batch.length >= INSERT_BATCH) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const rows = JSON.stringify(this.batch);
    this.batch = [];
    // The list's updated_at moves with every batch (same round trip): an upload that stops moving
    // it was cut off with its Worker, and is swept (list-upload.ts, sweepInterruptedUploads).
    await this.db.execute(sql`
      with written as (
        insert into ${listRows} (list_id, row_number, tenant_id, line, cells, cells_csv, email, email_key, syntax_error)
        select ${this.list.id}, r.row_number, ${this.list.tenantId}, r.line, r.cells, r.cells_csv, r.email, r.email_key, r.syntax_error
        from jsonb_to_recordset(${rows}::jsonb) as r(row_number int, line int, cells jsonb, cells_csv text, email text, email_key text, syntax_error text)
      )
      update ${lists} set updated_at = now() where id = ${this.list.id}`);
  }
}
