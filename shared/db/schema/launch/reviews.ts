import { index, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { posts } from './posts';
import { launch } from './schema';
import { workspaces } from './workspaces';

export const reviewRequests = launch.table('review_requests', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  campaignId: text('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  postIds: text('post_ids').array().notNull(),
  note: text('note'),
  requestedBy: text('requested_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each decision a person made, bound to the exact content they saw. */
export const postDecisions = launch.table(
  'post_decisions',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['approve', 'reject', 'request_changes'] }).notNull(),
    contentFingerprint: text('content_fingerprint').notNull(),
    /**
     * The copy and visuals the reviewer saw, so the next review can show what changed since (the
     * fingerprint alone says that something changed, not what). Null on decisions made before.
     */
    copy: text('copy'),
    visuals: jsonb('visuals').$type<Array<{ url: string; altText: string }>>(),
    note: text('note'),
    decidedBy: text('decided_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_decisions_post_idx').on(table.postId)],
);
