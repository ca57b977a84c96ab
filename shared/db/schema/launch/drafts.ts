import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { releases } from './releases';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * Free-form content a team writes before it belongs to a campaign. A draft never schedules
 * anything: the only way forward is a copy into a campaign's draft post, which goes through review.
 */
export const contentDrafts = launch.table(
  'content_drafts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** Markdown, stored as written. */
    body: text('body').notNull(),
    channel: text('channel'),
    releaseId: text('release_id').references(() => releases.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default([]),
    /** The number of the latest revision; an update names the one it started from. */
    revision: integer('revision').notNull().default(1),
    createdBy: text('created_by').notNull(),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_drafts_workspace_id_idx').on(table.workspaceId, table.id),
    uniqueIndex('content_drafts_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);

/** Every saved state of a draft, numbered from 1; removed with the draft. */
export const contentDraftRevisions = launch.table(
  'content_draft_revisions',
  {
    draftId: text('draft_id')
      .notNull()
      .references(() => contentDrafts.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    channel: text('channel'),
    releaseId: text('release_id'),
    campaignId: text('campaign_id'),
    tags: text('tags').array().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.draftId, table.revision] })],
);
