import { integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { listExports } from './list-exports';
import { verify } from './schema';

/** The rows a remediation export selected, by row number of its list. */
export const listExportRows = verify.table(
  'list_export_rows',
  {
    exportId: text('export_id')
      .notNull()
      .references(() => listExports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.rowNumber] })],
);
