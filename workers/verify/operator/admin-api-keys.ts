import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { VerifyScope } from '../../../shared/auth/scopes';
import type { Database, Transaction } from '../../../shared/db/client';
import { verifyApiKeys } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { createVerifyApiKey } from '../../../shared/platform/verify-provisioning';
import type { VerifyBindings } from '../env';
import { recordAudit } from './audit';
import type { OperatorActor } from './principal';
import { apiKeyView } from '../auth/api-key-views';
import { forgetKey } from '../account/api-keys';
import { deletedConflict, findTenant } from './admin-tenants';

type KeyRow = typeof verifyApiKeys.$inferSelect;

/** What an audit row keeps of a key: never its hash or secret. */
function keyState(key: KeyRow) {
  return { name: key.name, scopes: key.scopes, expires_at: key.expiresAt?.toISOString() ?? null, revoked_at: key.revokedAt?.toISOString() ?? null };
}

export interface KeySearch {
  tenantId?: string;
  status?: 'active' | 'revoked' | 'expired';
  /** The start of a secret as a leaked key shows it (`vk_Ab12…`): finds whose key it is. */
  prefix?: string;
  limit: number;
  offset: number;
}

/** Keys across tenants, newest first. */
export async function searchKeys(db: Database, search: KeySearch) {
  const conditions: SQL[] = [];
  if (search.tenantId) conditions.push(eq(verifyApiKeys.tenantId, search.tenantId));
  if (search.status === 'revoked') conditions.push(isNotNull(verifyApiKeys.revokedAt));
  if (search.status === 'active')
    conditions.push(isNull(verifyApiKeys.revokedAt), sql`(${verifyApiKeys.expiresAt} is null or ${verifyApiKeys.expiresAt} > now())`);
  if (search.status === 'expired') conditions.push(isNull(verifyApiKeys.revokedAt), sql`${verifyApiKeys.expiresAt} <= now()`);
  // Prefixes are at most the stored prefix's length; a longer string (a whole secret pasted) is cut to it.
  if (search.prefix) conditions.push(sql`starts_with(${verifyApiKeys.prefix}, ${search.prefix.slice(0, 11)})`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(verifyApiKeys).where(where).orderBy(desc(verifyApiKeys.createdAt), desc(verifyApiKeys.id)).limit(search.limit).offset(search.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(verifyApiKeys).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function createKeyForTenant(
  db: Database,
  actor: OperatorActor,
  input: { tenantId: string; name: string; scopes: VerifyScope[]; expiresAt: Date | null },
) {
  const tenant = await findTenant(db, input.tenantId);
  if (tenant.status === 'deleted') throw deletedConflict(tenant);
  // Interactive: createVerifyApiKey runs its own statements and the expiry and audit name the key it returned.
  return db.interactive(async (tx) => {
    const created = await createVerifyApiKey(tx, { tenantId: tenant.id, name: input.name, scopes: input.scopes, createdBy: `operator:${actor.id}` });
    let key: KeyRow = created;
    if (input.expiresAt)
      [key] = (await tx.update(verifyApiKeys).set({ expiresAt: input.expiresAt }).where(eq(verifyApiKeys.id, created.id)).returning()) as [KeyRow];
    await recordAudit(tx, actor, {
      action: 'create_tenant_api_key',
      tenantId: tenant.id,
      targetType: 'api_key',
      targetId: key.id,
      change: { after: keyState(key) },
    });
    return { key, secret: created.secret };
  });
}

export async function getTenantKey(db: Database, tenantId: string, keyId: string): Promise<KeyRow> {
  const [key] = await db
    .select()
    .from(verifyApiKeys)
    .where(and(eq(verifyApiKeys.tenantId, tenantId), eq(verifyApiKeys.id, keyId)));
  if (!key) throw keyNotFound(tenantId, keyId);
  return key;
}

function keyNotFound(tenantId: string, keyId: string): ApiError {
  return new ApiError('not_found', `Tenant ${tenantId} has no API key ${keyId}.`, { hint: 'List its keys with GET /v1/admin/tenants/{tenant_id}/api-keys.' });
}

/**
 * Changes a key's name, scopes or expiry (a revoked key is 409: reactivate it first). Like every
 * key change, the key's cached record is dropped so it applies at the key's next request.
 */
export async function updateTenantKey(
  env: VerifyBindings,
  db: Database,
  actor: OperatorActor,
  input: { tenantId: string; keyId: string; name?: string; scopes?: VerifyScope[]; expiresAt?: Date | null },
) {
  // Interactive: the key row is locked and read, and the change is decided against it.
  const key = await db.interactive(async (tx) => {
    const before = await lockKey(tx, input.tenantId, input.keyId);
    if (before.revokedAt)
      throw new ApiError('conflict', 'This API key is revoked.', {
        hint: 'Reactivate it first with POST …/reactivate.',
        details: { currentStatus: 'revoked' },
      });
    const [after] = await tx
      .update(verifyApiKeys)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.scopes !== undefined && { scopes: input.scopes }),
        ...(input.expiresAt !== undefined && { expiresAt: input.expiresAt }),
      })
      .where(eq(verifyApiKeys.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update_tenant_api_key',
      tenantId: input.tenantId,
      targetType: 'api_key',
      targetId: before.id,
      change: { before: keyState(before), after: keyState(after!) },
    });
    return after!;
  });
  await forgetKey(env, key.hash);
  return key;
}

