import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { taskStatuses, type JobStatus } from '../domain/job-status';
import { REACHABILITY } from '../engine/verdict';

export interface JobSearch {
  tenantId?: string;
  status?: JobStatus;
  limit: number;
  offset: number;
}

/** Jobs across tenants (or of one), newest first. */
export async function searchJobs(db: Database, search: JobSearch) {
  const conditions: SQL[] = [];
  if (search.tenantId) conditions.push(eq(bulkJobs.tenantId, search.tenantId));
  if (search.status) conditions.push(eq(bulkJobs.status, search.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(bulkJobs).where(where).orderBy(desc(bulkJobs.id)).limit(search.limit).offset(search.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(bulkJobs).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Any tenant's job. */
export async function findAnyJob(db: Database, jobId: number) {
  const [job] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  if (!job) throw new ApiError('not_found', `No job ${jobId}.`, { hint: 'Find jobs with GET /v1/admin/jobs.' });
  return job;
}

/** A task `state` filter: a task status, or the verdict of the tasks that have one. */
export const taskStates = [...taskStatuses, ...REACHABILITY] as const;
export type TaskState = (typeof taskStates)[number];

/** A page of a job's tasks in submission order, only those in `state` when given; `total` counts the matching tasks. */
export async function jobTasks(db: Database, job: { id: number; tenantId: string }, query: { state?: TaskState; limit: number; offset: number }) {
  const conditions: SQL[] = [eq(bulkTasks.jobId, job.id), eq(bulkTasks.tenantId, job.tenantId)];
  if (query.state) {
    const byVerdict = (REACHABILITY as readonly string[]).includes(query.state);
    conditions.push(eq(byVerdict ? bulkTasks.isReachable : bulkTasks.status, query.state));
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db.select().from(bulkTasks).where(where).orderBy(asc(bulkTasks.position)).limit(query.limit).offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(bulkTasks).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}
