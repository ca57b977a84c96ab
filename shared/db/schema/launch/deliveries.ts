import { boolean, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { channelConnections } from './connections';
import { posts } from './posts';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** One scheduled publication of a post, and how its delivery went. */
export const postDeliveries = launch.table(
  'post_deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The connected account the post goes out through; null: the workspace's publishing endpoint (the custom channel). */
    connectionId: text('connection_id').references(() => channelConnections.id),
    /**
     * pending | publishing | published | failed | cancelled | unknown (an attempt whose outcome
     * could not be told, a person decides; see channel-adapter.ts)
     */
    status: text('status').notNull().default('pending'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Set while a publisher run owns the delivery; an expired claim may be taken again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** An earlier attempt may have reached the network unanswered (a run died holding the claim, a timeout after sending). */
    previousAttemptUnknown: boolean('previous_attempt_unknown').notNull().default(false),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scheduledBy: text('scheduled_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_deliveries_due_idx').on(table.status, table.scheduledFor),
    index('post_deliveries_post_idx').on(table.postId),
    index('post_deliveries_connection_idx').on(table.connectionId),
  ],
);

/** Where a workspace receives its posts: a signed webhook it connects to any network. */
export const publishingEndpoints = launch.table('publishing_endpoints', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
