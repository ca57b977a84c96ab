import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { operatorAuditEvents } from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';
import type { OperatorActor } from './principal';

export interface AuditEntry {
  /** The operationId of the write. */
  action: string;
  tenantId: string | null;
  targetType: 'tenant' | 'api_key' | 'quota';
  targetId: string;
  /** `before`/`after` of the fields touched; never a secret. */
  change: Record<string, unknown>;
}

/** Writes one audit row; called inside the write's own transaction so neither exists without the other. */
export async function recordAudit(tx: Executor, actor: OperatorActor, entry: AuditEntry): Promise<void> {
  await tx.insert(operatorAuditEvents).values({
    id: newId('oae'),
    operatorId: actor.id,
    operatorName: actor.name,
    operatorRole: actor.role,
    action: entry.action,
    tenantId: entry.tenantId,
    targetType: entry.targetType,
    targetId: entry.targetId,
    change: entry.change,
    requestId: actor.requestId,
  });
}

export interface AuditQuery {
  tenantId?: string;
  operatorId?: string;
  action?: string;
  limit: number;
  offset: number;
}

/** Newest first, with the total matching rows. */
export async function listAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.tenantId) conditions.push(eq(operatorAuditEvents.tenantId, query.tenantId));
  if (query.operatorId) conditions.push(eq(operatorAuditEvents.operatorId, query.operatorId));
  if (query.action) conditions.push(eq(operatorAuditEvents.action, query.action));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(operatorAuditEvents).where(where).orderBy(desc(operatorAuditEvents.id)).limit(query.limit).offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(operatorAuditEvents).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function auditView(row: typeof operatorAuditEvents.$inferSelect) {
  return {
    id: row.id,
    operator: { id: row.operatorId, name: row.operatorName, role: row.operatorRole },
    action: row.action,
    tenant_id: row.tenantId,
    target: { type: row.targetType as AuditEntry['targetType'], id: row.targetId },
    change: row.change,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
  };
}
