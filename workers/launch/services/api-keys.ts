import { apiKeyStatus } from '../../../shared/auth/api-key-secret';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Entitlement } from '../../../shared/auth/principal';
import { launchScopes, type LaunchScope } from '../../../shared/auth/scopes';
import type { Database } from '../../../shared/db/client';
import { launchApiKeys, type LaunchRole } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { declaredAccess } from '../../../shared/http/declared-access';
import { page } from '../../../shared/http/pagination';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { createLaunchApiKey } from '../../../shared/platform/launch-provisioning';
import { launchRolePermissions } from '../auth/roles';
import { judgeScopes, type ScopeVerdict } from '../domain/key-scopes';
import type { LaunchBindings } from '../env';
import { recordChanges } from './audit';
import type { MemberActor } from './members';

type KeyRow = typeof launchApiKeys.$inferSelect;

export function apiKeyView(key: KeyRow, now: Date = new Date()) {
  const status = apiKeyStatus(key, now);
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    // Only validated scope names are ever written.
    scopes: key.scopes as LaunchScope[],
    status,
    createdBy: key.createdBy,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Every launch scope with whether this member may put it on a key in this workspace now: read from
 * the app's operations (which scopes some operation requires, and on which plan feature), the
 * workspace's plan, and the member's role. A settings page lists these as its checkboxes.
 */
// biome-ignore lint/suspicious/noExplicitAny: any launch app, whatever its variables.
export function scopeOptions(app: OpenAPIHono<any>, entitlement: Entitlement, role: LaunchRole): ScopeVerdict[] {
  return judgeScopes(launchScopes, declaredAccess(app).scopeFeatures, entitlement.features, launchRolePermissions(role));
}

/** Keys newest first, revoked and expired ones included (with their status); never a secret. */
export async function listApiKeys(db: Database, workspaceId: string, options: { after?: string; limit: number }) {
  const rows = await db
    .select()
    .from(launchApiKeys)
    .where(and(eq(launchApiKeys.workspaceId, workspaceId), options.after ? lt(launchApiKeys.id, options.after) : undefined))
    .orderBy(desc(launchApiKeys.id))
    .limit(options.limit + 1);
  const now = new Date();
  const { data, nextCursor } = page(rows, options.limit);
  return { data: data.map((row) => apiKeyView(row, now)), nextCursor };
}

export async function getApiKey(db: Database, workspaceId: string, keyId: string): Promise<KeyRow> {
  const [key] = await db
    .select()
    .from(launchApiKeys)
    .where(and(eq(launchApiKeys.workspaceId, workspaceId), eq(launchApiKeys.id, keyId)));
  if (!key) throw new ApiError('not_found', 'No API key with this id in this workspace.', { hint: 'List keys with GET /api/v1/api-keys.' });
  return key;
}

/**
 * Creates a key holding `scopes`, each of which must be grantable (see `scopeOptions`); the first
 * that is not is a 400 naming it and saying why. The secret is in the result only. With an
 * Idempotency-Key, the key is written with the API key, so that a create whose answer was lost
 * after it committed is found by the retry (refuseIdempotentApiKey) instead of made twice.
 */
export async function createApiKey(
  db: Database,
  actor: MemberActor,
  input: { name: string; scopes: readonly LaunchScope[]; expiresAt?: Date },
  options: readonly ScopeVerdict[],
  request?: IdempotentRequest,
) {
  const scopes = [...new Set(input.scopes)];
  scopes.forEach((scope) => {
    const verdict = options.find((option) => option.scope === scope);
    if (verdict && !verdict.grantable) throw notGrantable(input.scopes.indexOf(scope), verdict, options);
  });
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('validation_failed', 'expiresAt must be in the future.', {
      hint: 'Send a later time, or none for a key that does not expire.',
      details: { field: 'expiresAt', location: 'json' },
    });
  }
  // Interactive: the key is made by createLaunchApiKey, which runs its own statements and returns the new row the trail names.
  return db.interactive(async (tx) => {
    // A key past the idempotency window may be used again: the old API key lets go of it.
    if (request)
      await tx
        .update(launchApiKeys)
        .set({ idempotencyKey: null })
        .where(expiredHolders(apiKeyKeys, actor.workspaceId, request));
    const key = await createLaunchApiKey(tx, {
      workspaceId: actor.workspaceId,
      name: input.name,
      scopes,
      createdBy: actor.userId,
      expiresAt: input.expiresAt,
      idempotency: request,
    });
    await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
      { action: 'api_key.create', from: null, to: 'active', note: `${key.name}: ${scopes.join(' ')}`, subject: { type: 'api_key', id: key.id } },
    ]);
    return { ...apiKeyView(key), secret: key.secret };
  });
}

