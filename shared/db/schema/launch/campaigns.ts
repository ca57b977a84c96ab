import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { releases } from './releases';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** A launch of one release: its posts carry the statuses; the campaign's status is derived from them. */
export const campaigns = launch.table(
  'campaigns',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    releaseId: text('release_id').references(() => releases.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    objective: text('objective').notNull(),
    createdBy: text('created_by').notNull(),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (services/campaigns.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_workspace_id_idx').on(table.workspaceId, table.id),
    uniqueIndex('campaigns_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
