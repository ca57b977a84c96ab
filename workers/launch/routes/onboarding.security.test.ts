import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onboardingRuns } from '../../../shared/db/schema';
import { callLaunch } from '../../../test/workers/launch-flow';
import { describeSecurity } from '../../../test/workers/security-suite';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { startRun } from '../onboarding/runs';

const feature = 'workspace:use';
/** A finished run (the suite may ask for the path more than once; only one run can be active). */
async function seedFinishedRun(workspaceId: string): Promise<string> {
  return withTestDb(async (db) => {
    const run = await startRun(db, workspaceId, { type: 'key', id: 'seed' }, { url: 'https://example.com/' });
    await db.update(onboardingRuns).set({ status: 'failed', finishedAt: new Date() }).where(eq(onboardingRuns.id, run.id));
    return run.id;
  });
}
const runPath =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/api/v1/onboarding/runs/${await seedFinishedRun(workspace.id)}${suffix}`;

describeSecurity({
  service: 'launch',
  method: 'POST',
  path: '/api/v1/onboarding/runs',
  body: { url: 'https://example.com/' },
  scopes: ['onboarding:run'],
  feature,
});
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/onboarding/runs', scopes: ['onboarding:run'], feature });
describeSecurity({ service: 'launch', method: 'GET', path: runPath(), scopes: ['onboarding:run'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: runPath('/pages'), scopes: ['onboarding:run'], feature, ownsResource: true });
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/product-profile', scopes: ['artifact:read'], feature });
describeSecurity({ service: 'launch', method: 'PATCH', path: '/api/v1/product-profile', body: { name: 'Acme' }, scopes: ['onboarding:run'], feature });

describe('isolation of the product profile and runs', () => {
  it("never shows one workspace's profile or runs to another", async () => {
    const owner = await seedWorkspace({ scopes: ['onboarding:run', 'artifact:read'] });
    const stranger = await seedWorkspace({ scopes: ['onboarding:run', 'artifact:read'] });
    expect((await callLaunch('PATCH', '/api/v1/product-profile', owner.auth, { name: 'Secret product' })).status).toBe(200);
    await seedFinishedRun(owner.workspace.id);
    expect(await (await callLaunch('GET', '/api/v1/product-profile', stranger.auth)).json()).toMatchObject({ name: null, updatedAt: null });
    expect(await (await callLaunch('GET', '/api/v1/onboarding/runs', stranger.auth)).json()).toEqual({ data: [], nextCursor: null });
    // A stranger's edit and run touch only its own workspace.
    await callLaunch('PATCH', '/api/v1/product-profile', stranger.auth, { name: 'Other' });
    expect(await (await callLaunch('GET', '/api/v1/product-profile', owner.auth)).json()).toMatchObject({ name: 'Secret product' });
  });
});
