import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { lists } from './lists';
import { verify } from './schema';

/** The last remediation plan built for a list (POST …/remediation-plan), as served. */
export const listRemediationPlans = verify.table('list_remediation_plans', {
  listId: integer('list_id')
    .primaryKey()
    .references(() => lists.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull(),
  plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});
