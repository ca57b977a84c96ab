import { boolean, index, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const releaseSources = ['manual', 'api', 'github', 'gitlab', 'changelog', 'rss'] as const;

/** A software release a launch is built from; the version is unique within a workspace. */
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
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('releases_workspace_version_unique').on(table.workspaceId, table.version),
    index('releases_workspace_id_idx').on(table.workspaceId, table.id),
  ],
);
