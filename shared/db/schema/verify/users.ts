import { text, timestamp } from 'drizzle-orm/pg-core';
import { verify } from './schema';

export const verifyUsers = verify.table('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
