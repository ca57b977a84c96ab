import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { lists } from './lists';
import { verify } from './schema';
import { tenants } from './tenants';

/** A comment on a list or a job (comment ids are int64 in the spec). Exactly one of the two is set. */
export const comments = verify.table(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => bulkJobs.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    author: text('author'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comments_list_idx').on(table.tenantId, table.listId, table.id), index('comments_job_idx').on(table.tenantId, table.jobId, table.id)],
);
