import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { launchRoles } from './memberships';
import { launch } from './schema';
import { workspaces } from './workspaces';

/**
 * An invitation to join a workspace with a role. Its token is shown once to the inviter, who
 * hands the accept URL to the invitee; only the token's SHA-256 is stored. A pending invitation
 * (neither accepted nor revoked) is unique per workspace and email: inviting again replaces it.
 */
export const launchInvitations = launch.table(
  'invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower case; the account that accepts must have (or is created with) this email. */
    email: text('email').notNull(),
    role: text('role', { enum: launchRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The user who invited; kept as text so the row outlives that user. */
    invitedBy: text('invited_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_workspace_idx').on(table.workspaceId, table.id),
    uniqueIndex('invitations_pending_email_unique').on(table.workspaceId, table.email).where(sql`${table.acceptedAt} IS NULL AND ${table.revokedAt} IS NULL`),
  ],
);
