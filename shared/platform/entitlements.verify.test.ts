import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifySubscriptions, verifyUsageCounters, verifyUsageLedger } from '../db/schema';
import { bulkTenant, callVerify, createBulkJob, jobOnceIn } from '../../test/workers/bulk-flow';
import { uniqueAddress } from '../../test/workers/engine-peers';
import { seedTenant, setSubscription, waitUntil, withTestDb } from '../../test/workers/seed';
import { billingPeriod } from './billing-period';
import { loadVerifyEntitlement } from './entitlements';

/**
 * Subscriptions across a billing-period boundary, seen through the verify Worker. A test cannot
 * move workerd's clock, so it moves the boundary instead: the period is made to end a moment
 * ahead (the key's cached plan included), or the subscription is dated months back.
 */

async function check(auth: Record<string, string>, email: string) {
  return callVerify('POST', '/v1/check_email', auth, { to_email: email });
}

async function usage(auth: Record<string, string>) {
  const response = await callVerify('GET', '/v1/me/usage', auth);
  expect(response.status).toBe(200);
  return (await response.json()) as { plan: { period_start: string; period_end: string }; quotas: Array<{ quota: string; used: number }> };
}

const countersOf = (tenantId: string) =>
  withTestDb((db) =>
    db
      .select({ periodStart: verifyUsageCounters.periodStart, used: verifyUsageCounters.used })
      .from(verifyUsageCounters)
      .where(and(eq(verifyUsageCounters.tenantId, tenantId), eq(verifyUsageCounters.quota, 'credits')))
      .orderBy(asc(verifyUsageCounters.periodStart)),
  );

const subscriptionOf = async (tenantId: string) =>
  (await withTestDb((db) => db.select().from(verifySubscriptions).where(eq(verifySubscriptions.tenantId, tenantId))))[0]!;

describe('verify subscriptions across a period boundary', () => {
  it('renews an active subscription when its period ends: the plan stays, credits count afresh, the old period is kept', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const end = new Date(Date.now() + 1_500);
    await setSubscription({ tenantId: tenant.id }, { currentPeriodEnd: end });
    expect((await check(auth, uniqueAddress('alice', 'mailbox.test'))).status).toBe(200);

    await waitUntil(end);
    // The key's plan was cached with the old period: it is read again once that period is over.
    expect((await check(auth, uniqueAddress('alice', 'mailbox.test'))).status).toBe(200);
    expect((await check(auth, uniqueAddress('alice', 'mailbox.test'))).status).toBe(200);

    const renewed = await subscriptionOf(tenant.id);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: end, currentPeriodEnd: billingPeriod(new Date()).end });
    const now = await usage(auth);
    expect(now.plan.period_start).toBe(end.toISOString());
    expect(now.quotas.find((quota) => quota.quota === 'credits')!.used).toBe(2);
    expect(await countersOf(tenant.id)).toEqual([
      { periodStart: billingPeriod(new Date()).start, used: 1 },
      { periodStart: end, used: 2 },
    ]);
    const ledger = await withTestDb((db) => db.select().from(verifyUsageLedger).where(eq(verifyUsageLedger.tenantId, tenant.id)));
    expect(ledger.map((row) => row.periodStart.getTime()).sort()).toEqual([billingPeriod(new Date()).start.getTime(), end.getTime(), end.getTime()]);
  });

  it('renews into this month a subscription whose last period was months ago', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'], subscribedAt: new Date(Date.now() - 100 * 86_400_000) });
    expect((await check(auth, uniqueAddress('alice', 'mailbox.test'))).status).toBe(200);
    const month = billingPeriod(new Date());
    expect(await subscriptionOf(tenant.id)).toMatchObject({ status: 'active', currentPeriodStart: month.start, currentPeriodEnd: month.end });
  });

  it('renews once when many readers cross the boundary together', async () => {
    const { tenant } = await seedTenant({ scopes: ['verify'], subscribedAt: new Date(Date.now() - 40 * 86_400_000) });
    const now = new Date();
    const entitlements = await Promise.all(Array.from({ length: 8 }, () => withTestDb((db) => loadVerifyEntitlement(db, tenant.id, now))));
    const month = billingPeriod(now);
    expect(new Set(entitlements.map((entitlement) => `${entitlement.planId} ${entitlement.periodStart}-${entitlement.periodEnd}`))).toEqual(
      new Set([`pro ${month.start.getTime()}-${month.end.getTime()}`]),
    );
    expect(await subscriptionOf(tenant.id)).toMatchObject({ status: 'active', currentPeriodStart: month.start, currentPeriodEnd: month.end });
  });

  it('stops a subscription cancelled at the period end once that end passes, and never renews it', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const end = new Date(Date.now() + 1_000);
    await setSubscription({ tenantId: tenant.id }, { currentPeriodEnd: end, canceledAt: new Date() });
    expect((await check(auth, uniqueAddress('alice', 'mailbox.test'))).status).toBe(200);
    await waitUntil(end);
    const refused = await check(auth, uniqueAddress('alice', 'mailbox.test'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'workspace_feature_not_entitled', currentPlan: null });
    expect(await subscriptionOf(tenant.id)).toMatchObject({ status: 'canceled', currentPeriodEnd: end });
  });

  it('gives a past-due subscription no features, inside its period too', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    await setSubscription({ tenantId: tenant.id }, { status: 'past_due' });
    const refused = await check(auth, uniqueAddress('alice', 'mailbox.test'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'workspace_feature_not_entitled', currentPlan: null });
  });

  it('finishes a bulk job that spans the boundary: its credits stay in the period that paid for them, its results stay readable', async () => {
    const { tenant, auth } = await bulkTenant();
    const end = new Date(Date.now() + 1_000);
    await setSubscription({ tenantId: tenant.id }, { currentPeriodEnd: end });
    const monthStart = billingPeriod(new Date()).start;
    // Greylisted: accepted on the retry, after the boundary. Policy-blocked: unknown, so refunded.
    const job = await createBulkJob(
      auth,
      [uniqueAddress('alice', 'mailbox.test'), uniqueAddress('alice', 'greylist.test'), uniqueAddress('alice', 'policy-block.test')],
      { sandbox: false },
    );
    await waitUntil(end);

    const done = await jobOnceIn(auth, job.job_id, 'completed', 60_000);
    expect(done.summary).toMatchObject({ total_safe: 2, total_unknown: 1 });
    const results = await callVerify('GET', `/v1/jobs/${job.job_id}/results`, auth);
    expect(results.status).toBe(200);
    await results.text();
    // Three charged when the job was made, the unknown refunded there; the new period starts at zero.
    expect(await countersOf(tenant.id)).toEqual([{ periodStart: monthStart, used: 2 }]);
    expect((await usage(auth)).plan.period_start).toBe(end.toISOString());
    expect((await usage(auth)).quotas.find((quota) => quota.quota === 'credits')!.used).toBe(0);
  });
});
