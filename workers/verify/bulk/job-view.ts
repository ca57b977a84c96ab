import type { bulkJobs } from '../../../shared/db/schema';
import { suggestedPollSeconds } from '../domain/job-polling';
import { openJobStatuses, type JobStatus } from '../domain/job-status';

export type JobRow = typeof bulkJobs.$inferSelect;

/** The job's tasks waiting for a retry, and when the first of them is due. */
export interface JobRetries {
  retrying: number;
  nextRetryAt: Date | null;
}

/** For a job known to have no task waiting for a retry: just created, cancelled, retried or finished. */
export const NO_RETRIES: JobRetries = { retrying: 0, nextRetryAt: null };

/**
 * A job as the API shows it. Field names follow Reacher's bulk status (`job_id`, `total_records`,
 * `total_processed`, `summary.total_*`, `finished_at`) so a Reacher client reads the counts
 * unchanged; the rest is ours.
 */
export function jobView(job: JobRow, retries: JobRetries = NO_RETRIES, now = new Date()) {
  const pending = Math.max(0, job.total - job.processed - job.cancelled - retries.retrying);
  const open = (openJobStatuses as readonly string[]).includes(job.status);
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status as JobStatus,
    sandbox: job.sandbox,
    submitted: job.submitted,
    duplicates: job.duplicates,
    skipped: job.skipped,
    total_records: job.total,
    total_processed: job.processed,
    progress: job.total === 0 ? 100 : Math.floor((job.processed / job.total) * 1000) / 10,
    summary: {
      total_safe: job.safe,
      total_risky: job.risky,
      total_invalid: job.invalid,
      total_unknown: job.unknown,
      total_failed: job.failed,
      total_dead_lettered: job.deadLettered,
      total_cancelled: job.cancelled,
      total_pending: pending,
      total_retrying: retries.retrying,
    },
    next_retry_at: retries.nextRetryAt?.toISOString() ?? null,
    poll_after_seconds: suggestedPollSeconds({ open, pending, ...retries }, now),
    webhook_url: job.webhookUrl,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    cancelled_at: job.cancelledAt?.toISOString() ?? null,
    updated_at: job.updatedAt.toISOString(),
  };
}

export type JobView = ReturnType<typeof jobView>;
