import { integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** Running total per quota and billing period; the conditional increment is what keeps quotas exact. */
export const verifyUsageCounters = verify.table(
  'usage_counters',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    quota: text('quota').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.quota, table.periodStart] })],
);
