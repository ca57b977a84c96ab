import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * One crawl of a workspace's product site into its product profile. A run is `queued` when
 * started, `running` while a worker holds it (its `heartbeatAt` moves with every page), then
 * `succeeded` or `failed`. What it found stays on the run (`found`), whatever it applied.
 */
export const onboardingRuns = launch.table(
  'onboarding_runs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The URL as given; the crawl stays on its site (its host, with or without `www.`). */
    url: text('url').notNull(),
    status: text('status').notNull().default('queued'),
    maxPages: integer('max_pages').notNull(),
    /** Replace the profile's fields with what was found, instead of filling only its empty ones. */
    overwrite: boolean('overwrite').notNull().default(false),
    pagesVisited: integer('pages_visited').notNull().default(0),
    pagesSkipped: integer('pages_skipped').notNull().default(0),
    /** Pages discovered and still waiting when the last progress was written. */
    pagesQueued: integer('pages_queued').notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    /** Why the run failed, or why it stopped early (`time_budget`, `byte_budget`). */
    error: text('error'),
    stopReason: text('stop_reason'),
    /** The ProductProfile the crawl built, before it was merged into the workspace's profile. */
    found: jsonb('found'),
    /** Profile fields the run wrote. */
    appliedFields: text('applied_fields').array().notNull().default([]),
    /** How many times a worker took the run (the cron takes again one whose worker vanished). */
    attempts: integer('attempts').notNull().default(0),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('onboarding_runs_workspace_id_idx').on(table.workspaceId, table.id),
    index('onboarding_runs_status_idx').on(table.status, table.heartbeatAt),
    // One run at a time per workspace, however many requests race to start one.
    uniqueIndex('onboarding_runs_one_active_idx').on(table.workspaceId).where(sql`${table.status} in ('queued', 'running')`),
    uniqueIndex('onboarding_runs_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);

/** Every page a run visited or skipped, in the order it decided, with why. */
export const onboardingPages = launch.table(
  'onboarding_pages',
  {
    runId: text('run_id')
      .notNull()
      .references(() => onboardingRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** `page`, or what else the run fetched for the profile: `robots`, `stylesheet`, `logo`. */
    resource: text('resource').notNull().default('page'),
    /** `visited`, `skipped` or `failed`. */
    outcome: text('outcome').notNull(),
    /** For skipped and failed pages: a stable reason code (see the OpenAPI document). */
    reason: text('reason'),
    detail: text('detail'),
    httpStatus: integer('http_status'),
    bytes: integer('bytes'),
    truncated: boolean('truncated').notNull().default(false),
    /** Links followed from the start page to reach it. */
    depth: integer('depth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.seq] })],
);
