import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Entitlement } from '../../../shared/auth/principal';
import type { Database, Executor } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, type JobKind } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { acceptWithin } from '../domain/credits';
import { distinctAddresses } from '../domain/addresses';
import { allowedFrom, openTaskStatuses, retryableTaskStatuses, transition, type JobAction, type JobStatus } from '../domain/job-status';
import type { CheckEmailRequest } from '../engine/output';
import { readSettings } from '../settings/settings';
import { reserveCredits, returnCredits } from './credits';
import { recordJobEvent } from './events';
import type { JobRow } from './job-view';
import { dispatchMessages, sendAll, type BulkMessage } from './messages';

/** The plan feature bulk jobs and reverification runs need (find_email has a feature of its own). */
export const bulkFeature = { feature: 'bulk', minimumPlan: 'starter' } as const;

/** Distinct addresses one job may hold; larger lists are split into several jobs. */
export const MAX_JOB_ADDRESSES = 50_000;

/** The check options every task of a job runs with. */
export type JobCheckOptions = Omit<CheckEmailRequest, 'to_email'>;

export interface NewJob {
  tenantId: string;
  createdBy: string;
  apiKeyId: string | null;
  entitlement: Entitlement;
  requestId?: string;
  kind: JobKind;
  /** As submitted, repeats included; find_email candidates carry their pattern. */
  addresses: readonly { email: string; pattern?: string }[];
  options: JobCheckOptions;
  /** The job's own webhook (already checked against the SSRF guard); null uses the tenant's default. */
  webhookUrl: string | null;
  allowPartial: boolean;
  finder?: { first_name: string; last_name: string | null; domain: string };
  /** The create's Idempotency-Key: kept on the job, so a retry after a lost answer gets this job back. */
  idempotency?: IdempotentRequest;
}

/**
 * Creates a job: takes its credits (sandbox jobs take none), then in one transaction writes the
 * job, one task per distinct address, the `job.created` event, and sends the dispatch messages
 * that queue the tasks. If anything fails the credits are returned and nothing remains.
 *
 * With an Idempotency-Key, a job an earlier attempt under the key made is returned instead, taking
 * nothing. (When that attempt's commit was lost with the database, it returned its credits too:
 * such a job runs uncharged, the caller's favour rather than a double charge.)
 */
export async function createJob(db: Database, queue: Queue<BulkMessage>, input: NewJob): Promise<JobRow> {
  const earlier = input.idempotency && (await findIdempotentJob(db, input.tenantId, input.idempotency));
  if (earlier) return earlier;
  const { unique, duplicates } = distinctAddresses(input.addresses.map((address) => address.email));
  if (unique.length > MAX_JOB_ADDRESSES) {
    throw new ApiError('validation_failed', `A job holds at most ${MAX_JOB_ADDRESSES} distinct addresses; this one has ${unique.length}.`, {
      hint: 'Split the list into several jobs.',
      details: { field: 'input', limit: MAX_JOB_ADDRESSES },
    });
  }
  const patternOf = new Map(input.addresses.map((address) => [address.email.trim().toLowerCase(), address.pattern ?? null]));
  const webhookUrl = await effectiveWebhook(db, input.tenantId, input.webhookUrl);
  const reserved = input.options.sandbox
    ? unique.length
    : await reserveCredits(db, {
        tenantId: input.tenantId,
        entitlement: input.entitlement,
        amount: unique.length,
        allowPartial: input.allowPartial,
        apiKeyId: input.apiKeyId,
        requestId: input.requestId,
      });
  const { accepted, skipped } = acceptWithin(unique, reserved);
  const credits = input.options.sandbox
    ? { creditsPeriodStart: null, creditsPeriodEnd: null }
    : { creditsPeriodStart: new Date(input.entitlement.periodStart!), creditsPeriodEnd: new Date(input.entitlement.periodEnd!) };
  try {
    // Interactive: the tasks and the credit reservation name the job id the insert returned.
    return await db.interactive(async (tx) => {
      if (input.idempotency)
        await tx
          .update(bulkJobs)
          .set({ idempotencyKey: null })
          .where(expiredHolders(jobKeys, input.tenantId, input.idempotency));
      const [job] = await tx
        .insert(bulkJobs)
        .values({
          tenantId: input.tenantId,
          kind: input.kind,
          sandbox: input.options.sandbox,
          options: input.options,
          finder: input.finder,
          webhookUrl,
          submitted: input.addresses.length,
          duplicates,
          skipped: skipped.length,
          total: accepted.length,
          ...credits,
          createdBy: input.createdBy,
          idempotencyKey: input.idempotency?.key ?? null,
          idempotencyFingerprint: input.idempotency?.fingerprint ?? null,
        })
        .returning();
      const tasks = [...accepted.map((email) => ({ email, status: 'pending' })), ...skipped.map((email) => ({ email, status: 'skipped' }))].map(
        (task, position) => ({
          position,
          email: task.email,
          pattern: patternOf.get(task.email.toLowerCase()) ?? null,
          status: task.status,
        }),
      );
      // One statement for the whole list, whatever its size.
      await tx.execute(sql`
        insert into ${bulkTasks} (job_id, position, tenant_id, email, pattern, status)
        select ${job!.id}, t.position, ${input.tenantId}, t.email, t.pattern, t.status
        from jsonb_to_recordset(${JSON.stringify(tasks)}::jsonb) as t(position int, email text, pattern text, status text)`);
      await recordJobEvent(tx, job!, 'job.created');
      // Sent inside the transaction: if sending fails nothing is committed. A dispatch that arrives
      // before the commit finds no job yet and is retried (see dispatch.ts).
      await sendAll(queue, dispatchMessages(job!.id, accepted.length));
      return job!;
    });
  } catch (error) {
    if (credits.creditsPeriodStart) await returnCredits(db, { tenantId: input.tenantId, ...credits }, reserved);
    throw error;
  }
}

