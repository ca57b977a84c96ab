import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launchSubscriptions, launchUsageCounters } from '../db/schema';
import { callLaunch, launchTeam } from '../../test/workers/launch-flow';
import { setSubscription, waitUntil, withTestDb } from '../../test/workers/seed';
import { billingPeriod } from './billing-period';

/** Subscriptions across a billing-period boundary, seen through the launch Worker (see entitlements.verify.test.ts). */

const post = [{ channel: 'x', copy: 'Across the boundary' }];

describe('launch subscriptions across a period boundary', () => {
  it('keeps a key and a session working after the period ends, with the campaigns quota counted afresh', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const end = new Date(Date.now() + 1_500);
    await setSubscription({ workspaceId: team.workspace.id }, { currentPeriodEnd: end });
    expect((await callLaunch('POST', '/api/v1/campaigns', team.key, { name: 'Before', objective: 'Launch', posts: post })).status).toBe(201);

    await waitUntil(end);
    expect((await callLaunch('POST', '/api/v1/campaigns', team.key, { name: 'After', objective: 'Launch', posts: post })).status).toBe(201);
    expect((await callLaunch('GET', '/api/v1/campaigns', { cookie: owner.cookie })).status).toBe(200);

    const counters = await withTestDb((db) => db.select().from(launchUsageCounters).where(eq(launchUsageCounters.workspaceId, team.workspace.id)));
    expect(counters.map((row) => [row.quota, row.periodStart.getTime(), row.used]).sort()).toEqual([
      ['campaigns', billingPeriod(new Date()).start.getTime(), 1],
      ['campaigns', end.getTime(), 1],
    ]);
    const [subscription] = await withTestDb((db) => db.select().from(launchSubscriptions).where(eq(launchSubscriptions.workspaceId, team.workspace.id)));
    expect(subscription).toMatchObject({ status: 'active', currentPeriodStart: end, currentPeriodEnd: billingPeriod(new Date()).end });
  });

  it('stops a workspace whose cancellation took effect at the period end', async () => {
    const team = await launchTeam();
    await setSubscription({ workspaceId: team.workspace.id }, { currentPeriodEnd: new Date(Date.now() - 1), canceledAt: new Date() });
    const refused = await callLaunch('GET', '/api/v1/campaigns', team.key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'workspace_feature_not_entitled', currentPlan: null, requiredPlan: 'pro' });
  });
});
