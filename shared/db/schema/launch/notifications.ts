import { boolean, index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * A member's choice for one kind of notification in one workspace. No row means the default:
 * email on, so people hear about what concerns them until they say otherwise.
 */
export const notificationPreferences = launch.table(
  'notification_preferences',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId, table.kind] })],
);

/**
 * The workspace's chat webhook (Slack-compatible incoming webhook) and the kinds it receives. The
 * URL is a credential (whoever holds it may post to the channel): no route returns it whole.
 */
export const notificationWebhooks = launch.table('notification_webhooks', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  kinds: text('kinds').array().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one message to one recipient (an email address, or the chat webhook), written in the
 * transaction of the change it tells about and sent by the launch cron, with retries. `payload`
 * holds what the message is rendered from (an invitation's token included) until the message
 * ends; it is cleared then, so only the subject and the outcome stay.
 */
export const notifications = launch.table(
  'notifications',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** email | chat */
    channel: text('channel').notNull(),
    /** The member it is for (null for an invitee and for the chat webhook). */
    userId: text('user_id'),
    /** The email address, or `chat` for the workspace's webhook. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** pending | sending | sent | failed | skipped */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Why it is retrying, failed or skipped, in words. */
    lastError: text('last_error'),
    /** The provider's id of the sent email. */
    providerId: text('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_due_idx').on(table.status, table.nextAttemptAt), index('notifications_workspace_idx').on(table.workspaceId, table.id)],
);
