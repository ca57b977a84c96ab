import { integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** Running total per quota and billing period; the conditional increment is what keeps quotas exact. */
export const launchUsageCounters = launch.table(
  'usage_counters',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    quota: text('quota').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.quota, table.periodStart] })],
);
