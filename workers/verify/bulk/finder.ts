import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkTasks } from '../../../shared/db/schema';
import { finderOutcome } from '../domain/finder-patterns';
import type { TaskStatus } from '../domain/job-status';
import type { CheckEmailOutput } from '../engine/output';
import type { Reachability } from '../engine/verdict';
import { jobView, type JobRow } from './job-view';

/** A find_email job as GET /v1/find_email/{job_id} shows it: the outcome, and every candidate. */
export async function finderView(db: Database, job: JobRow) {
  const tasks = await db
    .select()
    .from(bulkTasks)
    .where(and(eq(bulkTasks.jobId, job.id), eq(bulkTasks.tenantId, job.tenantId)))
    .orderBy(asc(bulkTasks.position));
  const candidates = tasks.map((task) => {
    const output = task.status === 'done' ? (task.result as CheckEmailOutput | null) : null;
    return { email: task.email, pattern: task.pattern, status: task.status as TaskStatus, output };
  });
  const retrying = tasks.filter((task) => task.status === 'retrying');
  const due = retrying.flatMap((task) => (task.nextAttemptAt ? [task.nextAttemptAt.getTime()] : []));
  const view = jobView(job, { retrying: retrying.length, nextRetryAt: due.length > 0 ? new Date(Math.min(...due)) : null });
  return {
    job_id: job.id,
    status: view.status,
    first_name: job.finder!.first_name,
    last_name: job.finder!.last_name,
    domain: job.finder!.domain,
    ...finderOutcome(candidates, job.status === 'completed' || job.status === 'cancelled'),
    candidates: candidates.map((candidate) => ({
      email: candidate.email,
      pattern: candidate.pattern,
      status: candidate.status,
      is_reachable: (candidate.output?.is_reachable as Reachability | undefined) ?? null,
      score: candidate.output?.score ?? null,
      is_catch_all: candidate.output?.smtp.is_catch_all ?? null,
    })),
    job: view,
  };
}
