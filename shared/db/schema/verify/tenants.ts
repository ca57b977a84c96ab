import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';

export const tenants = verify.table('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  contactEmail: text('contact_email'),
  /**
   * active | suspended | deleted. A suspended tenant's keys are refused (403); a deleted one's
   * keys are revoked and its jobs cancelled, and the row with everything it owns is purged at
   * `purge_after`.
   */
  status: text('status').notNull().default('active'),
  /** Quota name → allowance per period, set by an operator; replaces the plan's allowance for that quota. */
  quotaOverrides: jsonb('quota_overrides').$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  purgeAfter: timestamp('purge_after', { withTimezone: true }),
});
