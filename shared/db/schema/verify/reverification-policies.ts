import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { verify } from './schema';
import { tenants } from './tenants';

/**
 * A tenant's reverification: which addresses of its history are checked again (by their latest
 * verdict and age), and how often a run looks for them. One row per tenant; the cron claims rows
 * whose `next_run_at` has come (see workers/verify/reverification/reverification.ts).
 */
export const reverificationPolicies = verify.table(
  'reverification_policies',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    /** Latest verdicts (safe, risky, invalid, unknown) whose addresses are re-checked. */
    verdicts: text('verdicts').array().notNull(),
    /** An address is due when its latest check is at least this old. */
    olderThanDays: integer('older_than_days').notNull(),
    /** Days between runs. */
    everyDays: integer('every_days').notNull(),
    /** At most this many addresses (and credits) per run, the oldest checks first. */
    maxAddressesPerRun: integer('max_addresses_per_run').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The job the last run queued; null when it found nothing due or could not queue. */
    lastJobId: integer('last_job_id').references(() => bulkJobs.id, { onDelete: 'set null' }),
    /** Addresses due at the last run, and how many of them it queued (fewer when credits ran short). */
    lastRunDue: integer('last_run_due'),
    lastRunQueued: integer('last_run_queued'),
    /** Why the last run queued nothing, when something stopped it (no credits, previous run still going). */
    lastRunNote: text('last_run_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The cron's look-up: enabled policies by when they are due.
  (table) => [index('reverification_policies_due_idx').on(table.nextRunAt).where(sql`${table.enabled}`)],
);
