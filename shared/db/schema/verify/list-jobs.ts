import { integer, primaryKey } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { lists } from './lists';
import { verify } from './schema';

/** The bulk jobs verifying a list: one per 50,000 distinct addresses. */
export const listJobs = verify.table(
  'list_jobs',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** Which 50,000-address slice of the list the job checks, from 0. */
    chunk: integer('chunk').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.jobId] })],
);
