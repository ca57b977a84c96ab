import { sql } from 'drizzle-orm';
import { index, jsonb, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { releases } from './releases';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * A cited brief made from a release (its JSON is a `Brief`, workers/launch/domain/brief/types.ts).
 * It goes with its release; the posts drafted from it keep their own copy of their citations.
 */
export const briefs = launch.table(
  'briefs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    releaseId: text('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** The release's content hash when the brief was made: a later edit of the notes makes the brief stale. */
    releaseContentHash: text('release_content_hash').notNull(),
    brief: jsonb('brief').notNull(),
    markdown: text('markdown').notNull(),
    createdBy: text('created_by').notNull(),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('briefs_workspace_release_idx').on(table.workspaceId, table.releaseId, table.id),
    uniqueIndex('briefs_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);

/**
 * Where a drafted post's sentences come from: the brief it was drafted from and, per sentence,
 * the brief sentence and its citations (`DraftSentence[]`). Kept with the post, so a reviewer
 * sees the sources even after the release (and so the brief) is gone.
 */
export const postSources = launch.table('post_sources', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  briefId: text('brief_id').references(() => briefs.id, { onDelete: 'set null' }),
  sentences: jsonb('sentences').notNull(),
});
