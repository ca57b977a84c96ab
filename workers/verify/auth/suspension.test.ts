import { describe, expect, it } from 'vitest';
import { callVerify, verifyEnv } from '../../../test/workers/bulk-flow';
import { addVerifyKey, seedTenant, withTestDb } from '../../../test/workers/seed';
import { setTenantStatus } from '../account/tenants';

describe('a suspended tenant', () => {
  it('has every key refused with 403 workspace_suspended at once, cached or not, and served again once reinstated', async () => {
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const other = await addVerifyKey(tenant.id, ['verify']);
    // Both keys' gates hold the tenant as active in their 60-second cache.
    for (const key of [auth, other.auth]) expect((await callVerify('GET', '/v1/me', key)).status).toBe(200);

    await withTestDb((db) => setTenantStatus(verifyEnv, db, tenant.id, 'suspended'));
    for (const key of [auth, other.auth]) {
      const response = await callVerify('GET', '/v1/me', key);
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status: 403,
        body: { code: 'workspace_suspended', message: expect.any(String), hint: expect.any(String) },
      });
    }
    // Other tenants are untouched.
    expect((await callVerify('GET', '/v1/me', (await seedTenant({ scopes: ['verify'] })).auth)).status).toBe(200);

    await withTestDb((db) => setTenantStatus(verifyEnv, db, tenant.id, 'active'));
    for (const key of [auth, other.auth]) expect((await callVerify('GET', '/v1/me', key)).status).toBe(200);
  });
});
