import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * Every status change: who (key or user), when, from and to, with the note a person gave (a
 * reviewer's reason, a review request's message). Written in the change's transaction. Rows name a
 * campaign or a release without a foreign key, so the trail outlives a deleted campaign or release.
 */
export const auditEvents = launch.table(
  'audit_events',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id'),
    releaseId: text('release_id'),
    postId: text('post_id'),
    /** Workspace settings changes name what they changed: `member`, `invitation` or `api_key`, and its id. */
    subjectType: text('subject_type', { enum: ['member', 'invitation', 'api_key', 'connection'] }),
    subjectId: text('subject_id'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    /** Null for a change that moves no status (an update or deletion of a campaign or release). */
    toStatus: text('to_status'),
    /** The fields an update changed. */
    changedFields: text('changed_fields').array(),
    actorType: text('actor_type', { enum: ['key', 'user', 'system'] }).notNull(),
    actorId: text('actor_id').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_campaign_idx').on(table.workspaceId, table.campaignId, table.id),
    index('audit_events_release_idx').on(table.workspaceId, table.releaseId, table.id),
    index('audit_events_settings_idx').on(table.workspaceId, table.subjectType, table.id),
  ],
);
