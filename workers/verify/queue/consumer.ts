import { readConfig } from '../../../shared/config';
import { createDatabase, type Database } from '../../../shared/db/client';
import { errorText, logLine } from '../../../shared/log';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { dispatchTasks } from '../bulk/dispatch';
import { bulkMessageSchema, type BulkMessage, type CheckMessage } from '../bulk/messages';
import { engineDeps } from '../checks/engine-deps';
import { smtpSessionGate } from '../checks/mx-host-gate';
import { ACK, type CheckContext, type Decision, loadBatchSuppressions, runCheck } from '../checks/run';
import { CHECKS_AT_ONCE, slots } from '../checks/slots';
import { failUnqueuedTasks, loadOpenTasks, recordDeadLetter, taskKeyText } from '../checks/task-results';
import { verifyConfigSchema } from '../config';
import { PROCESSING_RETRY_DELAY_SECONDS } from '../domain/retry-policy';
import type { VerifyBindings } from '../env';
import { deliverRun } from '../pipelines/delivery';
import { type ExecutorContext, executeRunById, flushAndExecute } from '../pipelines/execute';
import { deliverRunsOfJobs } from '../pipelines/notify';

/** The queue names wrangler.toml declares; the handler tells the two apart by them. */
export const BULK_QUEUE_NAME = 'verify-bulk-tasks';
export const DEAD_LETTER_QUEUE_NAME = 'verify-bulk-dead-letter';

/**
 * Database connections a batch may open. Its queries are short and contend for the job's row
 * anyway: a connection for each would cost more to open than its queries take (measured under
 * wrangler dev: 38 ms of writes after a batch's last check with up to one per message, 22 ms with
 * two), and an invocation has only 6 simultaneous connections, SMTP sockets included.
 */
const BATCH_DATABASE_CONNECTIONS = 2;

/**
 * The queue() handler. Check messages run CHECKS_AT_ONCE at a time over the whole batch, the next
 * starting as soon as the engine is done with one (the engine holds each SMTP session to the
 * per-host limit); the other messages at once. Each message is acknowledged or retried on its
 * own. A message that fails on our side (database, queue) is retried soon; after the consumer's
 * max_retries it goes to the dead-letter queue like a task the mail server kept deferring. The
 * queue sends the next batch only when this handler returns, so what need not delay it (closing
 * the database pool, the last lease releases reaching their gates) finishes after, in
 * `ctx.waitUntil`. Why the batch is large and its checks pooled: docs/performance.md, "The bulk path".
 */
export async function handleBulkBatch(batch: MessageBatch<unknown>, env: VerifyBindings, ctx: ExecutionContext): Promise<void> {
  const config = readConfig(verifyConfigSchema, env);
  const database = createDatabase(config, { maxConnections: BATCH_DATABASE_CONNECTIONS });
  const db = database.db;
  try {
    if (batch.queue === DEAD_LETTER_QUEUE_NAME) {
      await Promise.all(batch.messages.map((message) => settle(message, () => deadLetter(db, env, message))));
      return;
    }
    const gate = smtpSessionGate(env.MX_HOST_GATE, config.SMTP_SESSIONS_PER_MX_HOST);
    const context: BatchContext = {
      db,
      env,
      deps: engineDeps(env, { acquireSmtpSession: gate.acquire }),
      retrySchedule: config.BULK_RETRY_DELAYS_SECONDS,
      webhookPolicy: userUrlPolicy(config, { httpsOnly: true }),
      endedPipelineJobs: new Set(),
      slots: slots(CHECKS_AT_ONCE),
    };
    const messages = batch.messages.map((message) => ({ message, body: parse(message) }));
    const checks = messages.flatMap(({ message, body }) => (body?.type === 'check' ? [{ message, body }] : []));
    const others = messages.flatMap(({ message, body }) => (body?.type === 'check' ? [] : [{ message, body }]));
    try {
      await Promise.all([runChecks(context, checks), ...others.map(({ message, body }) => settle(message, () => handle(context, body)))]);
      await deliverPipelineRuns(context);
    } finally {
      ctx.waitUntil(gate.settled());
    }
  } finally {
    ctx.waitUntil(database.close().catch(() => {}));
  }
}

/** What every message of one batch shares: an executor's context and what its checks ended. */
interface BatchContext extends ExecutorContext {
  /** Pipeline jobs whose tasks ended in this batch: one delivery pass per run, not one per task. */
  endedPipelineJobs: Set<number>;
}

interface QueuedCheck {
  message: Message<unknown>;
  body: CheckMessage;
}

/**
 * The batch's checks, CHECKS_AT_ONCE at a time in the order they came. A check's place is taken
 * before its task is looked up and freed when the engine is done with it, so its result is
 * written while the next check runs. The tasks are read a chunk of CHECKS_AT_ONCE at a time (one
 * query, and the chunk's suppressions), each chunk's read begun as the chunk before starts: a
 * check never waits for a read, and a job cancelled meanwhile has its later checks dropped
 * unchecked, as when each batch held one chunk. A failed read retries its chunk's messages
 * through settle().
 */
