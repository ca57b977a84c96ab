import { bigserial, index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** Append-only record of metered use (credits); the readable history behind `/v1/me/usage`. */
export const verifyUsageLedger = verify.table(
  'usage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    quota: text('quota').notNull(),
    quantity: integer('quantity').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    apiKeyId: uuid('api_key_id'),
    requestId: text('request_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usage_ledger_tenant_period_idx').on(table.tenantId, table.quota, table.periodStart)],
);
