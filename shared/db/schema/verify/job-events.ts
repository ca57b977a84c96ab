import { index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { bulkJobs } from './bulk-jobs';
import { verify } from './schema';
import { tenants } from './tenants';

/** A job lifecycle event (`job.created`, `job.completed`, …); the feed behind `/v1/events`. */
export const jobEvents = verify.table(
  'job_events',
  {
    /** `evt_…`, time-sortable: the feed's cursor. */
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_events_tenant_idx').on(table.tenantId, table.id), index('job_events_job_idx').on(table.jobId, table.id)],
);
