import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Entitlement } from '../auth/principal';
import { verifyUsageLedger } from '../db/schema';
import { ApiError } from '../http/api-error';
import { seedTenant, withTestDb } from '../../test/workers/seed';
import { consumeQuota, readUsage, refundQuota, verifyQuotaStore } from './quota';

const periodStart = Date.UTC(2026, 10, 1);
const periodEnd = Date.UTC(2026, 11, 1);
const entitlement = (limit: number): Entitlement => ({ planId: 'test', features: [], quotas: { credits: limit }, periodStart, periodEnd });

describe('quotas', () => {
  it('never overshoots under concurrency: 50 parallel consumptions of a 10-credit quota, exactly 10 succeed', async () => {
    const { tenant } = await seedTenant();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withTestDb((db) => consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: 1, entitlement: entitlement(10) })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const refusals = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refusals).toHaveLength(40);
    expect(refusals.every((refusal) => refusal.reason instanceof ApiError && refusal.reason.code === 'workspace_quota_exceeded')).toBe(true);
    const usage = await withTestDb((db) => readUsage(db, verifyQuotaStore, tenant.id, periodStart));
    expect(usage).toEqual({ credits: 10 });
    const ledger = await withTestDb((db) => db.select().from(verifyUsageLedger).where(eq(verifyUsageLedger.tenantId, tenant.id)));
    expect(ledger.reduce((sum, row) => sum + row.quantity, 0)).toBe(10);
  });

  it('refuses with 429 workspace_quota_exceeded, Retry-After to the period end and X-RateLimit-*', async () => {
    const { tenant } = await seedTenant();
    const now = Date.UTC(2026, 10, 30, 23, 59, 0);
    const error = await withTestDb((db) =>
      consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: 3, entitlement: entitlement(2), now }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.toBody()).toMatchObject({ code: 'workspace_quota_exceeded', quota: 'credits', limit: 2, used: 0, retryAfter: 60 });
    expect(apiError.headers).toEqual({
      'Retry-After': '60',
      'X-RateLimit-Limit': '2',
      'X-RateLimit-Remaining': '2',
      'X-RateLimit-Reset': String(periodEnd),
    });
  });

  it('gives back refunded credits and records the refund in the ledger', async () => {
    const { tenant } = await seedTenant();
    const use = { ownerId: tenant.id, quota: 'credits', amount: 1, entitlement: entitlement(5) };
    await withTestDb(async (db) => {
      await consumeQuota(db, verifyQuotaStore, use);
      await consumeQuota(db, verifyQuotaStore, use);
      await refundQuota(db, verifyQuotaStore, use);
    });
    expect(await withTestDb((db) => readUsage(db, verifyQuotaStore, tenant.id, periodStart))).toEqual({ credits: 1 });
    const ledger = await withTestDb((db) =>
      db.select({ quantity: verifyUsageLedger.quantity }).from(verifyUsageLedger).where(eq(verifyUsageLedger.tenantId, tenant.id)),
    );
    expect(ledger.map((row) => row.quantity).sort()).toEqual([-1, 1, 1]);
  });

  it('refuses a quota the plan does not have', async () => {
    const { tenant } = await seedTenant();
    await expect(
      withTestDb((db) => consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'screenshots', amount: 1, entitlement: entitlement(5) })),
    ).rejects.toMatchObject({ code: 'workspace_quota_exceeded' });
  });
});
