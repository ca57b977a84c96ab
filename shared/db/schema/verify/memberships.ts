import { primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';
import { tenants } from './tenants';
import { verifyUsers } from './users';

export const verifyRoles = ['owner', 'admin', 'member'] as const;
export type VerifyRole = (typeof verifyRoles)[number];

export const verifyMemberships = verify.table(
  'memberships',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => verifyUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: verifyRoles }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId] })],
);
