import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import type { Database } from '../../../shared/db/client';
import { notificationPreferences, notifications, notificationWebhooks } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { page } from '../../../shared/http/pagination';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema, type LaunchConfig } from '../config';
import { recordChanges } from '../services/audit';
import type { EmailSettings } from './email';
import { emailChoices, memberKinds, type MemberKind, type NotificationKind, type NotificationStatus } from './kinds';

/** Whether emails can be sent, and if not, which settings are missing (the app names them). */
export function emailSettings(config: LaunchConfig): { settings: EmailSettings | null; missing: string[] } {
  const missing = (['RESEND_API_KEY', 'EMAIL_FROM', 'APP_BASE_URL'] as const).filter((name) => !config[name]);
  const settings = missing.length === 0 ? { apiUrl: config.RESEND_API_URL, apiKey: config.RESEND_API_KEY!, from: config.EMAIL_FROM! } : null;
  return { settings, missing };
}

export function emailStatus(env: object): { configured: boolean; missing: string[] } {
  const { settings, missing } = emailSettings(readConfig(launchConfigSchema, env));
  return { configured: settings !== null, missing };
}

/** A member's email choices in this workspace: every kind, on unless they turned it off. */
export async function getPreferences(db: Database, workspaceId: string, userId: string): Promise<Record<MemberKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.workspaceId, workspaceId), eq(notificationPreferences.userId, userId)));
  return emailChoices(rows);
}

/** Stores the kinds given; the others keep their choice. */
export async function setPreferences(db: Database, workspaceId: string, userId: string, email: Partial<Record<MemberKind, boolean>>) {
  const rows = Object.entries(email).map(([kind, on]) => ({ workspaceId, userId, kind, email: on, updatedAt: new Date() }));
  if (rows.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationPreferences.workspaceId, notificationPreferences.userId, notificationPreferences.kind],
        set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
      });
  }
  return getPreferences(db, workspaceId, userId);
}

export interface WebhookView {
  set: boolean;
  /** Only the host: the rest of a chat webhook URL is its secret. */
  host: string | null;
  kinds: Record<MemberKind, boolean>;
  updatedAt: string | null;
}

export async function getWebhook(db: Database, workspaceId: string): Promise<WebhookView> {
  const [row] = await db.select().from(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, workspaceId));
  return webhookView(row);
}

function webhookView(row: typeof notificationWebhooks.$inferSelect | undefined): WebhookView {
  const on = new Set(row?.kinds ?? memberKinds);
  return {
    set: Boolean(row),
    host: row ? new URL(row.url).host : null,
    kinds: Object.fromEntries(memberKinds.map((kind) => [kind, on.has(kind)])) as Record<MemberKind, boolean>,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * Sets, changes or removes (`url: null`) the workspace's chat webhook, audited. A new URL goes
 * through the SSRF guard (public https); an omitted one keeps the current URL, so kinds can be
 * changed without the secret URL at hand. Kinds not given keep their choice (all on for a new webhook).
 */
export async function setWebhook(
  db: Database,
  env: object,
  actor: { workspaceId: string; userId: string },
  input: { url?: string | null; kinds?: Partial<Record<MemberKind, boolean>> },
): Promise<WebhookView> {
  const url =
    typeof input.url === 'string'
      ? (await requirePublicUrl(input.url, 'url', userUrlPolicy(readConfig(launchConfigSchema, env), { httpsOnly: true }))).toString()
      : input.url;
  // Interactive: the current row decides between keeping its URL, a 409, and what the trail says.
  return db.interactive(async (tx) => {
    const [current] = await tx.select().from(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, actor.workspaceId)).for('update');
    const who = { type: 'user' as const, id: actor.userId };
    const subject = { type: 'notification_webhook' as const, id: actor.workspaceId };
    if (url === null) {
      if (current) {
        await tx.delete(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, actor.workspaceId));
        await recordChanges(tx, actor.workspaceId, who, [{ action: 'notification_webhook.remove', from: new URL(current.url).host, to: null, subject }]);
      }
      return webhookView(undefined);
    }
    const target = url ?? current?.url;
    if (!target) {
      throw new ApiError('validation_failed', 'url is required: the workspace has no chat webhook yet.', {
        hint: 'Send the incoming-webhook URL your chat tool gave you.',
        details: { field: 'url' },
      });
    }
    const chosen = { ...webhookView(current).kinds, ...input.kinds };
    const kinds = memberKinds.filter((kind) => chosen[kind]);
    const [saved] = await tx
      .insert(notificationWebhooks)
      .values({ workspaceId: actor.workspaceId, url: target, kinds, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: notificationWebhooks.workspaceId, set: { url: target, kinds, updatedBy: actor.userId, updatedAt: new Date() } })
      .returning();
    const host = new URL(target).host;
    await recordChanges(tx, actor.workspaceId, who, [
      {
        action: current ? 'notification_webhook.update' : 'notification_webhook.set',
        from: current ? new URL(current.url).host : null,
        to: host,
        note: `${url && current ? 'new URL; ' : ''}kinds: ${kinds.join(' ') || 'none'}`,
        subject,
      },
    ]);
    return webhookView(saved);
  });
}

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  channel: 'email' | 'chat';
  recipient: string;
  subject: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** Recent notifications of the workspace, newest first; `userId` narrows it to one member's own. */
export async function listNotifications(
  db: Database,
  workspaceId: string,
  options: { after?: string; limit: number; userId?: string; status?: NotificationStatus },
): Promise<{ data: NotificationView[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.workspaceId, workspaceId),
        options.userId ? eq(notifications.userId, options.userId) : undefined,
        options.status ? eq(notifications.status, options.status) : undefined,
        options.after ? lt(notifications.id, options.after) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit + 1);
  const { data, nextCursor } = page(rows, options.limit);
  return {
    data: data.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      channel: row.channel as 'email' | 'chat',
      recipient: row.recipient,
      subject: row.subject,
      status: row.status as NotificationStatus,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    nextCursor,
  };
}
