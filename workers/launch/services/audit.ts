import { and, asc, eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/auth/principal';
import type { Database, Executor } from '../../../shared/db/client';
import { auditEvents } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';

export type Actor = { type: 'key' | 'user'; id: string } | { type: 'system'; id: string };

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'key' ? { type: 'key', id: principal.keyId } : { type: 'user', id: principal.userId };
}

export interface StatusChange {
  campaignId: string;
  postId?: string;
  action: string;
  from: string | null;
  to: string;
}

/** Called inside the transaction that makes the change, so the trail never disagrees with the data. */
export async function recordChanges(db: Executor, workspaceId: string, actor: Actor, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(auditEvents).values(
    changes.map((change) => ({
      id: newId('aud'),
      workspaceId,
      campaignId: change.campaignId,
      postId: change.postId ?? null,
      action: change.action,
      fromStatus: change.from,
      toStatus: change.to,
      actorType: actor.type,
      actorId: actor.id,
    })),
  );
}

export async function listAudit(db: Database, workspaceId: string, campaignId: string) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.campaignId, campaignId)))
    .orderBy(asc(auditEvents.id));
  return rows.map((row) => ({
    id: row.id,
    postId: row.postId,
    action: row.action,
    from: row.fromStatus,
    to: row.toStatus,
    actor: { type: row.actorType, id: row.actorId },
    at: row.createdAt.toISOString(),
  }));
}
