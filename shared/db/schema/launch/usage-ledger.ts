import { bigserial, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** Append-only record of metered use; quotas are enforced elsewhere, this is the readable history. */
export const launchUsageLedger = launch.table(
  'usage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    quota: text('quota').notNull(),
    quantity: integer('quantity').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    apiKeyId: text('api_key_id'),
    userId: text('user_id'),
    requestId: text('request_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usage_ledger_workspace_period_idx').on(table.workspaceId, table.quota, table.periodStart)],
);
