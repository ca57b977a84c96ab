import { index, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { launchUsers } from './users';
import { workspaces } from './workspaces';

export const launchSessions = launch.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** SHA-256 of the cookie value; the cookie itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => launchUsers.id, { onDelete: 'cascade' }),
    /** The workspace this session acts in; a member of several switches by signing in to another. */
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