async function runChecks(context: BatchContext, checks: readonly QueuedCheck[]): Promise<void> {
  const places = slots(CHECKS_AT_ONCE);
  const chunks: QueuedCheck[][] = [];
  for (let start = 0; start < checks.length; start += CHECKS_AT_ONCE) chunks.push(checks.slice(start, start + CHECKS_AT_ONCE));
  const running: Promise<void>[] = [];
  let nextRead = chunks[0] && readChunk(context.db, chunks[0]);
  for (const [index, chunk] of chunks.entries()) {
    const read = nextRead!;
    for (const [offset, { message, body }] of chunk.entries()) {
      await places.acquire();
      const following = chunks[index + 1];
      if (offset === 0 && following) nextRead = readChunk(context.db, following);
      let held = true;
      const free = () => {
        if (!held) return;
        held = false;
        places.release();
      };
      const checkContext: CheckContext = { db: context.db, deps: context.deps, retrySchedule: context.retrySchedule, ...read, engineDone: free };
      running.push(settle(message, () => check(context, checkContext, body, message.attempts)).finally(free));
    }
  }
  await Promise.all(running);
}

type ChunkReads = Pick<CheckContext, 'openTasks' | 'suppressions'>;

function readChunk(db: Database, chunk: readonly QueuedCheck[]): ChunkReads {
  const openTasks = loadOpenTasks(
    db,
    chunk.map(({ body }) => body),
  );
  const suppressions = loadBatchSuppressions(db, openTasks);
  openTasks.catch(() => {});
  suppressions.catch(() => {});
  return { openTasks, suppressions };
}

async function settle(message: Message<unknown>, run: () => Promise<Decision>): Promise<void> {
  let decision: Decision;
  try {
    decision = await run();
  } catch (error) {
    logLine('error', 'bulk message failed; retrying', { id: message.id, attempts: message.attempts, error: errorText(error) });
    decision = { ack: false, delaySeconds: PROCESSING_RETRY_DELAY_SECONDS };
  }
  if (decision.ack) message.ack();
  else message.retry({ delaySeconds: decision.delaySeconds });
}

function parse(message: Message<unknown>): BulkMessage | null {
  const parsed = bulkMessageSchema.safeParse(message.body);
  if (!parsed.success) logLine('warn', 'dropping a message that is not a bulk message', { id: message.id });
  return parsed.success ? parsed.data : null;
}

/** A message other than a check: a dispatch, or a pipeline's. */
async function handle(context: BatchContext, body: Exclude<BulkMessage, CheckMessage> | null): Promise<Decision> {
  if (!body) return ACK;
  if (body.type === 'dispatch') {
    const result = await dispatchTasks(context.db, context.env.BULK_QUEUE, body);
    return result === 'dispatched' ? ACK : { ack: false, delaySeconds: PROCESSING_RETRY_DELAY_SECONDS };
  }
  if (body.type === 'pipeline_flush') {
    await flushAndExecute(context, body.pipelineId);
    return ACK;
  }
  if (body.type === 'pipeline_execute') {
    await executeRunById(context, body.runId);
    return ACK;
  }
  if (body.type === 'pipeline_deliver') {
    await deliverRun(context.db, context.env.BULK_QUEUE, context.webhookPolicy, body.runId);
  }
  return ACK;
}

async function check(context: BatchContext, checkContext: CheckContext, body: CheckMessage, attempt: number): Promise<Decision> {
  const decision = await runCheck(checkContext, body, attempt);
  const task = (await checkContext.openTasks).get(taskKeyText(body));
  // A pipeline's task that ended: its rows are delivered once the batch is done.
  if (decision.ack && task?.kind === 'pipeline') context.endedPipelineJobs.add(task.jobId);
  return decision;
}

/**
 * One delivery pass, here, for each pipeline run that had tasks end in the batch. Its messages
 * are settled already; should this fail, the minute cron (pipelines/sweep.ts) delivers those rows.
 */
async function deliverPipelineRuns(context: BatchContext): Promise<void> {
  if (context.endedPipelineJobs.size === 0) return;
  try {
    await deliverRunsOfJobs(context.db, context.env.BULK_QUEUE, context.webhookPolicy, [...context.endedPipelineJobs]);
  } catch (error) {
    logLine('warn', 'pipeline runs not delivered; the sweep delivers their rows', { jobIds: [...context.endedPipelineJobs], error: errorText(error) });
  }
}

async function deadLetter(db: Database, env: VerifyBindings, message: Message<unknown>): Promise<Decision> {
  const body = parse(message);
  if (!body) return ACK;
  if (body.type === 'pipeline_flush' || body.type === 'pipeline_execute' || body.type === 'pipeline_deliver') {
    // The minute cron (pipelines/sweep.ts) finds what such a message was for and does it.
    logLine('warn', 'pipeline message dead-lettered', { ...body });
    return ACK;
  }
  if (body.type === 'dispatch') {
    const failed = await failUnqueuedTasks(db, body.jobId, body.from, body.to);
    // A dispatch whose job is gone (a list deleted with its jobs, a create rolled back) fails
    // nothing and loses nothing: only one that failed tasks is worth a line in the log.
    if (failed > 0) logLine('warn', 'dispatch dead-lettered', { jobId: body.jobId, from: body.from, to: body.to, failedTasks: failed });
    return ACK;
  }
  if (await recordDeadLetter(db, body.jobId, body.position)) {
    await deliverRunsOfJobs(db, env.BULK_QUEUE, userUrlPolicy(readConfig(verifyConfigSchema, env), { httpsOnly: true }), [body.jobId]);
  }
  return ACK;
}
