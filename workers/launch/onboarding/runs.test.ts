import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onboardingRuns } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { findIdempotentRun, startRun } from './runs';

const actor = { type: 'key', id: 'key_test' } as const;
const input = { url: 'https://example.com/' };

/** The database side of Idempotency-Key, as a retry reaches it once the key's record in front was given up. */
describe('onboarding starts remember their Idempotency-Key', () => {
  it('finds the run a start under the key queued, even once it has finished, and refuses another request under the key with 422', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    expect(await withTestDb((db) => findIdempotentRun(db, workspace.id, request))).toBeUndefined();
    const first = await withTestDb((db) => startRun(db, workspace.id, actor, input, request));
    // Finished: a start would no longer be refused as a second active run, so only the key tells.
    await withTestDb((db) => db.update(onboardingRuns).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(onboardingRuns.id, first.id)));
    expect((await withTestDb((db) => findIdempotentRun(db, workspace.id, request)))?.id).toBe(first.id);
    await expect(withTestDb((db) => findIdempotentRun(db, workspace.id, { ...request, fingerprint: 'other' }))).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    // The key is the workspace's own: another workspace's start under it queues a run of its own.
    const other = await seedWorkspace();
    expect(await withTestDb((db) => findIdempotentRun(db, other.workspace.id, request))).toBeUndefined();
    expect((await withTestDb((db) => startRun(db, other.workspace.id, actor, input, request))).id).not.toBe(first.id);
  });

  it('lets a key past the idempotency window start a new run', async () => {
    const { workspace } = await seedWorkspace();
    const request = { key: crypto.randomUUID(), fingerprint: 'first' };
    const old = await withTestDb((db) => startRun(db, workspace.id, actor, input, request));
    await withTestDb((db) =>
      db
        .update(onboardingRuns)
        .set({ status: 'succeeded', createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1_000) })
        .where(eq(onboardingRuns.id, old.id)),
    );
    expect(await withTestDb((db) => findIdempotentRun(db, workspace.id, { ...request, fingerprint: 'second' }))).toBeUndefined();
    const fresh = await withTestDb((db) => startRun(db, workspace.id, actor, input, { ...request, fingerprint: 'second' }));
    expect(fresh.id).not.toBe(old.id);
    const keys = await withTestDb((db) =>
      db.select({ id: onboardingRuns.id, key: onboardingRuns.idempotencyKey }).from(onboardingRuns).where(eq(onboardingRuns.workspaceId, workspace.id)),
    );
    expect(Object.fromEntries(keys.map((row) => [row.id, row.key]))).toEqual({ [old.id]: null, [fresh.id]: request.key });
  });
});
