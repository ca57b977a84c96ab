import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database, DatabaseConfig } from '../../../shared/db/client';
import { keysetStream } from '../../../shared/db/keyset-stream';
import { bulkTasks } from '../../../shared/db/schema';
import type { TaskStatus } from '../domain/job-status';
import type { CheckEmailOutput } from '../engine/output';
import type { Reachability } from '../engine/verdict';
import { csvLine, type CsvValue } from '../csv/csv';

type TaskRow = typeof bulkTasks.$inferSelect;

export function taskView(task: TaskRow) {
  return {
    position: task.position,
    email: task.email,
    status: task.status as TaskStatus,
    attempts: task.attempts,
    is_reachable: (task.isReachable as Reachability | null) ?? null,
    result: (task.result as CheckEmailOutput | null) ?? null,
    error: task.error,
    next_attempt_at: task.status === 'retrying' ? (task.nextAttemptAt?.toISOString() ?? null) : null,
    updated_at: task.updatedAt.toISOString(),
  };
}

/** One page of a job's tasks in submission order (positions are contiguous from 0, so offset is a position). */
export function resultsPage(db: Database, tenantId: string, jobId: number, page: { offset: number; limit: number }): Promise<TaskRow[]> {
  return db
    .select()
    .from(bulkTasks)
    .where(and(eq(bulkTasks.jobId, jobId), eq(bulkTasks.tenantId, tenantId), gte(bulkTasks.position, page.offset)))
    .orderBy(asc(bulkTasks.position))
    .limit(page.limit);
}

/** Reacher's CSV columns (backend/src/http/v0/bulk/results/csv_helper.rs) first, then ours. */
const CSV_COLUMNS: readonly [string, (task: TaskRow, output: CheckEmailOutput | null) => CsvValue][] = [
  ['input', (task) => task.email],
  ['is_reachable', (_, output) => output?.is_reachable],
  ['misc.is_disposable', (_, output) => output?.misc.is_disposable],
  ['misc.is_role_account', (_, output) => output?.misc.is_role_account],
  ['misc.gravatar_url', (_, output) => output?.misc.gravatar_url],
  ['mx.accepts_mail', (_, output) => output?.mx.accepts_mail],
  ['smtp.can_connect', (_, output) => output?.smtp.can_connect_smtp],
  ['smtp.has_full_inbox', (_, output) => output?.smtp.has_full_inbox],
  ['smtp.is_catch_all', (_, output) => output?.smtp.is_catch_all],
  ['smtp.is_deliverable', (_, output) => output?.smtp.is_deliverable],
  ['smtp.is_disabled', (_, output) => output?.smtp.is_disabled],
  ['syntax.is_valid_syntax', (_, output) => output?.syntax.is_valid_syntax],
  ['syntax.domain', (_, output) => output?.syntax.domain],
  ['syntax.username', (_, output) => output?.syntax.username],
  ['error', (task) => task.error],
  ['status', (task) => task.status],
  ['score', (_, output) => output?.score],
  ['reason', (_, output) => output?.reason],
  ['provider', (_, output) => output?.provider],
  ['misc.is_b2c', (_, output) => output?.misc.is_b2c],
  ['syntax.normalized_email', (_, output) => output?.syntax.normalized_email],
  ['syntax.suggestion', (_, output) => output?.syntax.suggestion],
  ['smtp.reply_code', (_, output) => output?.debug.smtp.reply?.code],
  ['attempts', (task) => task.attempts],
  ['checked_at', (task) => task.completedAt?.toISOString()],
  ['suppressed', (_, output) => (output ? Boolean(output.suppressed) : null)],
  ['suppression.reason', (_, output) => output?.suppressed?.entry.reason],
];

export const CSV_HEADER = CSV_COLUMNS.map(([name]) => name);

/** A task as a CSV line; an open task has only its address and status, so a partial file shows what is missing. */
export function csvOfTask(task: TaskRow): string {
  // Only a finished task's result is final; a retrying task's last result is not its answer.
  const output = task.status === 'done' || task.status === 'dead_lettered' ? (task.result as CheckEmailOutput | null) : null;
  return csvLine(CSV_COLUMNS.map(([, value]) => value(task, output)));
}

const CSV_PAGE = 1000;

/** The tasks from `offset` (at most `limit`) as CSV, a page of rows at a time. */
export function resultsCsvStream(
  config: DatabaseConfig,
  tenantId: string,
  jobId: number,
  options: { offset: number; limit: number | null; byteOrderMark: boolean },
): ReadableStream<Uint8Array> {
  return keysetStream(config, {
    head: `${options.byteOrderMark ? '\uFEFF' : ''}${csvLine(CSV_HEADER)}`,
    first: { position: options.offset, remaining: options.limit ?? Number.POSITIVE_INFINITY },
    async read(db, { position, remaining }) {
      const rows = remaining > 0 ? await resultsPage(db, tenantId, jobId, { offset: position, limit: Math.min(CSV_PAGE, remaining) }) : [];
      if (rows.length === 0) return null;
      return { text: rows.map(csvOfTask).join(''), next: { position: rows.at(-1)!.position + 1, remaining: remaining - rows.length } };
    },
  });
}
