import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchApiKeys } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { seedMember, seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createApiKey, refuseIdempotentApiKey } from './api-keys';

const input = { name: 'deploys', scopes: ['artifact:read'] as const };

async function owner() {
  const { workspace } = await seedWorkspace();
  const { user } = await seedMember({ workspaceId: workspace.id, role: 'owner' });
  return { workspaceId: workspace.id, userId: user.id, role: 'owner' as const };
}

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('API key creates remember their Idempotency-Key', () => {
  it('refuses a retry of a create whose answer was lost with 409 naming the key, never showing its secret again', async () => {
    const actor = await owner();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    await withTestDb((db) => refuseIdempotentApiKey(db, actor.workspaceId, request));
    const first = await withTestDb((db) => createApiKey(db, actor, input, [], request));
    const refusal = withTestDb((db) => refuseIdempotentApiKey(db, actor.workspaceId, request));
    await expect(refusal).rejects.toMatchObject({ code: 'conflict', details: { keyId: first.id } });
    await expect(refusal).rejects.not.toHaveProperty('details.secret');
    await expect(withTestDb((db) => refuseIdempotentApiKey(db, actor.workspaceId, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's create under it makes a key of its own.
    const other = await owner();
    await withTestDb((db) => refuseIdempotentApiKey(db, other.workspaceId, request));
    expect((await withTestDb((db) => createApiKey(db, other, input, [], request))).id).not.toBe(first.id);
  });

  it('lets a key past the idempotency window make a new API key', async () => {
    const actor = await owner();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await withTestDb((db) => createApiKey(db, actor, input, [], request));
    await withTestDb((db) =>
      db
        .update(launchApiKeys)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(launchApiKeys.id, old.id)),
    );
    await withTestDb((db) => refuseIdempotentApiKey(db, actor.workspaceId, { ...request, fingerprint: 'second' }));
    const fresh = await withTestDb((db) => createApiKey(db, actor, input, [], { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) =>
      db.select({ id: launchApiKeys.id, key: launchApiKeys.idempotencyKey }).from(launchApiKeys).where(eq(launchApiKeys.createdBy, actor.userId)),
    );
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });
});
