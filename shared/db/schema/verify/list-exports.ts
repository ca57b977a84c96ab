import { index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { lists } from './lists';
import { verify } from './schema';

/**
 * A remediation export (`rex_…`): the rows of the chosen risk groups, selected in the background
 * into list_export_rows; downloadable once `ready`.
 */
export const listExports = verify.table(
  'list_exports',
  {
    id: text('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    groups: jsonb('groups').$type<string[]>().notNull(),
    /** building | ready | failed */
    status: text('status').notNull().default('building'),
    /** Rows of the list to look at, and how many have been looked at: the progress. */
    rowsTotal: integer('rows_total').notNull(),
    rowsScanned: integer('rows_scanned').notNull().default(0),
    rowsSelected: integer('rows_selected').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [index('list_exports_list_idx').on(table.listId)],
);
