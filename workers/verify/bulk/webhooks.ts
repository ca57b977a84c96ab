import { eq, inArray, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { withDatabase, type Database } from '../../../shared/db/client';
import { jobEvents, tenantSettings, webhookDeliveries } from '../../../shared/db/schema';
import { userUrlPolicy, type UrlPolicy } from '../../../shared/net/ssrf';
import { sendSignedWebhook } from '../../../shared/webhooks/send';
import { webhookRetryDelayMs, WEBHOOK_MAX_ATTEMPTS } from '../domain/retry-policy';
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
  const at = now.toISOString();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      sql`(${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.nextAttemptAt} <= ${at}::timestamptz)
          or (${webhookDeliveries.status} = 'delivering' and ${webhookDeliveries.claimedUntil} < ${at}::timestamptz)`,
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ status: 'delivering', attempts: sql`${webhookDeliveries.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS), updatedAt: now })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * POSTs the event, signed with the tenant's current signing secret (so a rotated secret applies to
 * retries too). A 2xx delivers it; anything else is retried with backoff until the attempts run
 * out. A URL the SSRF guard refuses fails at once.
 */
async function deliver(db: Database, delivery: DeliveryRow, policy: UrlPolicy, now: Date): Promise<Outcome> {
  let statusCode: number | null = null;
  try {
    const [[event], [settings]] = await Promise.all([
      db.select().from(jobEvents).where(eq(jobEvents.id, delivery.eventId)),
      db.select({ secret: tenantSettings.webhookSigningSecret }).from(tenantSettings).where(eq(tenantSettings.tenantId, delivery.tenantId)),
    ]);
    if (!event) throw new DeliveryError('The event no longer exists.', false);
    if (!settings?.secret) throw new DeliveryError('The workspace has no webhook signing secret; set one with PATCH /v1/me/webhook.', true);
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
    if (answer.kind === 'refused') throw new DeliveryError(`The webhook URL ${answer.reason}.`, false);
    if (answer.kind === 'unreachable') throw new DeliveryError(`The webhook did not answer: ${answer.message}`, true);
    statusCode = answer.status;
    if (!answer.ok) throw new DeliveryError(`The webhook answered ${answer.status}.`, true);
  } catch (error) {
    const failure = error instanceof DeliveryError ? error : new DeliveryError(error instanceof Error ? error.message : String(error), true);
    const delay = failure.retryable ? webhookRetryDelayMs(delivery.attempts) : null;
    await db
      .update(webhookDeliveries)
      .set(
        delay === null
          ? { status: 'failed', lastStatusCode: statusCode, lastError: failure.message, claimedUntil: null, updatedAt: now }
          : {
              status: 'pending',
              lastStatusCode: statusCode,
              lastError: failure.message,
              claimedUntil: null,
              nextAttemptAt: new Date(now.getTime() + delay),
              updatedAt: now,
            },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
    logLine('warn', 'webhook delivery failed', {
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      of: WEBHOOK_MAX_ATTEMPTS,
      statusCode,
      error: failure.message,
    });
    return delay === null ? 'failed' : 'retrying';
  }
  await db
    .update(webhookDeliveries)
    .set({ status: 'delivered', lastStatusCode: statusCode, lastError: null, claimedUntil: null, deliveredAt: now, updatedAt: now })
    .where(eq(webhookDeliveries.id, delivery.id));
  logLine('info', 'webhook delivered', { deliveryId: delivery.id, attempt: delivery.attempts, statusCode });
  return 'delivered';
}
