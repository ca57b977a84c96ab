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
  /**
   * When a suppression import last committed (set by its last statement). Its entries carry the
   * import's start as `created_at`, which a list scanned while the import ran has already passed:
   * a list scanned before this time is matched whole again (services/list-suppressions.ts).
   */
  suppressionsImportedAt: timestamp('suppressions_imported_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  purgeAfter: timestamp('purge_after', { withTimezone: true }),
});
