import { eq, inArray, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { withDatabase, type Database } from '../../../shared/db/client';
import { jobEvents, tenantSettings, webhookDeliveries } from '../../../shared/db/schema';
import { userUrlPolicy, type UrlPolicy } from '../../../shared/net/ssrf';
import { sendSignedWebhook } from '../../../shared/webhooks/send';
import { attemptRecord, attemptResult, dueSql, type AttemptResult } from '../../../shared/webhooks/retry';
import { WEBHOOK_RETRIES } from '../domain/retry-policy';
import { verifyConfigSchema } from '../config';
import type { VerifyBindings } from '../env';
import { logLine } from '../../../shared/log';

const BATCH_SIZE = 25;
/** A run stops claiming new batches after this long, well inside a cron invocation's limits. */
const RUN_BUDGET_MS = 20_000;
/** A run that dies holding a claim loses it after this long, and a later run takes the delivery. */
const CLAIM_MS = 2 * 60_000;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Outcome = 'delivered' | 'retrying' | 'failed';

export interface WebhookRunResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/** The cron entry point: delivers the job events that are due. */
export async function deliverDueWebhooks(env: VerifyBindings, now: () => Date = () => new Date()): Promise<WebhookRunResult> {
  const config = readConfig(verifyConfigSchema, env);
  const policy = userUrlPolicy(config, { httpsOnly: true });
  const result = await withDatabase(config, async (db) => {
    const totals: WebhookRunResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
    const started = now().getTime();
    while (now().getTime() - started < RUN_BUDGET_MS) {
      const claimed = await claimDue(db, now());
      totals.claimed += claimed.length;
      for (const outcome of await Promise.all(claimed.map((delivery) => deliver(db, delivery, policy, now())))) totals[outcome] += 1;
      if (claimed.length < BATCH_SIZE) break;
    }
    return totals;
  });
  if (result.claimed > 0) logLine('info', 'webhook deliveries done', { job: 'webhooks', ...result });
  return result;
}

/** One `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`: overlapping runs never take the same delivery. */
async function claimDue(db: Database, now: Date): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(dueSql(webhookDeliveries, now))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ status: 'delivering', attempts: sql`${webhookDeliveries.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS), updatedAt: now })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

/**
 * POSTs the event, signed with the tenant's current signing secret (so a rotated secret applies to
 * retries too), and records the attempt as shared/webhooks/retry.ts reads it: a 2xx delivers it,
 * anything else is retried with backoff until the attempts run out, and a URL the SSRF guard
 * refuses fails at once.
 */
async function deliver(db: Database, delivery: DeliveryRow, policy: UrlPolicy, now: Date): Promise<Outcome> {
  const result = await attempt(db, delivery, policy).catch(
    (error: unknown): AttemptResult => ({ delivered: false, statusCode: null, error: error instanceof Error ? error.message : String(error), retryable: true }),
  );
  const record = attemptRecord(result, WEBHOOK_RETRIES, delivery.attempts, now);
  await db
    .update(webhookDeliveries)
    .set({ ...record, updatedAt: now })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (result.delivered) {
    logLine('info', 'webhook delivered', { deliveryId: delivery.id, attempt: delivery.attempts, statusCode: result.statusCode });
    return 'delivered';
  }
  logLine('warn', 'webhook delivery failed', {
    deliveryId: delivery.id,
    attempt: delivery.attempts,
    of: WEBHOOK_RETRIES.maxAttempts,
    statusCode: result.statusCode,
    error: result.error,
  });
  return record.status === 'failed' ? 'failed' : 'retrying';
}

async function attempt(db: Database, delivery: DeliveryRow, policy: UrlPolicy): Promise<AttemptResult> {
  const [[event], [settings]] = await Promise.all([
    db.select().from(jobEvents).where(eq(jobEvents.id, delivery.eventId)),
    db.select({ secret: tenantSettings.webhookSigningSecret }).from(tenantSettings).where(eq(tenantSettings.tenantId, delivery.tenantId)),
  ]);
  if (!event) return { delivered: false, statusCode: null, error: 'The event no longer exists.', retryable: false };
  if (!settings?.secret) {
    return { delivered: false, statusCode: null, error: 'The workspace has no webhook signing secret; set one with PATCH /v1/me/webhook.', retryable: true };
  }
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    delivery: { id: delivery.id, attempt: delivery.attempts },
    data: event.data,
  });
  const answer = await sendSignedWebhook(
    { url: delivery.url, secret: settings.secret, id: delivery.id, body, userAgent: 'verify-webhooks/1.0', headers: { 'webhook-event': event.type } },
    policy,
  );
  return attemptResult(answer);
}
