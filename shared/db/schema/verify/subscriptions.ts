import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { verifyPlans } from './plans';
import { verify } from './schema';
import { tenants } from './tenants';

export const verifySubscriptions = verify.table(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => verifyPlans.id),
    /** active | trialing | past_due | canceled */
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [index('subscriptions_tenant_idx').on(table.tenantId)],
);
