import { and, desc, eq, isNull } from 'drizzle-orm';
import type { VerifyScope } from '../../../shared/auth/scopes';
import type { Database } from '../../../shared/db/client';
import { verifyApiKeys } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { createVerifyApiKey } from '../../../shared/platform/verify-provisioning';
import type { VerifyBindings } from '../env';

type KeyRow = typeof verifyApiKeys.$inferSelect;

export function listApiKeys(db: Database, tenantId: string) {
  return db.select().from(verifyApiKeys).where(eq(verifyApiKeys.tenantId, tenantId)).orderBy(desc(verifyApiKeys.createdAt));
}

export async function getApiKey(db: Database, tenantId: string, keyId: string): Promise<KeyRow> {
  const [key] = await db
    .select()
    .from(verifyApiKeys)
    .where(and(eq(verifyApiKeys.tenantId, tenantId), eq(verifyApiKeys.id, keyId)));
  if (!key) throw new ApiError('not_found', 'No API key with this id in this workspace.', { hint: 'List keys with GET /v1/me/api-keys.' });
  return key;
}

export async function createApiKey(db: Database, input: { tenantId: string; name: string; scopes: VerifyScope[]; expiresAt?: Date; createdBy: string }) {
  const key = await createVerifyApiKey(db, { tenantId: input.tenantId, name: input.name, scopes: input.scopes, createdBy: input.createdBy });
  if (!input.expiresAt) return key;
  const [updated] = await db.update(verifyApiKeys).set({ expiresAt: input.expiresAt }).where(eq(verifyApiKeys.id, key.id)).returning();
  return { ...updated!, secret: key.secret };
}

export async function updateApiKey(
  env: VerifyBindings,
  db: Database,
  input: { tenantId: string; keyId: string; name?: string; scopes?: VerifyScope[] },
): Promise<KeyRow> {
  const [key] = await db
    .update(verifyApiKeys)
    .set({ ...(input.name !== undefined && { name: input.name }), ...(input.scopes !== undefined && { scopes: input.scopes }) })
    .where(and(eq(verifyApiKeys.tenantId, input.tenantId), eq(verifyApiKeys.id, input.keyId), isNull(verifyApiKeys.revokedAt)))
    .returning();
  if (!key) throw await missingOrRevoked(db, input.tenantId, input.keyId);
  await forgetKey(env, key.hash);
  return key;
}

/** Revocation takes effect at once: the key's Durable Object drops its cached record. */
export async function revokeApiKey(env: VerifyBindings, db: Database, tenantId: string, keyId: string): Promise<KeyRow> {
  const [key] = await db
    .update(verifyApiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(verifyApiKeys.tenantId, tenantId), eq(verifyApiKeys.id, keyId), isNull(verifyApiKeys.revokedAt)))
    .returning();
  if (!key) throw await missingOrRevoked(db, tenantId, keyId);
  await forgetKey(env, key.hash);
  return key;
}

async function missingOrRevoked(db: Database, tenantId: string, keyId: string): Promise<ApiError> {
  await getApiKey(db, tenantId, keyId);
  return new ApiError('conflict', 'This API key is revoked.', { hint: 'Revoked keys cannot be changed; create a new one.' });
}

export function forgetKey(env: VerifyBindings, hash: string): Promise<void> {
  return env.KEY_GATE.get(env.KEY_GATE.idFromName(hash)).forget();
}