const apiKeyKeys = { owner: launchApiKeys.workspaceId, key: launchApiKeys.idempotencyKey, createdAt: launchApiKeys.createdAt };

/**
 * A create under this key that committed but whose answer was lost: only the hash of its secret
 * was kept, so the secret cannot be shown again, and handing out a second key would leave the
 * first one active with a secret nobody has. 409 naming the key, to be revoked and made anew under
 * a new Idempotency-Key; another request under the key is a 422.
 */
export async function refuseIdempotentApiKey(db: Database, workspaceId: string, request: IdempotentRequest): Promise<void> {
  const [earlier] = await db
    .select({ id: launchApiKeys.id, fingerprint: launchApiKeys.idempotencyFingerprint })
    .from(launchApiKeys)
    .where(earlierCreate(apiKeyKeys, workspaceId, request));
  const keyId = replayOf(earlier, request);
  if (keyId)
    throw new ApiError('conflict', 'This Idempotency-Key already created an API key, whose secret cannot be shown again.', {
      hint: `Revoke it (DELETE /api/v1/api-keys/${keyId}) and create another with a new Idempotency-Key.`,
      details: { keyId },
    });
}

/**
 * Revokes a key. The key gate caches a key for up to a minute, so it is told to forget this one
 * once the revocation is committed: the key's very next request reads the database and is refused.
 */
export async function revokeApiKey(env: Pick<LaunchBindings, 'KEY_GATE'>, db: Database, actor: MemberActor, keyId: string) {
  // Interactive: whether the update found an unrevoked key decides between the trail and a 404/409.
  const key = await db.interactive(async (tx) => {
    const [revoked] = await tx
      .update(launchApiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(launchApiKeys.workspaceId, actor.workspaceId), eq(launchApiKeys.id, keyId), isNull(launchApiKeys.revokedAt)))
      .returning();
    if (!revoked) {
      await getApiKey(db, actor.workspaceId, keyId);
      throw new ApiError('conflict', 'This API key is already revoked.', { hint: 'Nothing to do; revoked keys stay listed for the record.' });
    }
    await recordChanges(tx, actor.workspaceId, { type: 'user', id: actor.userId }, [
      { action: 'api_key.revoke', from: 'active', to: 'revoked', note: revoked.name, subject: { type: 'api_key', id: revoked.id } },
    ]);
    return revoked;
  });
  await env.KEY_GATE.get(env.KEY_GATE.idFromName(key.hash)).forget();
  return apiKeyView(key);
}

function notGrantable(index: number, verdict: Extract<ScopeVerdict, { grantable: false }>, options: readonly ScopeVerdict[]): ApiError {
  const why = {
    unused: 'no operation uses it yet',
    role: 'your role does not hold it, and a key never holds more than the person who makes it',
    plan: `the workspace's plan does not include ${verdict.requiredFeatures?.join(' or ')}`,
  }[verdict.reason];
  const grantable = options.filter((option) => option.grantable).map((option) => option.scope);
  return new ApiError('validation_failed', `scopes.${index}: \`${verdict.scope}\` cannot be granted: ${why}.`, {
    hint: `Grant only: ${grantable.join(', ') || '(none)'}.`,
    details: { field: `scopes.${index}`, location: 'json', reason: verdict.reason, grantable },
  });
}
