import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';

/** Plans are data, not code, so pricing can change without a deploy. Higher `rank` includes more. */
export const launchPlans = launch.table('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
  features: text('features').array().notNull(),
  /** Quota name → allowance per billing period. */
  quotas: jsonb('quotas').$type<Record<string, number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
