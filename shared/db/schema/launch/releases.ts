import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp, unique, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const releaseSources = ['manual', 'api', 'github', 'gitlab', 'changelog', 'rss'] as const;

/** A software release a launch is built from; the version (with its revision) is unique within a workspace. */
export const releases = launch.table(
  'releases',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    url: text('url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    prerelease: boolean('prerelease').notNull().default(false),
    source: text('source', { enum: releaseSources }).notNull().default('api'),
    /** SHA-256 of version, title, notes and url: tells a re-import of the same release from a changed one. */
    contentHash: text('content_hash').notNull(),
    /**
     * 1 for a release as first recorded. A source's edit of a release a campaign already uses makes
     * a new revision (same version, next number) instead of changing what the campaign was built on.
     */
    revision: integer('revision').notNull().default(1),
    previousRevisionId: text('previous_revision_id').references((): AnyPgColumn => releases.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    /** The Idempotency-Key and request fingerprint of the create, so a retry after a lost answer finds it (shared/limits/idempotent-rows.ts). */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('releases_workspace_version_revision_unique').on(table.workspaceId, table.version, table.revision),
    index('releases_workspace_id_idx').on(table.workspaceId, table.id),
    uniqueIndex('releases_idempotency_idx').on(table.workspaceId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);
