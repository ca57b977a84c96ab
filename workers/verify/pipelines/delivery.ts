import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkTasks, pipelineDeliveries, pipelineRows, pipelineRuns, pipelines, tenantSettings } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import { sendSignedWebhook } from '../../../shared/webhooks/send';
import { attemptRecord, attemptResult, dueSql, type AttemptResult } from '../../../shared/webhooks/retry';
import { WEBHOOK_RETRIES } from '../domain/retry-policy';
import type { BulkMessage } from '../bulk/messages';
import { appendPipelineRows } from '../lists/append';
import { logLine } from '../../../shared/log';

/** Rows one webhook delivery carries at most. */
export const MAX_DELIVERY_ROWS = 500;
/** A delivery whose sender died loses its claim after this long and is sent again. */
const CLAIM_MS = 2 * 60_000;
/** Task statuses that end a row's verification. */
const endedTasks = sql`('done', 'failed', 'dead_lettered', 'skipped', 'cancelled')`;

type DeliveryRow = typeof pipelineDeliveries.$inferSelect;

export interface DeliveryOutcome {
  packaged: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * The `pipeline_deliver` message (sent as a run's tasks end, on resume, and for retries): packs the
 * run's rows whose verification has ended into deliveries, then sends every delivery of the run
 * that is due. A row enters exactly one delivery: the UPDATE that claims it matches only
 * `verifying` rows, and locks them, so concurrent handlers split the rows between them. Each
 * delivery keeps its `Webhook-Id` across attempts, so a receiver can drop a repeat. A paused
 * pipeline delivers nothing; resume sends this message again.
 */
export async function deliverRun(db: Database, queue: Queue<BulkMessage>, policy: UrlPolicy, runId: number, now: Date = new Date()): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { packaged: 0, delivered: 0, retrying: 0, failed: 0 };
  const [found] = await db
    .select({ run: pipelineRuns, pipeline: pipelines })
    .from(pipelineRuns)
    .innerJoin(pipelines, eq(pipelines.id, pipelineRuns.pipelineId))
    .where(eq(pipelineRuns.id, runId));
  if (found?.pipeline.status !== 'active') return outcome;
  const { run, pipeline } = found;
  for (;;) {
    const packed = await packReadyRows(db, pipeline, run.id, now);
    outcome.packaged += packed;
    if (packed < MAX_DELIVERY_ROWS) break;
  }
  const due = await db
    .select({ id: pipelineDeliveries.id })
    .from(pipelineDeliveries)
    .where(and(eq(pipelineDeliveries.runId, run.id), dueSql(pipelineDeliveries, now)))
    .orderBy(asc(pipelineDeliveries.createdAt));
  for (const { id } of due) {
    const result = await sendDelivery(db, queue, policy, id, now);
    if (result) outcome[result] += 1;
  }
  return outcome;
}

/**
 * Moves up to MAX_DELIVERY_ROWS ended rows of the run on: suppressed ones out when the policy is
 * `drop`; the rest into a new delivery, or straight to `delivered` when the pipeline has no
 * webhook (their results are read from the run and /v1/query), and appended to the pipeline's
 * list in the same transaction: only the transaction that moves a row out of `verifying` appends
 * it, so a repeated pass or a retried batch appends nothing twice. Returns the rows moved.
 */
async function packReadyRows(db: Database, pipeline: typeof pipelines.$inferSelect, runId: number, now: Date): Promise<number> {
  // Interactive: rows are claimed with SKIP LOCKED and the counts moved decide the delivery.
  return db.interactive(async (tx) => {
    // Each statement reads afresh: a suppressed row whose check ends between the two below must
    // not slip into the second, so under `drop` it never matches there.
    const ready = sql`select r.id from ${pipelineRows} r join ${bulkTasks} t on t.job_id = r.job_id and t.position = r.position
      where r.run_id = ${runId} and r.status = 'verifying' and t.status in ${endedTasks}
        ${pipeline.suppressedPolicy === 'drop' ? sql`and t.result->>'suppressed' is null` : sql``}`;
    const suppressedReady = sql`select r.id from ${pipelineRows} r join ${bulkTasks} t on t.job_id = r.job_id and t.position = r.position
      where r.run_id = ${runId} and r.status = 'verifying' and t.status in ${endedTasks} and t.result->>'suppressed' is not null`;
    let moved = 0;
    if (pipeline.suppressedPolicy === 'drop') {
      const dropped = await tx.execute(sql`
        update ${pipelineRows} set status = 'dropped', finished_at = ${now.toISOString()}::timestamptz
        where id in (${suppressedReady} order by r.id limit ${MAX_DELIVERY_ROWS} for update of r skip locked)
          and status = 'verifying'`);
      moved += dropped.rowCount ?? 0;
    }
    const append = async (rows: readonly { id: number }[]) => {
      if (pipeline.appendListId !== null) {
        await appendPipelineRows(
          tx,
          { listId: pipeline.appendListId, tenantId: pipeline.tenantId },
          rows.map((row) => Number(row.id)),
        );
      }
    };
    if (!pipeline.webhookUrl) {
      const done = await tx.execute<{ id: number }>(sql`
        update ${pipelineRows} set status = 'delivered', finished_at = ${now.toISOString()}::timestamptz
        where id in (${ready} order by r.id limit ${MAX_DELIVERY_ROWS - moved} for update of r skip locked) and status = 'verifying'
        returning id`);
      await append(done.rows);
      return moved + done.rows.length;
    }
    const deliveryId = newId('pld');
    const packed = await tx.execute<{ id: number }>(sql`
      update ${pipelineRows} set status = 'delivering', delivery_id = ${deliveryId}
      where id in (${ready} order by r.id limit ${MAX_DELIVERY_ROWS - moved} for update of r skip locked) and status = 'verifying'
      returning id`);
    const count = packed.rows.length;
    await append(packed.rows);
    if (count > 0) {
      await tx
        .insert(pipelineDeliveries)
        .values({ id: deliveryId, pipelineId: pipeline.id, runId, tenantId: pipeline.tenantId, url: pipeline.webhookUrl, rows: count, nextAttemptAt: now });
    }
    return moved + count;
  });
}

/** One attempt of one delivery, if it can be claimed; null when another sender holds it or it has ended. */
async function sendDelivery(
  db: Database,
  queue: Queue<BulkMessage>,
  policy: UrlPolicy,
  deliveryId: string,
  now: Date,
): Promise<'delivered' | 'retrying' | 'failed' | null> {
  const [delivery] = await db
    .update(pipelineDeliveries)
    .set({ status: 'delivering', attempts: sql`${pipelineDeliveries.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(pipelineDeliveries.id, deliveryId), dueSql(pipelineDeliveries, now)))
    .returning();
  if (!delivery) return null;
  const result = await attempt(db, delivery, policy, now);
  const record = attemptRecord(result, WEBHOOK_RETRIES, delivery.attempts, now);
  const update = db.update(pipelineDeliveries).set(record).where(eq(pipelineDeliveries.id, delivery.id));
  if (record.status === 'pending') {
    await update;
    await queue.send({ type: 'pipeline_deliver', runId: delivery.runId }, { delaySeconds: Math.ceil((record.nextAttemptAt.getTime() - now.getTime()) / 1000) });
  } else {
    // Writes only, decided before: one batch (one transaction, one round trip).
    await db.batch([
      update,
      db
        .update(pipelineRows)
        .set({ status: record.status, finishedAt: now })
        .where(and(eq(pipelineRows.deliveryId, delivery.id), eq(pipelineRows.status, 'delivering'))),
    ]);
  }
  if (result.delivered) return 'delivered';
  logLine('warn', 'pipeline delivery failed', {
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    of: WEBHOOK_RETRIES.maxAttempts,
    statusCode: result.statusCode,
    error: result.error,
  });
  return record.status === 'failed' ? 'failed' : 'retrying';
}

/** POSTs the delivery's rows, signed with the tenant's current signing secret. */
async function attempt(db: Database, delivery: DeliveryRow, policy: UrlPolicy, now: Date): Promise<AttemptResult> {
  const [settings] = await db
    .select({ secret: tenantSettings.webhookSigningSecret })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, delivery.tenantId));
  if (!settings?.secret) {
    return { delivered: false, statusCode: null, error: 'The workspace has no webhook signing secret; set one with PATCH /v1/me/webhook.', retryable: true };
  }
  const body = JSON.stringify(await deliveryBody(db, delivery, now));
  const answer = await sendSignedWebhook(
    { url: delivery.url, secret: settings.secret, id: delivery.id, body, userAgent: 'verify-pipelines/1.0', headers: { 'webhook-event': 'pipeline.rows' } },
    policy,
  );
  return attemptResult(answer);
}

/** What a delivery POSTs: each row as pushed, with its verdict and full result. */
async function deliveryBody(db: Database, delivery: DeliveryRow, now: Date) {
  const rows = await db
    .select({ row: pipelineRows, task: { status: bulkTasks.status, result: bulkTasks.result, isReachable: bulkTasks.isReachable, error: bulkTasks.error } })
    .from(pipelineRows)
    .leftJoin(bulkTasks, and(eq(bulkTasks.jobId, pipelineRows.jobId), eq(bulkTasks.position, pipelineRows.position)))
    .where(inArray(pipelineRows.deliveryId, [delivery.id]))
    .orderBy(asc(pipelineRows.id));
  return {
    id: delivery.id,
    type: 'pipeline.rows',
    created_at: now.toISOString(),
    pipeline_id: delivery.pipelineId,
    run_id: delivery.runId,
    delivery: { id: delivery.id, attempt: delivery.attempts },
    rows: rows.map(({ row, task }) => ({
      row_id: row.id,
      push: { idempotency_key: row.pushKey, index: row.pushIndex },
      source_key: row.sourceKey,
      email: row.email,
      data: row.data,
      outcome: task?.status === 'done' ? 'verified' : (task?.status ?? 'failed'),
      is_reachable: task?.isReachable ?? null,
      suppressed: (task?.result as { suppressed?: unknown } | null)?.suppressed ?? null,
      error: task?.error ?? (task?.status === 'skipped' ? 'Not checked: the workspace credits ran out.' : null),
      result: task?.result ?? null,
      pushed_at: row.pushedAt.toISOString(),
    })),
  };
}
