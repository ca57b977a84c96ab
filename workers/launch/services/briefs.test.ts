import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { briefs } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { corpus } from '../../../test/fixtures/release-notes';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { createBrief, draftCampaignFromBrief, findIdempotentBrief } from './briefs';
import { findIdempotentCampaign } from './campaigns';
import { createRelease } from './releases';

const actor = { type: 'key', id: 'key_test' } as const;
const vite = corpus.find((entry) => entry.id === 'vite-7.0.0')!;

/** A workspace with one briefable release. */
async function workspaceWithRelease() {
  const { workspace } = await seedWorkspace();
  const release = await withTestDb((db) => createRelease(db, workspace.id, actor, { version: vite.version, title: vite.title, notes: vite.notes }));
  return { workspaceId: workspace.id, releaseId: release.id };
}

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('brief creates remember their Idempotency-Key', () => {
  it('finds the brief a create under the key committed, and refuses another request under the key with 422', async () => {
    const { workspaceId, releaseId } = await workspaceWithRelease();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await withTestDb((db) => findIdempotentBrief(db, workspaceId, request))).toBeUndefined();
    const first = await withTestDb((db) => createBrief(db, workspaceId, actor, releaseId, request));
    expect(await withTestDb((db) => findIdempotentBrief(db, workspaceId, request))).toBe(first.id);
    await expect(withTestDb((db) => findIdempotentBrief(db, workspaceId, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's create under it makes a brief of its own.
    const other = await workspaceWithRelease();
    expect(await withTestDb((db) => findIdempotentBrief(db, other.workspaceId, request))).toBeUndefined();
    expect((await withTestDb((db) => createBrief(db, other.workspaceId, actor, other.releaseId, request))).id).not.toBe(first.id);
  });

  it('lets a key past the idempotency window make a new brief', async () => {
    const { workspaceId, releaseId } = await workspaceWithRelease();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await withTestDb((db) => createBrief(db, workspaceId, actor, releaseId, request));
    await withTestDb((db) =>
      db
        .update(briefs)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(briefs.id, old.id)),
    );
    expect(await withTestDb((db) => findIdempotentBrief(db, workspaceId, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await withTestDb((db) => createBrief(db, workspaceId, actor, releaseId, { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) => db.select({ id: briefs.id, key: briefs.idempotencyKey }).from(briefs).where(eq(briefs.workspaceId, workspaceId)));
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });

  it('keeps the key of a campaign drafted from a brief on the campaign, as a campaign create does', async () => {
    const { workspaceId, releaseId } = await workspaceWithRelease();
    const brief = await withTestDb((db) => createBrief(db, workspaceId, actor, releaseId));
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const campaign = await withTestDb((db) => draftCampaignFromBrief(db, workspaceId, actor, brief.id, { channels: ['x'] }, undefined, request));
    expect(await withTestDb((db) => findIdempotentCampaign(db, workspaceId, request))).toBe(campaign.id);
    await expect(withTestDb((db) => findIdempotentCampaign(db, workspaceId, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });
});
