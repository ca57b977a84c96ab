import { index, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { assets } from './assets';
import { campaigns } from './campaigns';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * One piece of copy for one channel. A variant is a post whose `variantOf` names the post it is an
 * alternative to; it is reviewed, approved and scheduled on its own.
 */
export const posts = launch.table(
  'posts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    variantOf: text('variant_of').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    copy: text('copy').notNull(),
    status: text('status').notNull().default('draft'),
    /** SHA-256 of channel, copy and visuals: what an approval is bound to. */
    contentFingerprint: text('content_fingerprint').notNull(),
    approvedFingerprint: text('approved_fingerprint'),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('posts_campaign_idx').on(table.campaignId), index('posts_workspace_status_idx').on(table.workspaceId, table.status)],
);

export const postVisuals = launch.table(
  'post_visuals',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text').notNull(),
    /** An uploaded asset shown as this visual (its url is then `asset:<id>`); the asset cannot be deleted while used. */
    assetId: text('asset_id').references(() => assets.id, { onDelete: 'no action' }),
    position: integer('position').notNull(),
  },
  (table) => [index('post_visuals_post_idx').on(table.postId), index('post_visuals_asset_idx').on(table.assetId)],
);
