import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The delimiter the uploaded file used (`,` `;` tab `|`); the download writes it unless asked for another. */
    delimiter: text('delimiter').notNull().default(','),
    /** Data rows, repeats and bad syntax included. */
    rows: integer('rows').notNull().default(0),
    /** Distinct addresses of valid syntax: the ones checked. */
    addresses: integer('addresses').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    syntaxErrors: integer('syntax_errors').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request that created it, to tell a replay from a reuse of its Idempotency-Key. */
    requestFingerprint: text('request_fingerprint'),
    /**
     * When the rows were last matched against the workspace's suppressions; null until the first
     * read that needs it. A read rescans when the suppression list changed after this.
     */
    suppressionsScannedAt: timestamp('suppressions_scanned_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lists_tenant_idx').on(table.tenantId, table.id),
    uniqueIndex('lists_idempotency_idx').on(table.tenantId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
