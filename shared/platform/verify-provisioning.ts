import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { generateApiKeySecret } from '../auth/api-key-secret';
import type { VerifyScope } from '../auth/scopes';
import type * as schema from '../db/schema';
import { operators, tenants, verifyApiKeys, verifySubscriptions, type OperatorRole } from '../db/schema';
import { newId } from '../ids';
import { billingPeriod } from './billing-period';

/**
 * Works with any drizzle PostgreSQL driver: Neon inside Workers, node-postgres in the dev stack.
 * Statements only: the Workers' Database has no `transaction` (it runs them through `interactive`).
 */
type Db = Omit<PgDatabase<PgQueryResultHKT, typeof schema>, 'transaction'>;

export async function createTenant(db: Db, input: { name: string; planId?: string; contactEmail?: string; now?: Date }) {
  const id = newId('ten');
  const [tenant] = await db.insert(tenants).values({ id, name: input.name, contactEmail: input.contactEmail }).returning();
  if (input.planId) {
    const period = billingPeriod(input.now ?? new Date());
    await db.insert(verifySubscriptions).values({
      id: newId('sub'),
      tenantId: id,
      planId: input.planId,
      status: 'active',
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
    });
  }
  return tenant!;
}

export async function createVerifyApiKey(db: Db, input: { tenantId: string; name: string; scopes: readonly VerifyScope[]; createdBy?: string }) {
  const { secret, prefix, hash } = await generateApiKeySecret('vk');
  const [key] = await db
    .insert(verifyApiKeys)
    .values({ tenantId: input.tenantId, name: input.name, prefix, hash, scopes: [...input.scopes], createdBy: input.createdBy })
    .returning();
  return { ...key!, secret };
}

/**
 * An operator of the private plane with a fresh token (`vop_…`), shown once. `createdBy` says who
 * made it: a command run, the dev stack, or an operator.
 */
export async function createOperator(db: Db, input: { name: string; email: string; role: OperatorRole; createdBy: string }) {
  const { secret, prefix, hash } = await generateApiKeySecret('vop');
  const [operator] = await db
    .insert(operators)
    .values({
      id: newId('opr'),
      name: input.name,
      email: input.email.toLowerCase(),
      role: input.role,
      tokenPrefix: prefix,
      tokenHash: hash,
      createdBy: input.createdBy,
    })
    .returning();
  return { operator: operator!, token: secret };
}
