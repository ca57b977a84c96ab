import { jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * Link previews a workspace fetched, one per normalized URL, reused until `expiresAt`. Kept per
 * workspace so that one workspace's cache never tells another which links it previewed.
 */
export const linkPreviews = launch.table(
  'link_previews',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    normalizedUrl: text('normalized_url').notNull(),
    preview: jsonb('preview').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.normalizedUrl] })],
);
