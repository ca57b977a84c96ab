import { and, eq, isNull } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import { type Database, withDatabase } from '../../../shared/db/client';
import { launchApiKeys } from '../../../shared/db/schema';
import { KeyGate, type GateKeyRecord } from '../../../shared/auth/key-gate';
import { launchPlanRows, settleLaunchEntitlement } from '../../../shared/platform/entitlements';
import { launchConfigSchema } from '../config';

// Its settings come through readConfig, so it needs no binding type: env.ts names this class, and
// importing env.ts back would tie the two in a circle.
export class LaunchKeyGate extends KeyGate<object> {
  protected loadDeadlineMs(): number {
    return readConfig(launchConfigSchema, this.env).DATABASE_DEADLINE_MS;
  }

  protected loadKey(hash: string): Promise<GateKeyRecord | null> {
    const config = readConfig(launchConfigSchema, this.env);
    return withDatabase(config, (db) => readKey(db, hash), { deadlineMs: config.DATABASE_DEADLINE_MS });
  }
}

async function readKey(db: Database, hash: string): Promise<GateKeyRecord | null> {
  const now = new Date();
  // The key and its workspace's plans in one round trip: the workspace is named by the key's hash.
  const workspaceOfKey = db.select({ id: launchApiKeys.workspaceId }).from(launchApiKeys).where(eq(launchApiKeys.hash, hash));
  const [[key], plans] = await db.batch([
    db
      .update(launchApiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(launchApiKeys.hash, hash), isNull(launchApiKeys.revokedAt)))
      .returning(),
    launchPlanRows(db, workspaceOfKey),
  ]);
  if (!key) return null;
  return {
    keyId: key.id,
    workspaceId: key.workspaceId,
    scopes: key.scopes,
    expiresAt: key.expiresAt?.getTime() ?? null,
    entitlement: await settleLaunchEntitlement(db, plans, now),
  };
}
