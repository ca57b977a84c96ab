import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { bulkJobs, listJobs, listRows, lists } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { cancelJob } from '../bulk/jobs';
import type { JobStatus } from '../domain/job-status';

export type ListRow = typeof lists.$inferSelect;

/** The plan feature lists need. */
export const listsFeature = { feature: 'lists', minimumPlan: 'starter' } as const;

/** What a list's status can be: `importing` while its upload streams in, then as its jobs stand. */
export const listStatuses = ['importing', 'verifying', 'completed', 'cancelled'] as const;
export type ListStatus = (typeof listStatuses)[number];

export interface ListProgress {
  jobs: { job_id: number; status: JobStatus }[];
  total: number;
  processed: number;
  safe: number;
  risky: number;
  invalid: number;
  unknown: number;
  failed: number;
  dead_lettered: number;
  cancelled: number;
}

const emptyProgress = (): ListProgress => ({
  jobs: [],
  total: 0,
  processed: 0,
  safe: 0,
  risky: 0,
  invalid: 0,
  unknown: 0,
  failed: 0,
  dead_lettered: 0,
  cancelled: 0,
});

/** A list's status from its jobs: verifying while one is open, cancelled if one was, else completed. */
export function listStatus(list: ListRow, progress: ListProgress): ListStatus {
  if (list.status === 'importing') return 'importing';
  if (progress.jobs.some((job) => job.status === 'queued' || job.status === 'running')) return 'verifying';
  if (progress.jobs.some((job) => job.status === 'cancelled')) return 'cancelled';
  return 'completed';
}

export function listView(list: ListRow, progress: ListProgress) {
  const pending = Math.max(0, progress.total - progress.processed - progress.cancelled);
  return {
    list_id: list.id,
    name: list.name,
    source_key: list.sourceKey,
    status: listStatus(list, progress),
    sandbox: list.sandbox,
    columns: list.columns,
    email_column: list.emailColumn,
    totals: {
      rows: list.rows,
      addresses: list.addresses,
      duplicates: list.duplicates,
      syntax_errors: list.syntaxErrors,
    },
    progress: {
      processed: progress.processed,
      total: progress.total,
      percent: progress.total === 0 ? 100 : Math.floor((progress.processed / progress.total) * 1000) / 10,
    },
    summary: {
      safe: progress.safe,
      risky: progress.risky,
      invalid: progress.invalid,
      unknown: progress.unknown,
      failed: progress.failed,
      dead_lettered: progress.dead_lettered,
      cancelled: progress.cancelled,
      pending,
    },
    jobs: progress.jobs,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

export type ListView = ReturnType<typeof listView>;

/** The progress of each list, from its jobs' counters, in one query. */
export async function progressOf(db: Executor, listIds: number[]): Promise<Map<number, ListProgress>> {
  const result = new Map<number, ListProgress>(listIds.map((id) => [id, emptyProgress()]));
  if (listIds.length === 0) return result;
  const rows = await db
    .select({ listId: listJobs.listId, job: bulkJobs })
    .from(listJobs)
    .innerJoin(bulkJobs, eq(bulkJobs.id, listJobs.jobId))
    .where(inArray(listJobs.listId, listIds))
    .orderBy(listJobs.listId, listJobs.chunk);
  for (const { listId, job } of rows) {
    const progress = result.get(listId)!;
    progress.jobs.push({ job_id: job.id, status: job.status as JobStatus });
    progress.total += job.total;
    progress.processed += job.processed;
    progress.safe += job.safe;
    progress.risky += job.risky;
    progress.invalid += job.invalid;
    progress.unknown += job.unknown;
    progress.failed += job.failed;
    progress.dead_lettered += job.deadLettered;
    progress.cancelled += job.cancelled;
  }
  return result;
}

export function listNotFound(listId: number): ApiError {
  return new ApiError('not_found', `No list ${listId} in this workspace.`, { hint: 'Check the list_id returned when the list was created (GET /v1/lists).' });
}

/** A list of the tenant; another tenant's list is 404. */
export async function findList(db: Executor, tenantId: string, listId: number): Promise<ListRow> {
  const [list] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.tenantId, tenantId)));
  if (!list) throw listNotFound(listId);
  return list;
}

export async function readList(db: Database, tenantId: string, listId: number): Promise<ListView> {
  const list = await findList(db, tenantId, listId);
  return listView(list, (await progressOf(db, [list.id])).get(list.id)!);
}

/** Status as SQL over the list's jobs, so that the filter pages correctly. */
const statusSql = sql<ListStatus>`case
  when ${lists.status} = 'importing' then 'importing'
  when exists (select 1 from ${listJobs} lj join ${bulkJobs} j on j.id = lj.job_id where lj.list_id = ${lists.id} and j.status in ('queued', 'running')) then 'verifying'
  when exists (select 1 from ${listJobs} lj join ${bulkJobs} j on j.id = lj.job_id where lj.list_id = ${lists.id} and j.status = 'cancelled') then 'cancelled'
  else 'completed' end`;

export async function listLists(db: Database, tenantId: string, query: { status?: ListStatus; limit: number; offset: number }) {
  const where = and(eq(lists.tenantId, tenantId), query.status ? sql`${statusSql} = ${query.status}` : undefined);
  const [rows, [counted]] = await Promise.all([
    db.select().from(lists).where(where).orderBy(sql`${lists.id} desc`).limit(query.limit).offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(lists).where(where),
  ]);
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  return { lists: rows.map((row) => listView(row, progress.get(row.id)!)), total: counted?.total ?? 0, limit: query.limit, offset: query.offset };
}

/**
 * Deletes a list: its open jobs are cancelled first (their unchecked tasks' credits returned, a
 * `job.cancelled` event recorded), then its jobs with their tasks and results, its rows, plan,
 * exports and comments.
 */
export async function deleteList(db: Database, tenantId: string, listId: number) {
  const list = await findList(db, tenantId, listId);
  const jobs = await db
    .select({ id: bulkJobs.id, status: bulkJobs.status })
    .from(listJobs)
    .innerJoin(bulkJobs, eq(bulkJobs.id, listJobs.jobId))
    .where(eq(listJobs.listId, list.id));
  let cancelledTasks = 0;
  let cancelledJobs = 0;
  for (const job of jobs) {
    if (job.status !== 'queued' && job.status !== 'running') continue;
    try {
      cancelledTasks += (await cancelJob(db, tenantId, job.id)).cancelledTasks;
      cancelledJobs += 1;
    } catch (error) {
      // The job finished between reading it and cancelling it: nothing left to cancel.
      if (!(error instanceof ApiError && error.code === 'invalid_transition')) throw error;
    }
  }
  // Interactive: the row count is read for the answer, and the delete's answer decides the 404.
  return db.interactive(async (tx) => {
    const [rowCount] = await tx.select({ rows: sql<number>`count(*)::int` }).from(listRows).where(eq(listRows.listId, list.id));
    const jobIds = jobs.map((job) => job.id);
    if (jobIds.length > 0) await tx.delete(bulkJobs).where(and(inArray(bulkJobs.id, jobIds), eq(bulkJobs.tenantId, tenantId)));
    const deleted = await tx
      .delete(lists)
      .where(and(eq(lists.id, list.id), eq(lists.tenantId, tenantId)))
      .returning({ id: lists.id });
    if (deleted.length === 0) throw listNotFound(listId);
    return {
      list_id: list.id,
      deleted: true as const,
      rows_deleted: rowCount?.rows ?? 0,
      jobs_deleted: jobIds,
      jobs_cancelled: cancelledJobs,
      tasks_cancelled: cancelledTasks,
    };
  });
}
