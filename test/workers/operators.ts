import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { operatorAuditEvents, operators, type OperatorRole } from '../../shared/db/schema';
import { createOperator } from '../../shared/platform/verify-provisioning';
import { withTestDb } from './seed';

/** A named operator with a fresh token, and the two headers (both factors) that call the operator plane as them. */
export async function seedOperator(role: OperatorRole = 'admin') {
  const suffix = crypto.randomUUID();
  const { operator, token } = await withTestDb((db) =>
    createOperator(db, { name: `Operator ${suffix.slice(0, 8)}`, email: `operator-${suffix}@ops.test`, role, createdBy: 'test' }),
  );
  return { operator, token, headers: { 'x-internal-secret': env.INTERNAL_SECRET, authorization: `Bearer ${token}` } };
}

export async function revokeOperator(operatorId: string): Promise<void> {
  await withTestDb((db) => db.update(operators).set({ revokedAt: new Date() }).where(eq(operators.id, operatorId)));
}

/** Every audit row an operator wrote, oldest first. */
export function auditOf(operatorId: string) {
  return withTestDb((db) => db.select().from(operatorAuditEvents).where(eq(operatorAuditEvents.operatorId, operatorId)).orderBy(operatorAuditEvents.id));
}
