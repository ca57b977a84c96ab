import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { verify } from './schema';
import { tenants } from './tenants';

/**
 * An uploaded list (the spec fixes list ids as int32). Its addresses are verified by bulk jobs it
 * owns (list_jobs); `importing` while the upload streams in, `ready` once its jobs exist.
 */
export const lists = verify.table(
  'lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceKey: text('source_key'),
    /** importing | ready */
    status: text('status').notNull().default('importing'),
    sandbox: boolean('sandbox').notNull(),
    /** The original columns, in order; the download repeats them. */
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    emailColumn: text('email_column'),
    /** Data rows, repeats and bad syntax included. */
    rows: integer('rows').notNull().default(0),
    /** Distinct addresses of valid syntax: the ones checked. */
    addresses: integer('addresses').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    syntaxErrors: integer('syntax_errors').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that created it, to tell a replay from a reuse of its Idempotency-Key. */
    requestFingerprint: text('request_fingerprint'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lists_tenant_idx').on(table.tenantId, table.id),
    uniqueIndex('lists_idempotency_idx').on(table.tenantId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);

/**
 * One data row of a list as uploaded. A row whose address is valid and seen first is a task of
 * one of the list's jobs (job_id, position); a repeat points at the same task; a row with bad
 * syntax has none and says why.
 */
export const listRows = verify.table(
  'list_rows',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /** 0-based, upload order. */
    rowNumber: integer('row_number').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The line of the file the row starts on (1-based). */
    line: integer('line').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    email: text('email').notNull(),
    /** The address trimmed and lower-cased; null when its syntax is invalid. */
    emailKey: text('email_key'),
    /** Why the syntax is invalid (engine/syntax.ts reasons). */
    syntaxError: text('syntax_error'),
    /** The row number of the first row with the same address. */
    duplicateOf: integer('duplicate_of'),
    jobId: integer('job_id').references(() => bulkJobs.id, { onDelete: 'set null' }),
    position: integer('position'),
  },
  (table) => [primaryKey({ columns: [table.listId, table.rowNumber] }), index('list_rows_key_idx').on(table.listId, table.emailKey)],
);

/** The bulk jobs verifying a list: one per 50,000 distinct addresses. */
export const listJobs = verify.table(
  'list_jobs',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** Which 50,000-address slice of the list the job checks, from 0. */
    chunk: integer('chunk').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.jobId] })],
);

/** The last remediation plan built for a list (POST …/remediation-plan), as served. */
export const listRemediationPlans = verify.table('list_remediation_plans', {
  listId: integer('list_id')
    .primaryKey()
    .references(() => lists.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull(),
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A comment on a list or a job (comment ids are int64 in the spec). Exactly one of the two is set. */
export const comments = verify.table(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => bulkJobs.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    author: text('author'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comments_list_idx').on(table.tenantId, table.listId, table.id), index('comments_job_idx').on(table.tenantId, table.jobId, table.id)],
);

/**
 * A remediation export (`rex_…`): the rows of the chosen risk groups, selected in the background
 * into list_export_rows; downloadable once `ready`.
 */
export const listExports = verify.table(
  'list_exports',
  {
    id: text('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    groups: jsonb('groups').$type<string[]>().notNull(),
    /** building | ready | failed */
    status: text('status').notNull().default('building'),
    /** Rows of the list to look at, and how many have been looked at: the progress. */
    rowsTotal: integer('rows_total').notNull(),
    rowsScanned: integer('rows_scanned').notNull().default(0),
    rowsSelected: integer('rows_selected').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [index('list_exports_list_idx').on(table.listId)],
);

export const listExportRows = verify.table(
  'list_export_rows',
  {
    exportId: text('export_id')
      .notNull()
      .references(() => listExports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.rowNumber] })],
);
