import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { testAssetDeps } from '../../../test/workers/assets';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createUpload, findIdempotentUpload } from './assets';

const actor = { type: 'key', id: 'key_test' } as const;
const input = { filename: 'visual.png', contentType: 'image/png' as const, size: 10 };

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('upload signings remember their Idempotency-Key', () => {
  it('finds the asset a signing under the key recorded, signed again, and refuses another request under the key with 422', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, request))).toBeUndefined();
    const first = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, request));
    const later = new Date(Date.now() + 60_000);
    const again = await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, request), later);
    expect(again?.asset).toEqual(first.asset);
    // The first URL went out with the lost answer: the replay's URL is signed anew for the same asset.
    expect(again?.upload.url).toContain(`/api/v1/uploads/${first.asset.id}?`);
    expect(Date.parse(again!.upload.expiresAt)).toBeGreaterThan(Date.parse(first.upload.expiresAt));
    await expect(testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's signing under it records an asset of its own.
    const other = await seedWorkspace();
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, other.workspace.id, request))).toBeUndefined();
    expect((await testAssetDeps((deps) => createUpload(deps, other.workspace.id, actor, input, request))).asset.id).not.toBe(first.asset.id);
  });

  it('lets a key past the idempotency window record a new asset', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, request));
    await withTestDb((db) =>
      db
        .update(assets)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(assets.id, old.asset.id)),
    );
    expect(await testAssetDeps((deps) => findIdempotentUpload(deps, workspace.id, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await testAssetDeps((deps) => createUpload(deps, workspace.id, actor, input, { ...request, fingerprint: 'second' }));
    expect(fresh.asset.id).not.toBe(old.asset.id);
    const keys = await withTestDb((db) => db.select({ id: assets.id, key: assets.idempotencyKey }).from(assets).where(eq(assets.workspaceId, workspace.id)));
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.asset.id]: null, [fresh.asset.id]: request.key });
  });
});
