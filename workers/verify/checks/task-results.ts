import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, type JobKind } from '../../../shared/db/schema';
import { isChargeable } from '../domain/credits';
import { allowedFrom, openJobStatuses, openTaskStatuses } from '../domain/job-status';
import type { CheckOutcome } from '../engine/check-email';
import type { Reachability } from '../engine/verdict';
import { recordCheck } from '../history/history';
import { recordMatches } from '../suppressions/suppressions';
import { returnCredits } from '../bulk/credits';
import { recordJobEvent } from '../bulk/events';
import type { JobCheckOptions } from '../bulk/jobs';

/**
 * The consumer's writes. Each ends a task with one conditional UPDATE that matches only while the
 * task is open, then moves the job's counters in the same transaction: a redelivered message, a
 * late check of a cancelled task, or a dead-letter of a task that already ended matches nothing and
 * writes nothing. Every writer locks the task before the job row, so none can deadlock another.
 */

export interface OpenTask {
  jobId: number;
  position: number;
  /** The job's tenant, for what a result is recorded against. */
  tenantId: string;
  /** What made the job; a reverification job's checks enter history as `reverification`. */
  kind: JobKind;
  email: string;
  options: JobCheckOptions;
}

const taskKey = (jobId: number, position: number) => and(eq(bulkTasks.jobId, jobId), eq(bulkTasks.position, position));
const isOpen = inArray(bulkTasks.status, [...openTaskStatuses]);

/** Where a task is: its job and position. */
export type TaskKey = Pick<OpenTask, 'jobId' | 'position'>;

export const taskKeyText = ({ jobId, position }: TaskKey) => `${jobId}:${position}`;

/**
 * The tasks of `keys` that may still take a result (open, in a job that is neither cancelled nor
 * finished), by taskKeyText; the others are absent. One query for a whole queue batch: each
 * query a batch makes at once opens a database connection of its own, and a batch's checks
 * cannot start before their tasks are read.
 */
export async function loadOpenTasks(db: Database, keys: readonly TaskKey[]): Promise<Map<string, OpenTask>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      jobId: bulkTasks.jobId,
      position: bulkTasks.position,
      tenantId: bulkTasks.tenantId,
      kind: bulkJobs.kind,
      email: bulkTasks.email,
      options: bulkJobs.options,
    })
    .from(bulkTasks)
    .innerJoin(bulkJobs, eq(bulkJobs.id, bulkTasks.jobId))
    .where(and(or(...keys.map((key) => taskKey(key.jobId, key.position))), isOpen, inArray(bulkJobs.status, [...openJobStatuses])));
  return new Map(rows.map((row) => [taskKeyText(row), { ...row, options: row.options as JobCheckOptions }]));
}

/** Provider label for the latency report: the engine's provider, `other` for an unrecognized MX, `no_mx` without one. */
function providerLabel(outcome: CheckOutcome): string {
  return outcome.output.provider ?? (outcome.output.mx.records.length > 0 || outcome.mxHost ? 'other' : 'no_mx');
}

function outcomeColumns(outcome: CheckOutcome) {
  return {
    result: outcome.output as unknown as Record<string, unknown>,
    isReachable: outcome.output.is_reachable,
    reason: outcome.output.reason,
    provider: providerLabel(outcome),
    mxHost: outcome.mxHost,
    durationMs: Math.round(outcome.durationMs),
  };
}

/**
 * A deferred attempt (greylisting, a temporary error, no connection, a timeout): the task stays
 * open as `retrying` with this attempt's result, until the queue delivers it again.
 */
export async function recordDeferredAttempt(db: Database, task: OpenTask, outcome: CheckOutcome, retryInSeconds: number): Promise<void> {
  const now = new Date();
  // Interactive: the job's counters move only when the guarded update found the task still open.
  await db.interactive(async (tx) => {
    const [deferred] = await tx
      .update(bulkTasks)
      .set({
        ...outcomeColumns(outcome),
        status: 'retrying',
        attempts: sql`${bulkTasks.attempts} + 1`,
        error: null,
        nextAttemptAt: new Date(now.getTime() + retryInSeconds * 1000),
        updatedAt: now,
      })
      .where(and(taskKey(task.jobId, task.position), isOpen))
      .returning({ position: bulkTasks.position });
    if (deferred)
      await tx
        .update(bulkJobs)
        .set({ status: 'running', startedAt: now, updatedAt: now })
        .where(and(eq(bulkJobs.id, task.jobId), inArray(bulkJobs.status, [...allowedFrom('start')])));
  });
}

type TaskEnd = PgUpdateSetSource<typeof bulkTasks>;

/** Ends an open task with `set` and counts the ending, in one transaction; false when the task was not open. */
async function endTask(
  db: Database,
  jobId: number,
  position: number,
  set: TaskEnd,
  ending: Ending,
  refund: number,
  alsoWrite?: (tx: Executor) => Promise<unknown>,
): Promise<boolean> {
  // Interactive: the job's counters move only when the guarded update found the task still open.
  return db.interactive(async (tx) => {
    const now = new Date();
    const [ended] = await tx
      .update(bulkTasks)
      .set({ ...set, nextAttemptAt: null, completedAt: now, updatedAt: now })
      .where(and(taskKey(jobId, position), isOpen))
      .returning({ position: bulkTasks.position });
    if (!ended) return false;
    // The job's row last: every ending of the job waits for its lock, held until the commit.
    await alsoWrite?.(tx);
    await countEnding(tx, jobId, ending, refund, now);
    return true;
  });
}

