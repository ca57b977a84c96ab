import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { lists } from './lists';
import { verify } from './schema';
import { tenants } from './tenants';

/**
 * A standing flow of pushed rows (the spec fixes pipeline ids as int64). Rows wait until the
 * batching rule, the schedule or a trigger starts a run; a run owns one bulk job; verified rows go
 * to the destinations. `active` or `paused` (workers/verify/pipelines/rules.ts).
 */
export const pipelines = verify.table(
  'pipelines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    emailColumn: text('email_column').notNull(),
    sourceKey: text('source_key'),
    /** The check options every run's job runs with (a check request without `to_email`). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    batchMaxRows: integer('batch_max_rows').notNull(),
    /** Null: rows wait for `batch_max_rows`, the schedule or a trigger. */
    batchMaxWaitSeconds: integer('batch_max_wait_seconds'),
    scheduleEveryMinutes: integer('schedule_every_minutes'),
    nextScheduledAt: timestamp('next_scheduled_at', { withTimezone: true }),
    webhookUrl: text('webhook_url'),
    /**
     * A list of the same workspace each delivered row is appended to (workers/verify/lists/append.ts);
     * null: none. A deleted list ends the destination.
     */
    appendListId: integer('append_list_id').references(() => lists.id, { onDelete: 'set null' }),
    /** `flag` delivers suppressed rows marked; `drop` keeps them out of deliveries. */
    suppressedPolicy: text('suppressed_policy').notNull().default('flag'),
    rowsPushed: bigint('rows_pushed', { mode: 'number' }).notNull().default(0),
    /**
     * Rows `waiting` now, kept by the writers that add or take them under the pipeline's lock (a
     * push, a run's start), so a push answers its batch without counting rows a paused pipeline may
     * hold by the million.
     */
    waitingRows: integer('waiting_rows').notNull().default(0),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pipelines_tenant_idx').on(table.tenantId, table.id),
    index('pipelines_schedule_idx').on(table.nextScheduledAt).where(sql`${table.nextScheduledAt} is not null`),
  ],
);

/** One run: the rows a flush took, verified as one bulk job. */
export const pipelineRuns = verify.table(
  'pipeline_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pipelineId: bigint('pipeline_id', { mode: 'number' })
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    jobId: integer('job_id').references(() => bulkJobs.id, { onDelete: 'set null' }),
    /** batch_full | batch_wait | schedule | trigger */
    trigger: text('trigger').notNull(),
    rows: integer('rows').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the hourly retention cleared the pushed objects of the run's rows (workers/verify/bulk/retention.ts). */
    rowsClearedAt: timestamp('rows_cleared_at', { withTimezone: true }),
  },
  (table) => [
    index('pipeline_runs_pipeline_idx').on(table.pipelineId, table.id),
    index('pipeline_runs_job_idx').on(table.jobId),
    // The retention walks only runs it has not cleared, oldest first, not every run ever made.
    index('pipeline_runs_uncleared_idx').on(table.id).where(sql`${table.rowsClearedAt} is null`),
  ],
);

/**
 * A pushed row. `waiting` until a run takes it, `verifying` while its task is open, then
 * `delivering` (in a webhook delivery), and finally `delivered`, `dropped` (suppressed, policy
 * `drop`) or `failed` (its delivery gave up). A row enters exactly one delivery: the UPDATE that
 * puts it there matches only `verifying` rows.
 */
export const pipelineRows = verify.table(
  'pipeline_rows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pipelineId: bigint('pipeline_id', { mode: 'number' })
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    /** The push's Idempotency-Key and the row's index in it, as the push response named it. */
    pushKey: text('push_key').notNull(),
    pushIndex: integer('push_index').notNull(),
    sourceKey: text('source_key'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    status: text('status').notNull().default('waiting'),
    runId: bigint('run_id', { mode: 'number' }).references(() => pipelineRuns.id, { onDelete: 'set null' }),
    jobId: integer('job_id'),
    position: integer('position'),
    deliveryId: text('delivery_id'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('pipeline_rows_waiting_idx').on(table.pipelineId, table.id).where(sql`${table.status} = 'waiting'`),
    // For the foreign key's cascade: without it, deleting any pipeline read every pipeline's rows.
    // One key repeated per pipeline, so the index is stored deduplicated and stays small.
    index('pipeline_rows_pipeline_idx').on(table.pipelineId),
    index('pipeline_rows_run_idx').on(table.runId, table.status),
    // A delivery reads and settles its rows by its id; without this each of them read the whole table.
    index('pipeline_rows_delivery_idx').on(table.deliveryId).where(sql`${table.deliveryId} is not null`),
  ],
);

/**
 * Each push's Idempotency-Key with its request's fingerprint and its answer, written in the
 * push's own statement: a retry is told a replay (answered as the first push was) or a conflict
 * by what committed, with no store beside the database to fall out of step with it
 * (workers/verify/pipelines/push.ts). A key is the pipeline's for IDEMPOTENCY_TTL_MS; the minute
 * sweep deletes older ones.
 */
export const pipelinePushes = verify.table(
  'pipeline_pushes',
  {
    pipelineId: bigint('pipeline_id', { mode: 'number' })
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    pushKey: text('push_key').notNull(),
    /** SHA-256 of the push's body, its keys sorted (shared/limits/idempotency.ts). */
    fingerprint: text('fingerprint').notNull(),
    /** What the push answered, as workers/verify/pipelines/push.ts builds its response from it. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.pipelineId, table.pushKey] }), index('pipeline_pushes_pushed_at_idx').on(table.pushedAt)],
);

/** One signed webhook POST of a run's rows; retried with backoff under the same `Webhook-Id`. */
export const pipelineDeliveries = verify.table(
  'pipeline_deliveries',
  {
    /** `pld_…`; sent as `Webhook-Id`. */
    id: text('id').primaryKey(),
    pipelineId: bigint('pipeline_id', { mode: 'number' })
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => pipelineRuns.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    url: text('url').notNull(),
    rows: integer('rows').notNull(),
    /** pending | delivering | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pipeline_deliveries_run_idx').on(table.runId), index('pipeline_deliveries_due_idx').on(table.status, table.nextAttemptAt)],
);
