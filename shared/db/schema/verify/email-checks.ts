import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';

/** Where a stored check came from. */
export const checkSources = ['single', 'bulk', 'reverification', 'pipeline'] as const;
export type CheckSource = (typeof checkSources)[number];

/**
 * One row per check a tenant ran, whatever ran it (`POST /v1/check_email`, a bulk job,
 * reverification): the history behind `GET /v1/emails/{email}/history`. Rows older than the
 * tenant's `result_retention_days` are purged by a cron.
 */
export const emailChecks = verify.table(
  'email_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The history key: the normalized mailbox, lower case (see services/history.ts). */
    email: text('email').notNull(),
    isReachable: text('is_reachable').notNull(),
    score: integer('score').notNull(),
    reason: text('reason').notNull(),
    provider: text('provider'),
    /** The full CheckEmailOutput as it was answered (typed where it is read: workers/verify/history/history.ts). */
    output: jsonb('output').$type<Record<string, unknown>>().notNull(),
    source: text('source').$type<CheckSource>().notNull(),
    /** The bulk job the check belonged to, when it came from one. */
    jobId: integer('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // History of one address, newest first.
    index('email_checks_history_idx').on(table.tenantId, table.email, table.createdAt.desc(), table.id.desc()),
    // The retention purge: a tenant's rows older than a cut-off.
    index('email_checks_retention_idx').on(table.tenantId, table.createdAt),
    index('email_checks_job_idx').on(table.jobId).where(sql`${table.jobId} is not null`),
  ],
);
