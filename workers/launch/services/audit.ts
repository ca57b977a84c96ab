import { and, asc, eq, gt, isNotNull, type SQL } from 'drizzle-orm';
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
  /** A workspace settings change names what it changed instead of a campaign or release. */
  subject?: { type: 'member' | 'invitation' | 'api_key' | 'connection'; id: string };
}

/** Called inside the transaction that makes the change, so the trail never disagrees with the data. */
export async function recordChanges(db: Executor, workspaceId: string, actor: Actor, changes: AuditedChange[]): Promise<void> {
  if (changes.length === 0) return;
  await changesInsert(db, workspaceId, actor, changes);
}

/** The insert recordChanges runs, unrun: for a batch that writes the change and its trail together. */
export function changesInsert(db: Executor, workspaceId: string, actor: Actor, changes: AuditedChange[]) {
  return db.insert(auditEvents).values(
    changes.map((change) => ({
      id: newId('aud'),
      workspaceId,
      campaignId: change.campaignId ?? null,
      releaseId: change.releaseId ?? null,
      postId: change.postId ?? null,
      subjectType: change.subject?.type ?? null,
      subjectId: change.subject?.id ?? null,
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

/** One page of the workspace settings trail (members, invitations, API keys), oldest first; one extra row tells whether more follow. */
export async function listSettingsAudit(db: Database, workspaceId: string, after: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), isNotNull(auditEvents.subjectType), after ? gt(auditEvents.id, after) : undefined))
    .orderBy(asc(auditEvents.id))
    .limit(limit + 1);
  return rows.map((row) => ({
    id: row.id,
    subject: { type: row.subjectType!, id: row.subjectId! },
    action: row.action,
    from: row.fromStatus,
    to: row.toStatus,
    note: row.note,
    actor: { type: row.actorType, id: row.actorId },
    at: row.createdAt.toISOString(),
  }));
}