/**
 * Writes a check's result: the one place a task gets its final result, exactly once, and the one
 * place a bulk check enters the address's history (sandbox results, made up, never do), with the
 * `matched` events of the suppression it hit. All in the transaction that ends the task: a task
 * is never done without its history, since its retried message finds it ended. Returns whether it
 * was written (false when the task had already ended or was cancelled).
 */
export async function writeTaskResult(db: Database, task: OpenTask, outcome: CheckOutcome): Promise<boolean> {
  const verdict = outcome.output.is_reachable;
  const { suppressed } = outcome.output;
  return endTask(
    db,
    task.jobId,
    task.position,
    { ...outcomeColumns(outcome), status: 'done', attempts: sql`${bulkTasks.attempts} + 1`, error: null },
    verdict,
    isChargeable(verdict) ? 0 : 1,
    outcome.output.debug.sandbox
      ? undefined
      : async (tx) => {
          await recordCheck(tx, {
            tenantId: task.tenantId,
            output: outcome.output,
            source: task.kind === 'reverification' || task.kind === 'pipeline' ? task.kind : 'bulk',
            jobId: task.jobId,
          });
          if (suppressed) await recordMatches(tx, task.tenantId, new Map([[task.email, suppressed]]), { kind: 'job', id: String(task.jobId) });
        },
  );
}

/** The check could not run (the engine threw): the task fails, and can be retried with the job. */
export async function recordTaskFailure(db: Database, task: OpenTask, error: string): Promise<boolean> {
  return endTask(db, task.jobId, task.position, { status: 'failed', attempts: sql`${bulkTasks.attempts} + 1`, error }, 'failed', 1);
}

/** The queue gave up on the task's message: it keeps the result of its last attempt, if any. */
export async function recordDeadLetter(db: Database, jobId: number, position: number): Promise<boolean> {
  const error = sql`case when ${bulkTasks.result} is null
    then 'The task could not be processed: every delivery of its message failed on our side.'
    else 'The mail server deferred every one of ' || ${bulkTasks.attempts} || ' attempts.' end`;
  return endTask(db, jobId, position, { status: 'dead_lettered', error }, 'dead_lettered', 1);
}

/** A dispatch the queue gave up on: its tasks never got a message, so they fail and can be retried. */
export async function failUnqueuedTasks(db: Database, jobId: number, from: number, to: number): Promise<number> {
  // Interactive: the job's counters move by exactly the tasks the update failed.
  return db.interactive(async (tx) => {
    const now = new Date();
    const failed = await tx
      .update(bulkTasks)
      .set({ status: 'failed', error: 'The task could not be queued.', completedAt: now, updatedAt: now })
      .where(and(eq(bulkTasks.jobId, jobId), sql`${bulkTasks.position} >= ${from} and ${bulkTasks.position} < ${to}`, isOpen, isNull(bulkTasks.queuedAt)))
      .returning({ position: bulkTasks.position });
    if (failed.length > 0) await countEnding(tx, jobId, 'failed', failed.length, now, failed.length);
    return failed.length;
  });
}

type Ending = Reachability | 'failed' | 'dead_lettered';

const counterOf = {
  safe: bulkJobs.safe,
  risky: bulkJobs.risky,
  invalid: bulkJobs.invalid,
  unknown: bulkJobs.unknown,
  failed: bulkJobs.failed,
  dead_lettered: bulkJobs.deadLettered,
} as const;

const fieldOf = { safe: 'safe', risky: 'risky', invalid: 'invalid', unknown: 'unknown', failed: 'failed', dead_lettered: 'deadLettered' } as const;

/**
 * Moves the job's counters for ended tasks, returns the credits of those that verified nothing,
 * and completes the job when this was its last open task. The job row is locked by this UPDATE,
 * so exactly one writer sees the count reach the total.
 */
async function countEnding(tx: Executor, jobId: number, ending: Ending, refund: number, now: Date, count = 1): Promise<void> {
  const [job] = await tx
    .update(bulkJobs)
    .set({
      [fieldOf[ending]]: sql`${counterOf[ending]} + ${count}`,
      processed: sql`${bulkJobs.processed} + ${count}`,
      status: sql`case when ${bulkJobs.status} = 'queued' then 'running' else ${bulkJobs.status} end`,
      startedAt: sql`coalesce(${bulkJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(bulkJobs.id, jobId))
    .returning();
  if (!job) return;
  await returnCredits(tx, job, refund);
  if (job.processed < job.total || !allowedFrom('complete').includes(job.status as 'queued' | 'running')) return;
  const [completed] = await tx
    .update(bulkJobs)
    .set({ status: 'completed', finishedAt: now, updatedAt: now })
    .where(and(eq(bulkJobs.id, jobId), inArray(bulkJobs.status, [...allowedFrom('complete')])))
    .returning();
  if (completed) await recordJobEvent(tx, completed, 'job.completed');
}