const jobKeys = { owner: bulkJobs.tenantId, key: bulkJobs.idempotencyKey, createdAt: bulkJobs.createdAt };

/** The job an earlier create under this key made, within the idempotency window; another request under the key is a 422. */
async function findIdempotentJob(db: Database, tenantId: string, request: IdempotentRequest): Promise<JobRow | undefined> {
  const [earlier] = await db
    .select()
    .from(bulkJobs)
    .where(earlierCreate(jobKeys, tenantId, request));
  return replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, request);
}

/** The job's own webhook, else the tenant's default; a job's own webhook needs a signing secret to sign with. */
async function effectiveWebhook(db: Database, tenantId: string, jobWebhook: string | null): Promise<string | null> {
  const settings = await readSettings(db, tenantId);
  if (jobWebhook && !settings?.webhookSigningSecret) {
    throw new ApiError('validation_failed', 'webhook_url needs a signing secret: every delivery is signed.', {
      hint: 'Set one first with PATCH /v1/me/webhook {"signing_secret": "…"}.',
      details: { field: 'webhook_url' },
    });
  }
  return jobWebhook ?? settings?.defaultWebhookUrl ?? null;
}

/** A job of the tenant; another tenant's job, or one of another kind, is 404. */
export async function findJob(db: Executor, tenantId: string, jobId: number, kind?: JobKind): Promise<JobRow> {
  const [job] = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.tenantId, tenantId), kind ? eq(bulkJobs.kind, kind) : undefined));
  if (!job) throw new ApiError('not_found', `No job ${jobId} in this workspace.`, { hint: 'Check the job_id returned when the job was created.' });
  return job;
}

function requireTransition(job: JobRow, action: JobAction): void {
  const result = transition(job.status as JobStatus, action);
  if (!result.ok) throw invalidTransition(job, result.reason);
}

function invalidTransition(job: JobRow, reason: string): ApiError {
  return new ApiError('invalid_transition', reason, { hint: 'Read the job to see where it is.', details: { currentStatus: job.status } });
}

/**
 * Cancels a queued or running job: its open tasks are cancelled and their credits returned;
 * a check already running writes nothing, since only open tasks take results. A second cancel,
 * or one of a finished job, is 409.
 */
