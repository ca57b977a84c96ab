import { text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';

export const tenants = verify.table('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  contactEmail: text('contact_email'),
  /** active | suspended; a suspended tenant's keys stop working. */
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
