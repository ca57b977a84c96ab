import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { jobEvents } from './job-events';
import { verify } from './schema';
import { tenants } from './tenants';

/** The delivery of one job event to a webhook: each attempt's outcome is logged here. */
export const webhookDeliveries = verify.table(
  'webhook_deliveries',
  {
    /** `whd_…`; sent as `Webhook-Id`, the same on every attempt. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .unique()
      .references(() => jobEvents.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').notNull(),
    url: text('url').notNull(),
    /** pending | delivering | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a run owns the delivery; an expired claim may be taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt)],
);