export async function cancelJob(db: Database, tenantId: string, jobId: number): Promise<{ job: JobRow; cancelledTasks: number }> {
  // Interactive: the job is read and its transition checked, then the counters move by the tasks cancelled.
  return db.interactive(async (tx) => {
    const job = await findJob(tx, tenantId, jobId);
    requireTransition(job, 'cancel');
    const now = new Date();
    // Tasks before the job row: the order every writer locks in, so cancel and results never deadlock.
    const cancelled = await tx
      .update(bulkTasks)
      .set({ status: 'cancelled', nextAttemptAt: null, updatedAt: now })
      .where(and(eq(bulkTasks.jobId, jobId), inArray(bulkTasks.status, [...openTaskStatuses])))
      .returning({ position: bulkTasks.position });
    const [updated] = await tx
      .update(bulkJobs)
      .set({ status: 'cancelled', cancelled: sql`${bulkJobs.cancelled} + ${cancelled.length}`, cancelledAt: now, finishedAt: now, updatedAt: now })
      .where(and(eq(bulkJobs.id, jobId), inArray(bulkJobs.status, [...allowedFrom('cancel')])))
      .returning();
    if (!updated) throw invalidTransition(job, 'The job finished while it was being cancelled.');
    await returnCredits(tx, updated, cancelled.length);
    await recordJobEvent(tx, updated, 'job.cancelled', { cancelled_tasks: cancelled.length });
    return { job: updated, cancelledTasks: cancelled.length };
  });
}

export interface RetryResult {
  job: JobRow;
  retried: number;
  failed: number;
  deadLettered: number;
}

/**
 * Queues a job's failed and dead-lettered tasks again. Their credits are taken again first (they
 * were returned when the tasks ended): a retry the quota cannot cover is 429 and changes nothing.
 */
export async function retryJob(
  db: Database,
  queue: Queue<BulkMessage>,
  request: { tenantId: string; jobId: number; entitlement: Entitlement; apiKeyId: string | null; requestId?: string },
): Promise<RetryResult> {
  const job = await findJob(db, request.tenantId, request.jobId);
  requireTransition(job, 'retry');
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bulkTasks)
    .where(and(eq(bulkTasks.jobId, job.id), inArray(bulkTasks.status, [...retryableTaskStatuses])));
  const expected = counted?.count ?? 0;
  if (expected === 0) throw invalidTransition(job, 'The job has no failed or dead-lettered tasks to retry.');
  const credits = job.sandbox
    ? { creditsPeriodStart: null, creditsPeriodEnd: null }
    : { creditsPeriodStart: new Date(request.entitlement.periodStart!), creditsPeriodEnd: new Date(request.entitlement.periodEnd!) };
  if (!job.sandbox) {
    await reserveCredits(db, {
      tenantId: job.tenantId,
      entitlement: request.entitlement,
      amount: expected,
      allowPartial: false,
      apiKeyId: request.apiKeyId,
      requestId: request.requestId,
    });
  }
  try {
    // Interactive: the counters move by exactly the tasks the locked update reopened.
    return await db.interactive(async (tx) => {
      const now = new Date();
      // The tasks' statuses before the update, to move the job's counters by exactly what reopened.
      const reopened = await tx.execute<{ previous: string }>(sql`
        update ${bulkTasks} as task
        set status = 'pending', error = null, next_attempt_at = null, queued_at = null, completed_at = null, attempts = 0, updated_at = ${now.toISOString()}::timestamptz
        from (
          select position, status from ${bulkTasks}
          where job_id = ${job.id} and status in ('failed', 'dead_lettered')
          for update
        ) as before
        where task.job_id = ${job.id} and task.position = before.position
        returning before.status as previous`);
      const failed = reopened.rows.filter((row) => row.previous === 'failed').length;
      const deadLettered = reopened.rows.length - failed;
      const [updated] = await tx
        .update(bulkJobs)
        .set({
          status: 'running',
          failed: sql`${bulkJobs.failed} - ${failed}`,
          deadLettered: sql`${bulkJobs.deadLettered} - ${deadLettered}`,
          processed: sql`${bulkJobs.processed} - ${reopened.rows.length}`,
          finishedAt: null,
          ...credits,
          updatedAt: now,
        })
        .where(and(eq(bulkJobs.id, job.id), inArray(bulkJobs.status, [...allowedFrom('retry')])))
        .returning();
      if (!updated) throw invalidTransition(job, 'The job was cancelled while it was being retried.');
      // A task that ended between counting and reopening was reopened without its credit taken; one
      // that was reopened elsewhere meanwhile had its credit taken twice: give that back.
      await returnCredits(tx, updated, expected - reopened.rows.length);
      await recordJobEvent(tx, updated, 'job.retried', { retried_tasks: reopened.rows.length, failed_tasks: failed, dead_lettered_tasks: deadLettered });
      await sendAll(queue, dispatchMessages(job.id, job.total));
      return { job: updated, retried: reopened.rows.length, failed, deadLettered };
    });
  } catch (error) {
    await returnCredits(db, { tenantId: job.tenantId, ...credits }, expected);
    throw error;
  }
}
