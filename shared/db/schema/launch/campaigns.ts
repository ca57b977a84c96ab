import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { releases } from './releases';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** A launch of one release: its posts carry the statuses; the campaign's status is derived from them. */
export const campaigns = launch.table(
  'campaigns',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    releaseId: text('release_id').references(() => releases.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    objective: text('objective').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('campaigns_workspace_id_idx').on(table.workspaceId, table.id)],
);
