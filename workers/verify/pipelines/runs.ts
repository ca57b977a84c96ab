import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, pipelineRows, pipelineRuns, pipelines } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { acceptWithin } from '../domain/credits';
import { batchIsDue, MAX_RUN_ROWS, secondsUntilDue } from './rules';
import { reserveCredits, returnCredits } from '../bulk/credits';
import { recordJobEvent } from '../bulk/events';
import { dispatchMessages, sendAll, type BulkMessage } from '../bulk/messages';
import { findPipeline, pipelineWithFirstWaiting, type PipelineRow } from './definitions';
import { errorText, logLine } from '../../../shared/log';

export const runTriggers = ['batch_full', 'batch_wait', 'schedule', 'trigger'] as const;
export type RunTrigger = (typeof runTriggers)[number];

/**
 * How long the executor of a new run has its tasks to itself: then its dispatch messages queue
 * the tasks it has not claimed (it died, or the run is larger than it checks in that time).
 */
export const EXECUTOR_HEADSTART_SECONDS = 60;

/** The actor a run's job is created by. */
const PIPELINE_ACTOR = 'pipeline';

export type RunRow = typeof pipelineRuns.$inferSelect;

/**
 * Starts a run over the pipeline's waiting rows (at most MAX_RUN_ROWS, oldest first): in one
 * transaction, under the pipeline's lock, a bulk job of kind `pipeline` with one task per distinct
 * address, the run, the rows moved to `verifying` and pointed at their task, and the job's
 * dispatch messages, delayed by EXECUTOR_HEADSTART_SECONDS: the caller hands the run to an
 * executor (execute.ts). Credits are taken first, as far as they go: addresses they do not cover
 * become skipped tasks, delivered with that error. Returns null when nothing waits.
 */
export async function startRun(db: Database, queue: Queue<BulkMessage>, pipelineId: number, tenantId: string, trigger: RunTrigger): Promise<RunRow | null> {
  const pipeline = await findPipeline(db, tenantId, pipelineId);
  const sandbox = Boolean(pipeline.options.sandbox);
  const now = new Date();
  const entitlement = sandbox ? null : await loadVerifyEntitlement(db, tenantId, now);
  let reserved = 0;
  try {
    // Interactive: the pipeline row is locked and its waiting rows read become the run's job.
    return await db.interactive(async (tx) => {
      const locked = await findPipeline(tx, tenantId, pipelineId, true);
      const rows = await tx
        .select({ id: pipelineRows.id, email: pipelineRows.email, emailKey: pipelineRows.emailKey })
        .from(pipelineRows)
        .where(and(eq(pipelineRows.pipelineId, locked.id), eq(pipelineRows.status, 'waiting')))
        .orderBy(asc(pipelineRows.id))
        .limit(MAX_RUN_ROWS);
      if (rows.length === 0) return null;
      const firstOf = new Map<string, string>();
      for (const row of rows) if (!firstOf.has(row.emailKey)) firstOf.set(row.emailKey, row.email);
      const keys = [...firstOf.keys()];
      reserved = entitlement
        ? await reserveCredits(db, { tenantId, entitlement, amount: keys.length, allowPartial: true, apiKeyId: null }).catch((error: unknown) => {
            // No credit left: the run still happens, every address skipped, so the rows are delivered saying so.
            if (error instanceof ApiError && error.code === 'workspace_quota_exceeded') return 0;
            throw error;
          })
        : keys.length;
      const { accepted, skipped } = acceptWithin(keys, reserved);
      const [job] = await tx
        .insert(bulkJobs)
        .values({
          tenantId,
          kind: 'pipeline',
          sandbox,
          options: locked.options,
          webhookUrl: null,
          submitted: rows.length,
          duplicates: rows.length - keys.length,
          skipped: skipped.length,
          total: accepted.length,
          creditsPeriodStart: entitlement ? new Date(entitlement.periodStart!) : null,
          creditsPeriodEnd: entitlement ? new Date(entitlement.periodEnd!) : null,
          createdBy: PIPELINE_ACTOR,
          // A run with nothing to check is complete at once.
          ...(accepted.length === 0 && { status: 'completed', finishedAt: now }),
        })
        .returning();
      const tasks = [...accepted.map((key) => ({ key, status: 'pending' })), ...skipped.map((key) => ({ key, status: 'skipped' }))].map((task, position) => ({
        position,
        key: task.key,
        email: firstOf.get(task.key)!,
        status: task.status,
      }));
      await tx.execute(sql`
        insert into ${bulkTasks} (job_id, position, tenant_id, email, status)
        select ${job!.id}, t.position, ${tenantId}, t.email, t.status
        from jsonb_to_recordset(${JSON.stringify(tasks)}::jsonb) as t(position int, email text, status text)`);
      const [run] = await tx.insert(pipelineRuns).values({ pipelineId: locked.id, tenantId, jobId: job!.id, trigger, rows: rows.length }).returning();
      // The waiting rows cannot change under the pipeline's lock (pushes take it too): the ones
      // read are exactly those up to the last id read. The pipeline's count goes down by those moved.
      await tx.execute(sql`
        with moved as (
          update ${pipelineRows} as r set status = 'verifying', run_id = ${run!.id}, job_id = ${job!.id}, position = t.position
          from jsonb_to_recordset(${JSON.stringify(tasks)}::jsonb) as t(position int, key text)
          where r.pipeline_id = ${locked.id} and r.status = 'waiting' and r.email_key = t.key
            and r.id <= ${rows.at(-1)!.id}
          returning 1
        )
        update ${pipelines} set waiting_rows = waiting_rows - (select count(*) from moved) where id = ${locked.id}`);
      await recordJobEvent(tx, job!, 'job.created', { pipeline_id: locked.id, run_id: run!.id });
      // The executor (execute.ts) checks the tasks; these dispatch what it has not claimed by then.
      const fallback = dispatchMessages(job!.id, accepted.length);
      if (fallback.length > 0) await queue.sendBatch(fallback.map((body) => ({ body, delaySeconds: EXECUTOR_HEADSTART_SECONDS })));
      return run!;
    });
  } catch (error) {
    if (entitlement && reserved > 0)
      await returnCredits(
        db,
        { tenantId, creditsPeriodStart: new Date(entitlement.periodStart!), creditsPeriodEnd: new Date(entitlement.periodEnd!) },
        reserved,
      );
    throw error;
  }
}

