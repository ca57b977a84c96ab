import { describe, expect, it } from 'vitest';
import { callVerify } from '../../../../test/workers/bulk-flow';
import { auditOf, seedOperator } from '../../../../test/workers/operators';
import { seedTenant } from '../../../../test/workers/seed';

// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by toMatchObject, not by type.
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

describe('operator: a tenant’s API keys', () => {
  it('revokes a key at once, reactivates it (200) so it works at its next request, and refuses a second reactivation (409)', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant, key, auth } = await seedTenant({ scopes: ['verify'] });
    const path = `/v1/admin/tenants/${tenant.id}/api-keys/${key.id}`;
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(200);

    expect(await json(await callVerify('DELETE', path, headers))).toMatchObject({ status: 200, body: { id: key.id, status: 'revoked', tenant_id: tenant.id } });
    // The key's gate now remembers it as unknown; reactivation must reach past that memory.
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(401);
    expect(await json(await callVerify('DELETE', path, headers))).toMatchObject({
      status: 409,
      body: { code: 'invalid_transition', currentStatus: 'revoked' },
    });

    expect(await json(await callVerify('POST', `${path}/reactivate`, headers))).toMatchObject({
      status: 200,
      body: { id: key.id, status: 'active', revoked_at: null, scopes: ['verify'] },
    });
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(200);
    expect(await json(await callVerify('POST', `${path}/reactivate`, headers))).toMatchObject({
      status: 409,
      body: { code: 'invalid_transition', currentStatus: 'active' },
    });

    const audit = await auditOf(operator.id);
    expect(audit.map((row) => [row.action, row.targetId, row.tenantId, row.operatorName])).toEqual([
      ['delete_tenant_api_key', key.id, tenant.id, operator.name],
      ['reactivate_api_key', key.id, tenant.id, operator.name],
    ]);
    expect(audit[1]!.change).toMatchObject({ before: { revoked_at: expect.any(String) }, after: { revoked_at: null } });
    expect(JSON.stringify(audit)).not.toContain(key.hash);
  });

  it('creates a key shown once, changes its scopes and expiry with effect at the next request', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant } = await seedTenant({ scopes: [] });
    const created = await json(await callVerify('POST', `/v1/admin/tenants/${tenant.id}/api-keys`, headers, { name: 'support-made', scopes: ['verify'] }));
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'support-made', secret: expect.stringMatching(/^vk_/), created_by: `operator:${operator.id}` },
    });
    const auth = { authorization: `Bearer ${created.body.secret}` };
    const path = `/v1/admin/tenants/${tenant.id}/api-keys/${created.body.id}`;
    expect((await callVerify('GET', '/v1/me/api-keys', auth)).status).toBe(403);

    expect(await json(await callVerify('PATCH', path, headers, { scopes: ['verify', 'admin'] }))).toMatchObject({
      status: 200,
      body: { scopes: ['verify', 'admin'] },
    });
    expect((await callVerify('GET', '/v1/me/api-keys', auth)).status).toBe(200);
    const read = await json(await callVerify('GET', path, headers));
    expect(read.body).not.toHaveProperty('secret');

    const past = new Date(Date.now() - 1000).toISOString();
    expect(await json(await callVerify('PATCH', path, headers, { expires_at: past }))).toMatchObject({ status: 200, body: { status: 'expired' } });
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(401);
    await callVerify('PATCH', path, headers, { expires_at: null });
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(200);

    expect((await auditOf(operator.id)).map((row) => row.action)).toEqual([
      'create_tenant_api_key',
      'update_tenant_api_key',
      'update_tenant_api_key',
      'update_tenant_api_key',
    ]);
  });

  it('finds keys across tenants by tenant, status and the start of a secret', async () => {
    const { headers } = await seedOperator('support');
    const first = await seedTenant({ scopes: ['verify'] });
    const second = await seedTenant({ scopes: ['verify'] });
    const byPrefix = await json(await callVerify('GET', `/v1/admin/api-keys?prefix=${second.key.secret.slice(0, 11)}`, headers));
    expect(byPrefix.body.api_keys.map((key: { id: string }) => key.id)).toEqual([second.key.id]);
    const byTenant = await json(await callVerify('GET', `/v1/admin/api-keys?tenant_id=${first.tenant.id}&status=active`, headers));
    expect(byTenant.body).toMatchObject({ total: 1, api_keys: [{ id: first.key.id, tenant_id: first.tenant.id, status: 'active' }] });
    expect((await json(await callVerify('GET', `/v1/admin/api-keys?tenant_id=${first.tenant.id}&status=revoked`, headers))).body.total).toBe(0);
    const tenantList = await json(await callVerify('GET', `/v1/admin/tenants/${second.tenant.id}/api-keys`, headers));
    expect(tenantList.body).toMatchObject({ total: 1, api_keys: [{ id: second.key.id }] });
  });

  it('answers 404 for a key of another tenant and 400 for ids of the wrong shape, changing nothing', async () => {
    const { operator, headers } = await seedOperator();
    const mine = await seedTenant({ scopes: ['verify'] });
    const other = await seedTenant({ scopes: ['verify'] });
    const crossed = `/v1/admin/tenants/${mine.tenant.id}/api-keys/${other.key.id}`;
    for (const [method, path] of [
      ['GET', crossed],
      ['DELETE', crossed],
      ['POST', `${crossed}/reactivate`],
    ] as const) {
      expect(await json(await callVerify(method, path, headers))).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
    for (const [method, path, body, field] of [
      ['GET', `/v1/admin/tenants/${mine.tenant.id}/api-keys/not-a-uuid`, undefined, 'key_id'],
      ['POST', `/v1/admin/tenants/${mine.tenant.id}/api-keys`, { name: 'x', scopes: ['everything'] }, 'scopes.0'],
      ['POST', `/v1/admin/tenants/${mine.tenant.id}/api-keys`, { name: 'x', scopes: [] }, 'scopes'],
      ['PATCH', `/v1/admin/tenants/${mine.tenant.id}/api-keys/${mine.key.id}`, {}, undefined],
      ['GET', '/v1/admin/api-keys?prefix=lk_abc', undefined, 'prefix'],
    ] as const) {
      const response = await json(await callVerify(method, path, headers, body));
      expect({ call: `${method} ${path}`, ...response }).toMatchObject({ status: 400, body: { code: 'validation_failed', ...(field ? { field } : {}) } });
    }
    expect((await callVerify('GET', '/v1/me', other.auth)).status).toBe(200);
    expect(await auditOf(operator.id)).toEqual([]);
  });
});
