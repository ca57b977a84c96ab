import { eq, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { createDatabase, type Database } from '../../../shared/db/client';
import { bulkTasks, pipelineRuns } from '../../../shared/db/schema';
import { type UrlPolicy, userUrlPolicy } from '../../../shared/net/ssrf';
import type { CheckMessage } from '../bulk/messages';
import { engineDeps } from '../checks/engine-deps';
import { smtpSessionGate } from '../checks/mx-host-gate';
import { type CheckContext, loadBatchSuppressions, runCheck } from '../checks/run';
import { CHECKS_AT_ONCE, type Slots, slots } from '../checks/slots';
import { loadOpenTasks } from '../checks/task-results';
import { verifyConfigSchema } from '../config';
import { openTaskStatuses } from '../domain/job-status';
import { PROCESSING_RETRY_DELAY_SECONDS } from '../domain/retry-policy';
import { type CheckEmailDeps, type CheckOutcome, checkEmail } from '../engine/check-email';
import { type CheckEmailRequest, checkEmailRequestSchema } from '../engine/output';
import type { VerifyBindings } from '../env';
import { deliverRun } from './delivery';
import { flushPipeline } from './runs';
import { errorText, logLine } from '../../../shared/log';

/**
 * The pipeline executor: a run's checks and deliveries in one place, so that a row crosses the
 * queue only when it must wait. It claims tasks by `queued_at`, the mark a dispatch sets, so the
 * two never take the same task. How a run flows: docs/verify/pipelines.md, "How a run is executed".
 */

/**
 * Database connections an executor opens: its checks' writes and its delivery passes go on side
 * by side for the whole run, so it opens more than a queue batch's two and keeps them.
 */
const EXECUTOR_DATABASE_CONNECTIONS = 4;
/** A due run this small is executed by the push that made it due, after answering; larger ones by a consumer. */
export const INLINE_RUN_ROWS = CHECKS_AT_ONCE;

/** What an executor runs its checks and deliveries with (a queue batch hands its own over). */
export interface ExecutorContext {
  db: Database;
  env: VerifyBindings;
  deps: CheckEmailDeps;
  /** BULK_RETRY_DELAYS_SECONDS; sandbox jobs follow their own (checkRetrySchedule). */
  retrySchedule: readonly number[];
  /** Where pipeline deliveries may go (the SSRF guard). */
  webhookPolicy: UrlPolicy;
  /** The places the pipeline runs of one invocation share. */
  slots: Slots;
}

/** A claimed set of tasks: the executor's context and the reads its checks share. */
type ExecutorBatch = ExecutorContext & CheckContext;

/** Delivery passes of one run, one at a time; a request during a pass asks for one more after it. */
function deliveryPasses(pass: () => Promise<unknown>) {
  let wanted = false;
  let running: Promise<void> | null = null;
  const loop = async () => {
    while (wanted) {
      wanted = false;
      try {
        await pass();
      } catch (error) {
        // The rows stay ready: the next pass, or the minute sweep, delivers them.
        logLine('warn', 'pipeline delivery pass failed', { error: errorText(error) });
      }
    }
    running = null;
  };
  return {
    request() {
      wanted = true;
      running ??= loop();
    },
    async settled() {
      while (running) await running;
    },
  };
}

/** Marks up to `limit` open, unclaimed tasks of the job claimed, lowest positions first. */
async function claimTasks(context: ExecutorContext, jobId: number, limit: number): Promise<number[]> {
  const open = sql.join(
    openTaskStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const claimed = await context.db.execute<{ position: number }>(sql`
    update ${bulkTasks} set queued_at = now()
    where job_id = ${jobId} and position in (
      select position from ${bulkTasks}
      where job_id = ${jobId} and status in (${open}) and queued_at is null
      order by position limit ${limit} for update skip locked)
    returning position`);
  return claimed.rows.map((row) => row.position).sort((a, b) => a - b);
}

/**
 * Checks every task of the run's job no one else has taken, and delivers the run's rows as they
 * end; returns when its checks have ended and a last delivery pass is done.
 */
export async function executeRun(context: ExecutorContext, run: { id: number; jobId: number | null }, started?: EarlyChecks): Promise<void> {
  const deliveries = deliveryPasses(() => deliverRun(context.db, context.env.BULK_QUEUE, context.webhookPolicy, run.id));
  const checks = new Set<Promise<void>>();
  if (run.jobId !== null) {
    const jobId = run.jobId;
    for (;;) {
      const positions = await claimTasks(context, jobId, CHECKS_AT_ONCE);
      if (positions.length === 0) break;
      const bodies: CheckMessage[] = positions.map((position) => ({ type: 'check', jobId, position }));
      const openTasks = loadOpenTasks(context.db, bodies);
      const batch: ExecutorBatch = { ...context, openTasks, suppressions: loadBatchSuppressions(context.db, openTasks) };
      batch.openTasks.catch(() => {});
      batch.suppressions.catch(() => {});
      for (const body of bodies) {
        await context.slots.acquire();
        const check = checkOne(batch, body, deliveries.request, started).finally(() => {
          context.slots.release();
          checks.delete(check);
        });
        checks.add(check);
      }
    }
    await Promise.all(checks);
  }
  // Rows ended without a check (credits ran out), or by other hands, go out too.
  deliveries.request();
  await deliveries.settled();
}

/** Runs `work` on a database of the executor's own, closed after. */
async function withExecutorDatabase<T>(context: Omit<ExecutorContext, 'db'>, work: (context: ExecutorContext) => Promise<T>): Promise<T> {
  const config = readConfig(verifyConfigSchema, context.env);
  const database = createDatabase(config, { maxConnections: EXECUTOR_DATABASE_CONNECTIONS });
  try {
    return await work({ ...context, db: database.db });
  } finally {
    await database.close().catch(() => {});
  }
}

/** The `pipeline_execute` message: a run started elsewhere (a trigger, the cron); a deleted run is nothing to do. */
export async function executeRunById(context: Omit<ExecutorContext, 'db'>, runId: number): Promise<void> {
  await withExecutorDatabase(context, async (own) => {
    const [run] = await own.db.select({ id: pipelineRuns.id, jobId: pipelineRuns.jobId }).from(pipelineRuns).where(eq(pipelineRuns.id, runId));
    if (run) await executeRun(own, run);
  });
}

/** The `pipeline_flush` message: the runs the waiting rows make due, executed here. */
export async function flushAndExecute(context: Omit<ExecutorContext, 'db'>, pipelineId: number, started?: EarlyChecks): Promise<void> {
  await withExecutorDatabase(context, async (own) => {
    const runs = await flushPipeline(own.db, own.env.BULK_QUEUE, pipelineId);
    await Promise.all(runs.map((run) => executeRun(own, run, started)));
  });
}

/**
 * Checks begun before their tasks exist, by address: the run's first checks then overlap its
 * start (credits, job, tasks). A task takes one only if its request is the same (a pipeline
 * changed meanwhile checks again), and only once; an early check no task takes, because the
 * credits ran out or another run took the row, is left unused.
 */
export type EarlyChecks = (request: CheckEmailRequest) => Promise<CheckOutcome> | null;

function beginChecks(deps: CheckEmailDeps, emails: readonly string[], options: Record<string, unknown>): EarlyChecks {
  const begun = new Map<string, { request: string; outcome: Promise<CheckOutcome> }>();
  for (const email of emails) {
    const request = checkEmailRequestSchema.parse({ ...options, to_email: email });
    const outcome = checkEmail(request, deps);
    outcome.catch(() => {});
    begun.set(email, { request: JSON.stringify(request), outcome });
  }
  return (request) => {
    const early = begun.get(request.to_email);
    if (!early || early.request !== JSON.stringify(request)) return null;
    begun.delete(request.to_email);
    return early.outcome;
  };
}

async function checkOne(batch: ExecutorBatch, body: CheckMessage, ended: () => void, started?: EarlyChecks): Promise<void> {
  let delaySeconds: number;
  try {
    const decision = await runCheck(batch, body, 1, started);
    if (decision.ack) {
      ended();
      return;
    }
    delaySeconds = decision.delaySeconds;
  } catch (error) {
    logLine('warn', 'pipeline check failed; queued again', { jobId: body.jobId, position: body.position, error: errorText(error) });
    delaySeconds = PROCESSING_RETRY_DELAY_SECONDS;
  }
  try {
    await batch.env.BULK_QUEUE.send(body, { delaySeconds });
  } catch (error) {
    logLine('warn', 'pipeline check not queued; the sweep queues it', { jobId: body.jobId, position: body.position, error: errorText(error) });
  }
}

/**
 * What a push whose small batch is due at once starts after answering (ctx.waitUntil): the checks
 * of its addresses at once, and beside them the run, executed here. Should this die before the run
 * starts, the minute sweep starts it once the batch is overdue (pipelines/sweep.ts).
 */
export async function executeDueRuns(
  env: VerifyBindings,
  pushed: { pipelineId: number; emails: readonly string[]; options: Record<string, unknown> },
): Promise<void> {
  // Called from the push's handler, everything here up to the first real wait (the checks' syntax,
  // look-ups already cached) would run before the handler hands its answer back. Yielding the turn
  // hands it back first: a one-row push's acknowledgement 19–20 → 17 ms (bench/RESULTS.md,
  // pipelines). The answer may still be on its way out while the run's first statements go.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const config = readConfig(verifyConfigSchema, env);
  const gate = smtpSessionGate(env.MX_HOST_GATE, config.SMTP_SESSIONS_PER_MX_HOST);
  try {
    const deps = engineDeps(env, { acquireSmtpSession: gate.acquire });
    const started = beginChecks(deps, pushed.emails, pushed.options);
    const context: Omit<ExecutorContext, 'db'> = {
      env,
      deps,
      retrySchedule: config.BULK_RETRY_DELAYS_SECONDS,
      webhookPolicy: userUrlPolicy(config, { httpsOnly: true }),
      slots: slots(CHECKS_AT_ONCE),
    };
    await flushAndExecute(context, pushed.pipelineId, started);
  } catch (error) {
    logLine('warn', 'pipeline run not executed at push; the sweep starts it', { pipelineId: pushed.pipelineId, error: errorText(error) });
  } finally {
    await gate.settled();
  }
}