/** Revokes a key at once; a revoked key is 409. */
export async function revokeTenantKey(env: VerifyBindings, db: Database, actor: OperatorActor, tenantId: string, keyId: string) {
  return setRevoked(env, db, actor, { tenantId, keyId, revoke: true });
}

/**
 * The spec's one key transition: revoked → active (200). An active key is 409 and changes
 * nothing; a key of a deleted tenant stays revoked (409). The key works at its next request: its
 * gate had remembered it as unknown.
 */
export async function reactivateTenantKey(env: VerifyBindings, db: Database, actor: OperatorActor, tenantId: string, keyId: string) {
  const tenant = await findTenant(db, tenantId);
  if (tenant.status === 'deleted') throw deletedConflict(tenant);
  return setRevoked(env, db, actor, { tenantId, keyId, revoke: false });
}

async function setRevoked(env: VerifyBindings, db: Database, actor: OperatorActor, input: { tenantId: string; keyId: string; revoke: boolean }) {
  // Interactive: the key row is locked and read, and the change is decided against it.
  const key = await db.interactive(async (tx) => {
    const before = await lockKey(tx, input.tenantId, input.keyId);
    if (input.revoke === (before.revokedAt !== null)) {
      throw new ApiError(
        'invalid_transition',
        input.revoke ? 'This API key is already revoked.' : 'This API key is active; only a revoked key can be reactivated.',
        { hint: 'Read the key to see its status.', details: { currentStatus: input.revoke ? 'revoked' : apiKeyView(before).status } },
      );
    }
    const [after] = await tx
      .update(verifyApiKeys)
      .set({ revokedAt: input.revoke ? new Date() : null })
      .where(eq(verifyApiKeys.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: input.revoke ? 'delete_tenant_api_key' : 'reactivate_api_key',
      tenantId: input.tenantId,
      targetType: 'api_key',
      targetId: before.id,
      change: { before: keyState(before), after: keyState(after!) },
    });
    return after!;
  });
  await forgetKey(env, key.hash);
  return key;
}

/** The key, locked for the change; 404 when the tenant has no such key. */
async function lockKey(tx: Transaction, tenantId: string, keyId: string): Promise<KeyRow> {
  const [key] = await tx
    .select()
    .from(verifyApiKeys)
    .where(and(eq(verifyApiKeys.tenantId, tenantId), eq(verifyApiKeys.id, keyId)))
    .for('update');
  if (!key) throw keyNotFound(tenantId, keyId);
  return key;
}
