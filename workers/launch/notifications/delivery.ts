import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { notifications, notificationWebhooks } from '../../../shared/db/schema';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import { BACKOFF_MS, MAX_ATTEMPTS } from '../publishing/publisher';
import { sendChat } from './chat';
import { sendEmail, type EmailSettings } from './email';
import { renderChat, renderEmail, type NotificationEvent } from './render';
import type { SendOutcome } from './send-outcome';

const BATCH_SIZE = 25;
/** A run stops claiming new batches after this long, well inside a cron invocation's limits. */
const RUN_BUDGET_MS = 20_000;
/** A run that dies holding a claim loses it after this long, and a later run takes the message. */
const CLAIM_MS = 2 * 60_000;
/** A receiver's Retry-After is honoured up to the longest wait of the backoff. */
const MAX_WAIT_MS = BACKOFF_MS[BACKOFF_MS.length - 1]!;

export const EMAIL_NOT_CONFIGURED = 'email not configured';

type Row = typeof notifications.$inferSelect;
type Ending = 'sent' | 'retrying' | 'failed' | 'skipped';

export interface DeliverySettings {
  /** Null when a setting is missing: every email is then recorded as skipped, never silently dropped. */
  email: EmailSettings | null;
  appUrl: string | undefined;
  policy: UrlPolicy;
}

export type NotificationRunResult = Record<'claimed' | Ending, number>;

/**
 * One cron run over the outbox. Claiming is one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
 * LOCKED)`, so overlapping runs never take the same message; each attempt is counted before it is
 * made, and waits 1, 5, 15 and 60 minutes between attempts (the publisher's backoff) unless the
 * receiver asks for longer.
 */
export async function runNotifications(db: Database, settings: DeliverySettings, now: () => Date = () => new Date()): Promise<NotificationRunResult> {
  const result: NotificationRunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0 };
  const started = now().getTime();
  while (now().getTime() - started < RUN_BUDGET_MS) {
    const claimed = await claimDue(db, now());
    result.claimed += claimed.length;
    const settled = await Promise.allSettled(claimed.map((row) => deliverOne(db, settings, row, now())));
    for (const outcome of settled) if (outcome.status === 'fulfilled') result[outcome.value] += 1;
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (claimed.length < BATCH_SIZE) break;
  }
  return result;
}

async function claimDue(db: Database, now: Date): Promise<Row[]> {
  const at = now.toISOString();
  const due = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      sql`(${notifications.status} = 'pending' and (${notifications.nextAttemptAt} is null or ${notifications.nextAttemptAt} <= ${at}::timestamptz))
          or (${notifications.status} = 'sending' and ${notifications.claimedUntil} < ${at}::timestamptz)`,
    )
    .orderBy(notifications.id)
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(notifications)
    .set({ status: 'sending', attempts: sql`${notifications.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS), updatedAt: now })
    .where(inArray(notifications.id, due))
    .returning();
}

async function deliverOne(db: Database, settings: DeliverySettings, row: Row, now: Date): Promise<Ending> {
  const event = row.payload as NotificationEvent | null;
  if (!event) return settle(db, row, now, { status: 'failed', reason: 'nothing left to send (the message was cleared)' });
  let outcome: SendOutcome;
  if (row.channel === 'email') {
    if (!settings.email || !settings.appUrl) return settle(db, row, now, { status: 'skipped', reason: EMAIL_NOT_CONFIGURED });
    outcome = await sendEmail(settings.email, { ...renderEmail(event, settings.appUrl), to: row.recipient, id: row.id, kind: row.kind }, now);
  } else {
    const [webhook] = await db
      .select({ url: notificationWebhooks.url })
      .from(notificationWebhooks)
      .where(eq(notificationWebhooks.workspaceId, row.workspaceId));
    if (!webhook) return settle(db, row, now, { status: 'skipped', reason: 'chat webhook removed' });
    if (event.kind === 'invitation') return settle(db, row, now, { status: 'skipped', reason: 'invitations are never sent to chat' });
    outcome = await sendChat(webhook.url, renderChat(event, settings.appUrl), settings.policy, now);
  }
  if (outcome.ok) return settle(db, row, now, { status: 'sent', providerId: outcome.providerId });
  if (outcome.retryable && row.attempts < MAX_ATTEMPTS) {
    const wait = Math.min(Math.max(BACKOFF_MS[row.attempts - 1]!, outcome.retryAfterMs ?? 0), MAX_WAIT_MS);
    return settle(db, row, now, { status: 'pending', reason: outcome.reason, nextAttemptAt: new Date(now.getTime() + wait) });
  }
  return settle(db, row, now, { status: 'failed', reason: outcome.reason });
}

type Settlement =
  | { status: 'sent'; providerId: string | null }
  | { status: 'pending'; reason: string; nextAttemptAt: Date }
  | { status: 'failed' | 'skipped'; reason: string };

/**
 * Records how the attempt ended. An ended message keeps its subject and outcome but loses its
 * payload: an invitation's token lives in the database only until its email is handed over.
 */
async function settle(db: Database, row: Row, now: Date, settlement: Settlement): Promise<Ending> {
  const ended = settlement.status !== 'pending';
  await db
    .update(notifications)
    .set({
      status: settlement.status,
      claimedUntil: null,
      updatedAt: now,
      lastError: 'reason' in settlement ? settlement.reason : null,
      ...(settlement.status === 'sent' ? { providerId: settlement.providerId, sentAt: now } : {}),
      ...(settlement.status === 'pending' ? { nextAttemptAt: settlement.nextAttemptAt } : {}),
      ...(ended ? { payload: null } : {}),
    })
    .where(eq(notifications.id, row.id));
  if (settlement.status !== 'sent') {
    console.log(
      JSON.stringify({
        level: settlement.status === 'failed' ? 'warn' : 'info',
        job: 'notifications',
        notificationId: row.id,
        kind: row.kind,
        channel: row.channel,
        attempt: row.attempts,
        status: settlement.status,
        reason: settlement.reason,
      }),
    );
  }
  return settlement.status === 'pending' ? 'retrying' : settlement.status;
}
