import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import { bulkTasks } from '../../../shared/db/schema';
import { JOB_WAIT_CHECK_MS, waitIsOver } from '../domain/job-polling';
import { openJobStatuses } from '../domain/job-status';
import { findJob } from './jobs';
import { NO_RETRIES, type JobRetries, type JobRow } from './job-view';

export interface JobState {
  job: JobRow;
  retries: JobRetries;
}

/** The job of the tenant (404 otherwise) with its tasks waiting for a retry. */
export async function readJobState(db: Executor, tenantId: string, jobId: number): Promise<JobState> {
  const job = await findJob(db, tenantId, jobId);
  return { job, retries: await readRetries(db, job) };
}

/** The job's tasks waiting for a retry, and when the first is due (the (job_id, status) index answers it); none once the job has ended. */
export async function readRetries(db: Executor, job: JobRow): Promise<JobRetries> {
  if (!isOpen(job)) return NO_RETRIES;
  const [row] = await db
    .select({ retrying: sql<number>`count(*)::int`, nextRetryAt: sql<string | null>`min(${bulkTasks.nextAttemptAt})` })
    .from(bulkTasks)
    .where(and(eq(bulkTasks.jobId, job.id), eq(bulkTasks.status, 'retrying')));
  return { retrying: row?.retrying ?? 0, nextRetryAt: row?.nextRetryAt ? new Date(row.nextRetryAt) : null };
}

/**
 * The job's state once it moves (status, counts, retries), or at the end of `waitSeconds`; at
 * once when it has ended or `waitSeconds` is 0. See domain/job-polling for when a wait answers.
 */
export async function followJob(db: Executor, tenantId: string, jobId: number, waitSeconds: number): Promise<JobState> {
  const first = await readJobState(db, tenantId, jobId);
  const arrived = Date.now();
  const seen = fingerprint(first);
  let state = first;
  for (;;) {
    const waitedMs = Date.now() - arrived;
    if (waitIsOver({ open: isOpen(state.job), changed: fingerprint(state) !== seen, waitedMs, waitMs: waitSeconds * 1000 })) return state;
    await new Promise((resolve) => setTimeout(resolve, Math.min(JOB_WAIT_CHECK_MS, waitSeconds * 1000 - waitedMs)));
    state = await readJobState(db, tenantId, jobId);
  }
}

const isOpen = (job: JobRow) => (openJobStatuses as readonly string[]).includes(job.status);

function fingerprint({ job, retries }: JobState): string {
  return [job.status, job.processed, job.total, job.cancelled, job.updatedAt.getTime(), retries.retrying, retries.nextRetryAt?.getTime()].join(':');
}
