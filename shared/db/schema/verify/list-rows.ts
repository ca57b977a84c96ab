import { sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { lists } from './lists';
import { suppressions } from './suppressions';
import { verify } from './schema';

/**
 * One data row of a list as uploaded. A row whose address is valid and seen first is a task of
 * one of the list's jobs (job_id, position); a repeat points at the same task; a row with bad
 * syntax has none and says why.
 */
export const listRows = verify.table(
  'list_rows',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /** 0-based, upload order. */
    rowNumber: integer('row_number').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The line of the file the row starts on (1-based). */
    line: integer('line').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    /**
     * The same cells as one CSV text (RFC 4180, comma-separated, padded or cut to the list's columns,
     * formulas defused: bulk/csv.ts csvCell, or verify.csv_cell in SQL), written with the row so that
     * a CSV download concatenates rows instead of rendering every cell of every row again.
     */
    cellsCsv: text('cells_csv').notNull(),
    /**
     * The row's verdict columns as a CSV download writes them for an unsuppressed row (result,
     * reason, risk group, catch-all, disposable, role), copied from its task when its job completes
     * and cleared when the job is reopened (a trigger on bulk_jobs, drizzle/0036): a download then
     * reads the list's rows alone. Null while the job runs, and for rows appended by a pipeline.
     */
    answerCsv: text('answer_csv'),
    email: text('email').notNull(),
    /** The address trimmed and lower-cased; null when its syntax is invalid. */
    emailKey: text('email_key'),
    /** Why the syntax is invalid (engine/syntax.ts reasons). */
    syntaxError: text('syntax_error'),
    /** The row number of the first row with the same address. */
    duplicateOf: integer('duplicate_of'),
    jobId: integer('job_id').references(() => bulkJobs.id, { onDelete: 'set null' }),
    position: integer('position'),
    /**
     * The suppression entry the address fell under at the list's last suppression scan
     * (services/list-suppressions.ts); null when none did.
     */
    suppressionId: integer('suppression_id').references(() => suppressions.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.rowNumber] }),
    index('list_rows_key_idx').on(table.listId, table.emailKey),
    // The flagged rows of a list, few or none: a scan that clears flags finds them without reading the list.
    index('list_rows_suppressed_idx').on(table.listId).where(sql`${table.suppressionId} is not null`),
  ],
);
