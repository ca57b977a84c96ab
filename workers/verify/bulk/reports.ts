import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkTasks } from '../../../shared/db/schema';
import { approvalOf } from '../domain/approval';
import { groupFailures, type FailureRow } from '../domain/failures';
import { latencyByProvider } from '../domain/latency';
import type { JobStatus, TaskStatus } from '../domain/job-status';
import type { ReplyClass } from '../engine/smtp-reply';
import type { Reason } from '../engine/verdict';
import { readSettings, settingsView } from '../settings/settings';
import type { JobRow } from './job-view';

export async function latencyReport(db: Database, job: JobRow) {
  const samples = await db
    .select({ provider: bulkTasks.provider, durationMs: bulkTasks.durationMs })
    .from(bulkTasks)
    .where(and(eq(bulkTasks.jobId, job.id), eq(bulkTasks.tenantId, job.tenantId), isNotNull(bulkTasks.durationMs)));
  const { providers, overall } = latencyByProvider(samples.map((sample) => ({ provider: sample.provider ?? 'no_mx', durationMs: sample.durationMs! })));
  const view = (summary: { provider: string; count: number; p50Ms: number; p95Ms: number; maxMs: number }) => ({
    provider: summary.provider,
    count: summary.count,
    p50_ms: summary.p50Ms,
    p95_ms: summary.p95Ms,
    max_ms: summary.maxMs,
  });
  return { job_id: job.id, status: job.status as JobStatus, providers: providers.map(view), overall: overall ? view(overall) : null };
}

/** Every task that ended without an answer about its mailbox, or that may yet be retried. */
export async function failureGroups(db: Database, job: JobRow) {
  const rows = await db
    .select({
      email: bulkTasks.email,
      status: bulkTasks.status,
      reason: bulkTasks.reason,
      replyClass: sql<string | null>`${bulkTasks.result} -> 'debug' -> 'smtp' -> 'reply' ->> 'class'`,
    })
    .from(bulkTasks)
    .where(
      and(
        eq(bulkTasks.jobId, job.id),
        eq(bulkTasks.tenantId, job.tenantId),
        or(inArray(bulkTasks.status, ['failed', 'dead_lettered']), and(eq(bulkTasks.status, 'done'), eq(bulkTasks.isReachable, 'unknown'))),
      ),
    )
    .orderBy(bulkTasks.position);
  return groupFailures(
    rows.map(
      (row): FailureRow => ({
        email: row.email,
        status: row.status as TaskStatus,
        reason: row.reason as Reason | null,
        replyClass: row.replyClass as ReplyClass | null,
      }),
    ),
  );
}

export async function approvalReport(db: Database, job: JobRow) {
  const settings = settingsView(await readSettings(db, job.tenantId));
  const thresholds = { excellent: settings.approval_excellent_threshold, good: settings.approval_good_threshold };
  const approval = approvalOf({ safe: job.safe, processed: job.processed }, thresholds);
  return {
    job_id: job.id,
    status: job.status as JobStatus,
    final: job.status === 'completed',
    processed: job.processed,
    safe: job.safe,
    safe_percent: approval.safePercent,
    thresholds,
    verdict: approval.verdict,
    approved: approval.approved,
  };
}
