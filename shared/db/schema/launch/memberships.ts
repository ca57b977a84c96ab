import { primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { launchUsers } from './users';
import { workspaces } from './workspaces';

export const launchRoles = ['owner', 'admin', 'editor', 'reviewer', 'viewer'] as const;
export type LaunchRole = (typeof launchRoles)[number];

export const launchMemberships = launch.table(
  'memberships',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => launchUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: launchRoles }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);
