import { describe, expect, it } from 'vitest';
import { consumeQuota, verifyQuotaStore } from '../../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../../shared/platform/entitlements';
import { callVerify } from '../../../../test/workers/bulk-flow';
import { auditOf, seedOperator } from '../../../../test/workers/operators';
import { seedTenant, withTestDb } from '../../../../test/workers/seed';

// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by toMatchObject, not by type.
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

/** Spends credits as a check would: the same conditional increment and ledger row. */
async function spend(tenantId: string, amount: number) {
  await withTestDb(async (db) =>
    consumeQuota(db, verifyQuotaStore, { ownerId: tenantId, quota: 'credits', amount, entitlement: await loadVerifyEntitlement(db, tenantId, new Date()) }),
  );
}

const credits = async (auth: Record<string, string>) => {
  const usage = await json(await callVerify('GET', '/v1/me/usage', auth));
  return usage.body.quotas.find((quota: { quota: string }) => quota.quota === 'credits');
};

describe('operator quotas', () => {
  it('overrides the plan’s allowance for one tenant, visible at once in its GET /v1/me/usage, and clears it with null', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant, auth } = await seedTenant({ planId: 'free', scopes: ['verify'] });
    await spend(tenant.id, 30);
    expect(await credits(auth)).toEqual({ quota: 'credits', limit: 100, used: 30, remaining: 70 });

    const patched = await json(await callVerify('PATCH', `/v1/admin/tenants/${tenant.id}/quota`, headers, { overrides: { credits: 5000 } }));
    expect(patched).toMatchObject({
      status: 200,
      body: { tenant_id: tenant.id, plan_id: 'free', quotas: [{ quota: 'credits', plan_limit: 100, override: 5000, limit: 5000, used: 30, remaining: 4970 }] },
    });
    expect(await credits(auth)).toEqual({ quota: 'credits', limit: 5000, used: 30, remaining: 4970 });
    // The override is what the conditional increment checks, not only what is shown.
    await spend(tenant.id, 200);

    await callVerify('PATCH', `/v1/admin/tenants/${tenant.id}/quota`, headers, { overrides: { credits: null } });
    expect(await credits(auth)).toEqual({ quota: 'credits', limit: 100, used: 230, remaining: 0 });
    expect((await json(await callVerify('GET', `/v1/admin/tenants/${tenant.id}/quota`, headers))).body.quotas).toEqual([
      { quota: 'credits', plan_limit: 100, override: null, limit: 100, used: 230, remaining: 0 },
    ]);

    const audit = await auditOf(operator.id);
    expect(audit.map((row) => [row.action, row.change])).toEqual([
      ['update_tenant_quota', { before: {}, after: { credits: 5000 } }],
      ['update_tenant_quota', { before: { credits: 5000 }, after: {} }],
    ]);
  });

  it('resets this period’s usage to zero, with the amount given back in the ledger GET /v1/me/usage sums', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant, auth } = await seedTenant({ planId: 'free', scopes: ['verify'] });
    await spend(tenant.id, 100);
    expect(await credits(auth)).toMatchObject({ used: 100, remaining: 0 });

    const reset = await json(await callVerify('POST', `/v1/admin/tenants/${tenant.id}/quota/reset`, headers));
    expect(reset).toMatchObject({ status: 200, body: { quotas: [{ quota: 'credits', used: 0, remaining: 100 }] } });
    expect(await credits(auth)).toEqual({ quota: 'credits', limit: 100, used: 0, remaining: 100 });
    const usage = await json(await callVerify('GET', '/v1/me/usage', auth));
    expect(usage.body.daily.reduce((sum: number, day: { quantity: number }) => sum + day.quantity, 0)).toBe(0);
    await spend(tenant.id, 100);

    expect(await json(await callVerify('POST', `/v1/admin/tenants/${tenant.id}/quota/reset`, headers, { quota: 'credits' }))).toMatchObject({
      status: 200,
      body: { quotas: [{ used: 0 }] },
    });
    const audit = await auditOf(operator.id);
    expect(audit.map((row) => [row.action, (row.change as { before: unknown }).before])).toEqual([
      ['reset_tenant_quota', { credits: 100 }],
      ['reset_tenant_quota', { credits: 100 }],
    ]);
  });

  it('refuses unknown quotas, bad amounts and tenants without a period, changing nothing', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant } = await seedTenant({ planId: 'free' });
    const unsubscribed = await seedTenant({ planId: null });
    for (const [method, path, body, status, field] of [
      ['PATCH', `/v1/admin/tenants/${tenant.id}/quota`, { overrides: { seats: 3 } }, 400, 'overrides'],
      ['PATCH', `/v1/admin/tenants/${tenant.id}/quota`, { overrides: { credits: -1 } }, 400, 'overrides.credits'],
      ['PATCH', `/v1/admin/tenants/${tenant.id}/quota`, { overrides: { credits: 1.5 } }, 400, 'overrides.credits'],
      ['PATCH', `/v1/admin/tenants/${tenant.id}/quota`, { overrides: {} }, 400, 'overrides'],
      ['POST', `/v1/admin/tenants/${tenant.id}/quota/reset`, { quota: 'seats' }, 400, 'quota'],
      ['POST', `/v1/admin/tenants/${unsubscribed.tenant.id}/quota/reset`, undefined, 409, undefined],
      ['GET', '/v1/admin/tenants/ten_00000000000000000000000000/quota', undefined, 404, undefined],
    ] as const) {
      const response = await json(await callVerify(method, path, headers, body));
      expect({ call: `${method} ${path}`, ...response }).toMatchObject({
        status,
        body: { code: expect.any(String), hint: expect.any(String), ...(field ? { field } : {}) },
      });
    }
    expect((await json(await callVerify('GET', `/v1/admin/tenants/${tenant.id}/quota`, headers))).body.quotas).toMatchObject([{ override: null, limit: 100 }]);
    expect(await auditOf(operator.id)).toEqual([]);
  });
});
