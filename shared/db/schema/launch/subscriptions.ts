import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { launchPlans } from './plans';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const launchSubscriptions = launch.table(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => launchPlans.id),
    /** active | trialing | past_due | canceled */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [index('subscriptions_workspace_idx').on(table.workspaceId)],
);
