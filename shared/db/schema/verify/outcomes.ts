import { sql } from 'drizzle-orm';
import { index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

export const outcomeTypes = ['delivered', 'hard_bounce', 'soft_bounce', 'complaint', 'unsubscribe'] as const;
export type OutcomeType = (typeof outcomeTypes)[number];

/**
 * What happened when the tenant sent mail to an address, reported by `POST /v1/outcomes` or a
 * provider delivery. `dedupe_key` makes a replayed delivery (or a repeated event) land once.
 */
export const outcomes = verify.table(
  'outcomes',
  {
    /** `out_…`, time-sortable: the list's cursor. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    type: text('type').$type<OutcomeType>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    provider: text('provider'),
    messageId: text('message_id'),
    jobId: integer('job_id'),
    listId: integer('list_id'),
    /** The provider endpoint it arrived through; null for `POST /v1/outcomes`. */
    endpointId: uuid('endpoint_id'),
    /** The provider's own words (bounce code, description), as received. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** The suppression it created, when the workspace's policy made one. */
    suppressionId: integer('suppression_id'),
    dedupeKey: text('dedupe_key'),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('outcomes_dedupe_unique').on(table.tenantId, table.dedupeKey),
    index('outcomes_tenant_idx').on(table.tenantId, table.id),
    index('outcomes_email_idx').on(table.tenantId, table.email),
    uniqueIndex('outcomes_idempotency_idx').on(table.tenantId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
