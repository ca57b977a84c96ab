import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { verify } from './schema';
import { tenants } from './tenants';

/**
 * One distinct address of a job, addressed by its position in the job (0-based, submission
 * order). A result is written only while the task is open (`pending` or `retrying`), in one
 * conditional UPDATE, so a redelivered queue message never writes a second one.
 */
export const bulkTasks = verify.table(
  'bulk_tasks',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** find_email only: the pattern the candidate was built from, e.g. `{first}.{last}`. */
    pattern: text('pattern'),
    /** pending | retrying | done | failed | dead_lettered | cancelled | skipped */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The CheckEmailOutput of the latest attempt. */
    /** json, not jsonb: keeps the output's key order, as Reacher's clients print it. */
    result: json('result').$type<Record<string, unknown>>(),
    isReachable: text('is_reachable'),
    /**
     * The result's flags, kept by PostgreSQL as the result is written: the list downloads and
     * tallies read them for every row, and reading them from `result` parses its JSON each time.
     */
    isDisposable: boolean('is_disposable').generatedAlwaysAs(sql`(result -> 'misc' ->> 'is_disposable') = 'true'`),
    isRoleAccount: boolean('is_role_account').generatedAlwaysAs(sql`(result -> 'misc' ->> 'is_role_account') = 'true'`),
    isCatchAll: boolean('is_catch_all').generatedAlwaysAs(sql`(result -> 'smtp' ->> 'is_catch_all') = 'true'`),
    hasFullInbox: boolean('has_full_inbox').generatedAlwaysAs(sql`(result -> 'smtp' ->> 'has_full_inbox') = 'true'`),
    reason: text('reason'),
    /** Provider label for the latency report: the engine's provider, `other`, or `no_mx`. */
    provider: text('provider'),
    mxHost: text('mx_host'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When a check message was sent for the task; null until dispatched, and again once a retry reopens it. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] }), index('bulk_tasks_job_status_idx').on(table.jobId, table.status)],
);
