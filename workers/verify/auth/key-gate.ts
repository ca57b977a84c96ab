import { and, eq, isNull } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { withDatabase } from '../../../shared/db/client';
import { tenants, verifyApiKeys } from '../../../shared/db/schema';
import { KeyGate, type GateKeyRecord } from '../../../shared/limits/key-gate';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { verifyConfigSchema } from '../config';
import type { VerifyBindings } from '../env';

export class VerifyKeyGate extends KeyGate<VerifyBindings> {
  protected loadKey(hash: string): Promise<GateKeyRecord | null> {
    return withDatabase(readConfig(verifyConfigSchema, this.env), async (db) => {
      const now = new Date();
      const [key] = await db
        .update(verifyApiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(verifyApiKeys.hash, hash), isNull(verifyApiKeys.revokedAt)))
        .returning();
      if (!key) return null;
      const [tenant] = await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, key.tenantId));
      return {
        suspended: tenant?.status === 'suspended',
        keyId: key.id,
        workspaceId: key.tenantId,
        scopes: key.scopes,
        expiresAt: key.expiresAt?.getTime() ?? null,
        entitlement: await loadVerifyEntitlement(db, key.tenantId, now),
      };
    });
  }
}
