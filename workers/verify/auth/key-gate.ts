import { and, eq, inArray, isNull } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { type Database, withDatabase } from '../../../shared/db/client';
import { tenants, verifyApiKeys } from '../../../shared/db/schema';
import { KeyGate, type GateKeyRecord } from '../../../shared/auth/key-gate';
import { settleVerifyEntitlement, verifyPlanRows, withOverrides } from '../../../shared/platform/entitlements';
import { verifyConfigSchema } from '../config';

// Its settings come through readConfig, so it needs no binding type: env.ts names this class, and
// importing env.ts back would tie the two in a circle.
export class VerifyKeyGate extends KeyGate<object> {
  protected loadDeadlineMs(): number {
    return readConfig(verifyConfigSchema, this.env).DATABASE_DEADLINE_MS;
  }

  protected loadKey(hash: string): Promise<GateKeyRecord | null> {
    const config = readConfig(verifyConfigSchema, this.env);
    return withDatabase(config, (db) => readKey(db, hash), { deadlineMs: config.DATABASE_DEADLINE_MS });
  }
}

async function readKey(db: Database, hash: string): Promise<GateKeyRecord | null> {
  const now = new Date();
  // The key, its tenant and the tenant's plans in one round trip: the tenant is named by the
  // key's hash, so nothing waits for the key's row to come back first.
  const tenantOfKey = db.select({ id: verifyApiKeys.tenantId }).from(verifyApiKeys).where(eq(verifyApiKeys.hash, hash));
  const [[key], [tenant], plans] = await db.batch([
    db
      .update(verifyApiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(verifyApiKeys.hash, hash), isNull(verifyApiKeys.revokedAt)))
      .returning(),
    db.select({ status: tenants.status, quotaOverrides: tenants.quotaOverrides }).from(tenants).where(inArray(tenants.id, tenantOfKey)),
    verifyPlanRows(db, tenantOfKey),
  ]);
  if (!key) return null;
  return {
    suspended: tenant?.status === 'suspended',
    keyId: key.id,
    workspaceId: key.tenantId,
    scopes: key.scopes,
    expiresAt: key.expiresAt?.getTime() ?? null,
    entitlement: withOverrides(await settleVerifyEntitlement(db, plans, now), tenant?.quotaOverrides),
  };
}
