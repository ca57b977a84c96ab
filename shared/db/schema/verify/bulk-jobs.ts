import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** What made a job: POST /v1/bulk, POST /v1/find_email, the reverification cron, or a pipeline run. */
export const jobKinds = ['bulk', 'find_email', 'reverification', 'pipeline'] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * A bulk verification job (also a find_email search). The spec fixes job ids as int32: an
 * identity column. Counters move in the same transaction as the task they count, so the job row
 * always agrees with its tasks; statuses as in workers/verify/domain/job-status.ts.
 */
export const bulkJobs = verify.table(
  'bulk_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<JobKind>().notNull(),
    /** queued | running | completed | cancelled */
    status: text('status').notNull().default('queued'),
    sandbox: boolean('sandbox').notNull(),
    /** The check options every task runs with (a check request without `to_email`, defaults applied). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    /** find_email only: the name and domain searched. */
    finder: jsonb('finder').$type<{ first_name: string; last_name: string | null; domain: string }>(),
    /** Where job events are delivered: the job's own webhook, or the tenant's default when it was created. */
    webhookUrl: text('webhook_url'),
    /** Entries as submitted, repeats included. */
    submitted: integer('submitted').notNull(),
    duplicates: integer('duplicates').notNull(),
    /** Distinct addresses the quota could not cover (a partial job); stored as `skipped` tasks. */
    skipped: integer('skipped').notNull(),
    /** Distinct addresses to check: the tasks that are not skipped. */
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    safe: integer('safe').notNull().default(0),
    risky: integer('risky').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    deadLettered: integer('dead_lettered').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    /** The billing period whose quota the job's credits were taken from; null for sandbox jobs. */
    creditsPeriodStart: timestamp('credits_period_start', { withTimezone: true }),
    creditsPeriodEnd: timestamp('credits_period_end', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bulk_jobs_tenant_idx').on(table.tenantId, table.id),
    uniqueIndex('bulk_jobs_idempotency_idx').on(table.tenantId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
