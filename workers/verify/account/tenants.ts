import { eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { tenants, verifyApiKeys } from '../../../shared/db/schema';
import type { VerifyBindings } from '../env';
import { forgetKey } from './api-keys';

export type TenantStatus = 'active' | 'suspended';

/**
 * Suspends or reinstates a tenant. Its keys' Durable Objects drop their cached records at once,
 * so a suspension is not outlived by the key gate's 60-second cache: the next request with any of
 * the tenant's keys reads the status again (403 `workspace_suspended` while suspended).
 */
export async function setTenantStatus(env: VerifyBindings, db: Database, tenantId: string, status: TenantStatus): Promise<void> {
  await db.update(tenants).set({ status, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
  const keys = await db.select({ hash: verifyApiKeys.hash }).from(verifyApiKeys).where(eq(verifyApiKeys.tenantId, tenantId));
  await Promise.all(keys.map((key) => forgetKey(env, key.hash)));
}
