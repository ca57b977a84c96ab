import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';

/** Plans are data, not code. Higher `rank` includes more; `quotas` maps quota name → allowance per period. */
export const verifyPlans = verify.table('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  rank: integer('rank').notNull(),
  features: text('features').array().notNull(),
  quotas: jsonb('quotas').$type<Record<string, number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
