import type { Database } from '../../../shared/db/client';
import { errorText, logLine } from '../../../shared/log';
import type { CheckMessage } from '../bulk/messages';
import { checkRetryDelaySeconds, checkRetrySchedule } from '../domain/retry-policy';
import { type CheckEmailDeps, type CheckOutcome, checkEmail } from '../engine/check-email';
import { type CheckEmailRequest, checkEmailRequestSchema } from '../engine/output';
import { loadSuppressionIndex } from '../suppressions/suppressions';
import { MxHostBusyError } from './mx-host-gate';
import { type OpenTask, recordDeferredAttempt, recordTaskFailure, taskKeyText, writeTaskResult } from './task-results';

/** What a queued check's message is answered with: acknowledged, or retried after a delay. */
export type Decision = { ack: true } | { ack: false; delaySeconds: number };
export const ACK: Decision = { ack: true };

/** What a check of a task reads: the engine, its retry schedule and the reads its batch shares. */
export interface CheckContext {
  db: Database;
  deps: CheckEmailDeps;
  /** BULK_RETRY_DELAYS_SECONDS; sandbox jobs follow their own (checkRetrySchedule). */
  retrySchedule: readonly number[];
  /** The batch's open tasks, by taskKeyText. */
  openTasks: Promise<Map<string, OpenTask>>;
  /** The suppressions that could match the batch's addresses, by tenant: read while the checks run. */
  suppressions: Promise<Map<string, SuppressionIndex>>;
  /**
   * Told when the engine is done with the check, before its result is written: a caller that
   * holds the check's place frees it then, so the next check runs while this one writes.
   */
  engineDone?: () => void;
}

type SuppressionIndex = Awaited<ReturnType<typeof loadSuppressionIndex>>;

/** One suppression read per tenant of the batch (a batch mixes jobs, so tenants). */
export async function loadBatchSuppressions(db: Database, openTasks: Promise<Map<string, OpenTask>>): Promise<Map<string, SuppressionIndex>> {
  const addresses = new Map<string, string[]>();
  for (const task of (await openTasks).values()) {
    const list = addresses.get(task.tenantId) ?? [];
    list.push(task.email);
    addresses.set(task.tenantId, list);
  }
  return new Map(await Promise.all([...addresses].map(async ([tenantId, emails]) => [tenantId, await loadSuppressionIndex(db, tenantId, emails)] as const)));
}

/**
 * One check of a task and what follows from its outcome. `started` is a check of the same request
 * begun before the task existed (a pipeline executor's, pipelines/execute.ts): its outcome is
 * taken as this check's.
 */
export async function runCheck(
  { db, deps, retrySchedule, openTasks, suppressions, engineDone }: CheckContext,
  body: CheckMessage,
  attempt: number,
  started?: (request: CheckEmailRequest) => Promise<CheckOutcome> | null,
): Promise<Decision> {
  const task = (await openTasks).get(taskKeyText(body));
  if (!task) return ACK;
  const request = checkEmailRequestSchema.parse({ ...task.options, to_email: task.email });
  const schedule = checkRetrySchedule(request, retrySchedule);
  const checking = started?.(request) ?? checkEmail(request, deps);
  if (engineDone) checking.then(engineDone, engineDone);
  let outcome: CheckOutcome;
  try {
    outcome = await checking;
  } catch (error) {
    // Every MX host of the domain was busy past the wait: nothing was asked, so ask later.
    if (error instanceof MxHostBusyError) return { ack: false, delaySeconds: checkRetryDelaySeconds(schedule, attempt) };
    logLine('warn', 'check failed', { jobId: body.jobId, position: body.position, error: errorText(error) });
    await recordTaskFailure(db, task, `The check could not run: ${errorText(error)}`);
    return ACK;
  }
  if (outcome.retryable && outcome.output.is_reachable === 'unknown') {
    const delaySeconds = checkRetryDelaySeconds(schedule, attempt);
    await recordDeferredAttempt(db, task, outcome, delaySeconds);
    return { ack: false, delaySeconds };
  }
  const suppressed = (await suppressions).get(task.tenantId)?.match(task.email, outcome.output.provider) ?? null;
  await writeTaskResult(db, task, { ...outcome, output: { ...outcome.output, suppressed } });
  return ACK;
}
