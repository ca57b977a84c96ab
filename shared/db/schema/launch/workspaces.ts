import { text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';

export const workspaces = launch.table('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
