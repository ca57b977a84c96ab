import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';
import { workspaces } from './workspaces';

/** One product profile per workspace: written by onboarding runs and by people editing it. */
export const productProfiles = launch.table('product_profiles', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** A ProductProfile (typed where it is read: workers/launch/services/product-profile.ts). */
  profile: jsonb('profile').notNull(),
  /** `onboarding` when a run last wrote it, otherwise the user id of the person who edited it. */
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
