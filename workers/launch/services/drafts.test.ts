import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentDrafts } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createDraft, findIdempotentDraft } from './drafts';

const actor = { type: 'key', id: 'key_test' } as const;
const input = { title: 'Launch post', body: 'v2 is out' };

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('draft creates remember their Idempotency-Key', () => {
  it('finds the draft a create under the key committed, and refuses another request under the key with 422', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await withTestDb((db) => findIdempotentDraft(db, workspace.id, request))).toBeUndefined();
    const first = await withTestDb((db) => createDraft(db, workspace.id, actor, input, request));
    expect((await withTestDb((db) => findIdempotentDraft(db, workspace.id, request)))?.id).toBe(first.id);
    await expect(withTestDb((db) => findIdempotentDraft(db, workspace.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's create under it makes a draft of its own.
    const other = await seedWorkspace();
    expect(await withTestDb((db) => findIdempotentDraft(db, other.workspace.id, request))).toBeUndefined();
    expect((await withTestDb((db) => createDraft(db, other.workspace.id, actor, input, request))).id).not.toBe(first.id);
  });

  it('lets a key past the idempotency window make a new draft', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await withTestDb((db) => createDraft(db, workspace.id, actor, input, request));
    await withTestDb((db) =>
      db
        .update(contentDrafts)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(contentDrafts.id, old.id)),
    );
    expect(await withTestDb((db) => findIdempotentDraft(db, workspace.id, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await withTestDb((db) => createDraft(db, workspace.id, actor, input, { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) =>
      db.select({ id: contentDrafts.id, key: contentDrafts.idempotencyKey }).from(contentDrafts).where(eq(contentDrafts.workspaceId, workspace.id)),
    );
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });
});
