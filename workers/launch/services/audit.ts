import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Principal } from '../../../shared/auth/principal';
import type { Database, Executor } from '../../../shared/db/client';
import { auditEvents } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';

export type Actor = { type: 'key' | 'user'; id: string } | { type: 'system'; id: string };

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'key' ? { type: 'key', id: principal.keyId } : { type: 'user', id: principal.userId };
}

/** A change to a campaign, one of its posts, or a release; `to` is null when no status moved. */
export interface AuditedChange {
  campaignId?: string | null;
  releaseId?: string | null;
  postId?: string;
  action: string;
  from: string | null;
  to: string | null;
  note?: string | null;
  changedFields?: string[];
}

/** Called inside the transaction that makes the change, so the trail never disagrees with the data. */
export async function recordChanges(db: Executor, workspaceId: string, actor: Actor, changes: AuditedChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(auditEvents).values(
    changes.map((change) => ({
      id: newId('aud'),
      workspaceId,
      campaignId: change.campaignId ?? null,
      releaseId: change.releaseId ?? null,
      postId: change.postId ?? null,
      action: change.action,
      fromStatus: change.from,
      toStatus: change.to,
      changedFields: change.changedFields ?? null,
      note: change.note ?? null,
      actorType: actor.type,
      actorId: actor.id,
    })),
  );
}

/** One page of a campaign's or a release's trail, oldest first; one extra row tells whether more follow. */
export async function listAudit(
  db: Database,
  workspaceId: string,
  subject: { campaignId: string } | { releaseId: string },
  after: string | undefined,
  limit: number,
) {
  const about: SQL = 'campaignId' in subject ? eq(auditEvents.campaignId, subject.campaignId) : eq(auditEvents.releaseId, subject.releaseId);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), about, after ? gt(auditEvents.id, after) : undefined))
    .orderBy(asc(auditEvents.id))
    .limit(limit + 1);
  return rows.map((row) => ({
    id: row.id,
    campaignId: row.campaignId,
    releaseId: row.releaseId,
    postId: row.postId,
    action: row.action,
    from: row.fromStatus,
    to: row.toStatus,
    changedFields: row.changedFields,
    note: row.note,
    actor: { type: row.actorType, id: row.actorId },
    at: row.createdAt.toISOString(),
  }));
}