/**
 * Starts runs while the waiting rows make a due batch (a full one, or one whose oldest row has
 * waited the longest wait), and returns them for the caller to execute. A paused or deleted
 * pipeline starts none. Rows left waiting and not yet due (what a full batch's run did not take,
 * or a wait a PATCH lengthened) get the message for when they are: a push sends one only when its
 * rows begin a batch (push.ts).
 */
export async function flushPipeline(db: Database, queue: Queue<BulkMessage>, pipelineId: number, now: Date = new Date()): Promise<RunRow[]> {
  const started: RunRow[] = [];
  for (;;) {
    const found = await pipelineWithFirstWaiting(db, pipelineId);
    if (found?.pipeline.status !== 'active') return started;
    const { pipeline, firstWaitingAt: oldestPushedAt } = found;
    const waiting = { count: pipeline.waitingRows, oldestPushedAt };
    const rule = { maxRows: pipeline.batchMaxRows, maxWaitSeconds: pipeline.batchMaxWaitSeconds };
    if (!batchIsDue(rule, waiting, now)) {
      const dueIn = oldestPushedAt ? secondsUntilDue(rule, { ...waiting, oldestPushedAt }, now) : null;
      if (dueIn !== null) await sendFlush(queue, { pipelineId, delaySeconds: dueIn });
      return started;
    }
    const run = await startRun(db, queue, pipeline.id, pipeline.tenantId, waiting.count >= rule.maxRows ? 'batch_full' : 'batch_wait');
    if (!run) return started;
    started.push(run);
  }
}

/**
 * Sends what starts a pipeline's run once its batch is due (a push's `flush`, sent after the push
 * is answered: the answer does not depend on it; or a flush's, for the rows it left waiting).
 * Should the queue refuse it, the rows are safe and the minute sweep starts their run once overdue.
 */
export async function sendFlush(queue: Queue<BulkMessage>, flush: { pipelineId: number; delaySeconds: number }): Promise<void> {
  await queue
    .send({ type: 'pipeline_flush', pipelineId: flush.pipelineId }, { delaySeconds: flush.delaySeconds })
    .catch((error: unknown) =>
      logLine('warn', 'pipeline flush not queued; the minute sweep starts the run once overdue', { pipelineId: flush.pipelineId, error: errorText(error) }),
    );
}

/** Hands runs started where they cannot be executed (a request, the cron) to a consumer's executor. */
export async function executeLater(queue: Queue<BulkMessage>, runs: readonly RunRow[]): Promise<void> {
  await sendAll(
    queue,
    runs.map((run) => ({ type: 'pipeline_execute' as const, runId: run.id })),
  );
}

/** POST /trigger: a run now over what waits, whatever the batching rule says. */
export async function triggerRun(db: Database, queue: Queue<BulkMessage>, tenantId: string, pipelineId: number): Promise<RunRow> {
  const pipeline = await findPipeline(db, tenantId, pipelineId);
  requireActive(pipeline, 'trigger');
  const run = await startRun(db, queue, pipeline.id, tenantId, 'trigger');
  if (!run) {
    throw new ApiError('conflict', 'No rows are waiting: there is nothing for a run to take.', {
      hint: 'Push rows first; runs already started go on by themselves.',
      details: { waitingRows: 0 },
    });
  }
  await executeLater(queue, [run]);
  return run;
}

export function requireActive(pipeline: PipelineRow, action: string): void {
  if (pipeline.status === 'active') return;
  throw new ApiError('invalid_transition', `The pipeline is ${pipeline.status}; ${action} applies only to an active pipeline.`, {
    hint: 'Resume it first with POST /v1/pipelines/{pipeline_id}/resume.',
    details: { currentStatus: pipeline.status },
  });
}
