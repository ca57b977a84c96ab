import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createCampaign, findIdempotentCampaign } from './campaigns';

const actor = { type: 'key', id: 'key_test' } as const;
const input = { name: 'Launch', objective: 'ship', posts: [{ channel: 'x' as const, copy: 'v2 is out' }] };

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('campaign creates remember their Idempotency-Key', () => {
  it('finds the campaign a create under the key committed, and refuses another request under the key with 422', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await withTestDb((db) => findIdempotentCampaign(db, workspace.id, request))).toBeUndefined();
    const first = await withTestDb((db) => createCampaign(db, workspace.id, actor, input, request));
    expect(await withTestDb((db) => findIdempotentCampaign(db, workspace.id, request))).toBe(first.id);
    await expect(withTestDb((db) => findIdempotentCampaign(db, workspace.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's create under it finds nothing.
    const other = await seedWorkspace();
    expect(await withTestDb((db) => findIdempotentCampaign(db, other.workspace.id, request))).toBeUndefined();
  });

  it('lets a key past the idempotency window make a new campaign', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await withTestDb((db) => createCampaign(db, workspace.id, actor, input, request));
    await withTestDb((db) =>
      db
        .update(campaigns)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(campaigns.id, old.id)),
    );
    expect(await withTestDb((db) => findIdempotentCampaign(db, workspace.id, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await withTestDb((db) => createCampaign(db, workspace.id, actor, input, { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) =>
      db.select({ id: campaigns.id, key: campaigns.idempotencyKey }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)),
    );
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });
});
