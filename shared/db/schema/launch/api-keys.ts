import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const launchApiKeys = launch.table(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The readable start of the secret (e.g. `lk_live_3fa9`), shown in listings. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex; the secret is shown once and never stored. */
    hash: text('hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by'),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('api_keys_workspace_idx').on(table.workspaceId),
    uniqueIndex('api_keys_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
