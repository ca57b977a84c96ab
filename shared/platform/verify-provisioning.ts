import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { generateApiKeySecret } from '../auth/api-key-secret';
import type { VerifyScope } from '../auth/scopes';
import type * as schema from '../db/schema';
import { tenants, verifyApiKeys, verifySubscriptions } from '../db/schema';
import { newId } from '../ids';
import { billingPeriod } from './billing-period';

/** Works with any drizzle PostgreSQL driver: Neon inside Workers, node-postgres in the dev stack. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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
