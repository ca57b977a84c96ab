import type { bulkJobs } from '../../../shared/db/schema';
import type { JobStatus } from '../domain/job-status';

export type JobRow = typeof bulkJobs.$inferSelect;

/**
 * A job as the API shows it. Field names follow Reacher's bulk status (`job_id`, `total_records`,
 * `total_processed`, `summary.total_*`, `finished_at`) so a Reacher client reads the counts
 * unchanged; the rest is ours.
 */
export function jobView(job: JobRow) {
  const pending = job.total - job.processed - job.cancelled;
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
      total_pending: Math.max(0, pending),
    },
    webhook_url: job.webhookUrl,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    cancelled_at: job.cancelledAt?.toISOString() ?? null,
    updated_at: job.updatedAt.toISOString(),
  };
}

export type JobView = ReturnType<typeof jobView>;
