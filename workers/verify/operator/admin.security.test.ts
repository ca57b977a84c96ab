import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyScopes } from '../../../shared/auth/scopes';
import { operatorAuditEvents, tenants, verifyApiKeys } from '../../../shared/db/schema';
import { callVerify, seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { revokeOperator, seedOperator } from '../../../test/workers/operators';
import { revokeVerifyKey, seedTenant, withTestDb } from '../../../test/workers/seed';

/** Every operator operation with a concrete path (a real tenant, key and job) and a valid body. */
async function operations() {
  const target = await seedTenant({ scopes: ['verify'] });
  await revokeVerifyKey(target.key.id);
  const job = await seedJob(target.tenant.id, ['a@example.com']);
  const tenant = `/v1/admin/tenants/${target.tenant.id}`;
  const key = `${tenant}/api-keys/${target.key.id}`;
  const list: Array<[string, string, unknown?]> = [
    ['GET', '/v1/admin/openapi.json'],
    ['GET', '/v1/admin/tenants'],
    ['POST', '/v1/admin/tenants', { name: 'Refused Ltd' }],
    ['GET', tenant],
    ['PUT', tenant, { name: 'Renamed', status: 'suspended' }],
    ['DELETE', tenant],
    ['GET', `${tenant}/api-keys`],
    ['POST', `${tenant}/api-keys`, { name: 'refused', scopes: ['verify'] }],
    ['GET', key],
    ['PATCH', key, { name: 'renamed' }],
    ['DELETE', key],
    ['POST', `${key}/reactivate`],
    ['GET', '/v1/admin/api-keys'],
    ['GET', `${tenant}/jobs`],
    ['GET', `${tenant}/quota`],
    ['PATCH', `${tenant}/quota`, { overrides: { credits: 1 } }],
    ['POST', `${tenant}/quota/reset`],
    ['GET', '/v1/admin/jobs'],
    ['GET', `/v1/admin/jobs/${job.id}`],
    ['GET', `/v1/admin/jobs/${job.id}/results`],
    ['GET', `/v1/admin/jobs/${job.id}/events`],
    ['GET', '/v1/admin/audit'],
  ];
  return { target, list };
}

/** What a refused write could have changed: the tenant, its key and the audit trail of the tenant. */
async function stateOf(tenantId: string, keyId: string) {
  return withTestDb(async (db) => ({
    tenant: (await db.select().from(tenants).where(eq(tenants.id, tenantId)))[0],
    key: (await db.select().from(verifyApiKeys).where(eq(verifyApiKeys.id, keyId)))[0],
    audit: await db.select().from(operatorAuditEvents).where(eq(operatorAuditEvents.tenantId, tenantId)),
    tenantsNamedRefused: (await db.select().from(tenants).where(eq(tenants.name, 'Refused Ltd'))).length,
  }));
}

describe('the operator plane refuses every caller without both factors', () => {
  let setup: Awaited<ReturnType<typeof operations>>;
  let admin: Awaited<ReturnType<typeof seedOperator>>;
  let support: Awaited<ReturnType<typeof seedOperator>>;
  let revoked: Awaited<ReturnType<typeof seedOperator>>;
  let workspaceKey: string;

  beforeAll(async () => {
    setup = await operations();
    [admin, support, revoked] = await Promise.all([seedOperator('admin'), seedOperator('support'), seedOperator('admin')]);
    await revokeOperator(revoked.operator.id);
    // A workspace key holding every scope there is, of the very tenant the calls are about.
    workspaceKey = (await seedTenant({ scopes: verifyScopes })).key.secret;
  });

  it('lists every operation of the operator document here, so none escapes the checks below', async () => {
    const response = await callVerify('GET', '/v1/admin/openapi.json', admin.headers);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const covered = new Set(
      setup.list.map(([method, path]) =>
        `${method} ${path}`
          .replace(/ten_[0-9A-Z]{26}/, '{tenant_id}')
          .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{key_id}')
          .replace(/jobs\/[0-9]+/, 'jobs/{job_id}'),
      ),
    );
    expect(documented.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  it.each([
    ['no x-internal-secret', 401, 'unauthorized', () => ({ authorization: `Bearer ${admin.token}` })],
    [
      'a wrong x-internal-secret',
      401,
      'unauthorized',
      () => ({ 'x-internal-secret': `${verifyEnv.INTERNAL_SECRET.slice(0, -1)}x`, authorization: `Bearer ${admin.token}` }),
    ],
    ['the secret but no operator token', 401, 'unauthorized', () => ({ 'x-internal-secret': verifyEnv.INTERNAL_SECRET })],
    [
      'the secret and an unknown operator token',
      401,
      'unauthorized',
      () => ({ 'x-internal-secret': verifyEnv.INTERNAL_SECRET, authorization: 'Bearer vop_unknown' }),
    ],
    ['the secret and a revoked operator', 401, 'unauthorized', () => revoked.headers],
    [
      'the secret and a workspace key with every scope',
      403,
      'forbidden',
      () => ({ 'x-internal-secret': verifyEnv.INTERNAL_SECRET, authorization: `Bearer ${workspaceKey}` }),
    ],
    ['a workspace key alone', 401, 'unauthorized', () => ({ authorization: `Bearer ${workspaceKey}` })],
  ] as const)('with %s: %i %s on every operation, nothing changed', async (_, status, code, headers) => {
    const before = await stateOf(setup.target.tenant.id, setup.target.key.id);
    for (const [method, path, body] of setup.list) {
      const response = await callVerify(method, path, headers(), body);
      expect({ call: `${method} ${path}`, status: response.status, body: await response.json() }).toMatchObject({
        status,
        body: { code, message: expect.any(String), hint: expect.any(String) },
      });
    }
    expect(await stateOf(setup.target.tenant.id, setup.target.key.id)).toEqual(before);
  });

  it('lets a support operator read but not write (403 naming the role), nothing changed', async () => {
    const before = await stateOf(setup.target.tenant.id, setup.target.key.id);
    for (const [method, path, body] of setup.list) {
      const response = await callVerify(method, path, support.headers, body);
      if (method === 'GET') expect({ call: `${method} ${path}`, status: response.status }).toEqual({ call: `${method} ${path}`, status: 200 });
      else {
        expect({ call: `${method} ${path}`, status: response.status, body: await response.json() }).toMatchObject({
          status: 403,
          body: { code: 'forbidden', requiredRole: 'admin', role: 'support' },
        });
      }
    }
    expect(await stateOf(setup.target.tenant.id, setup.target.key.id)).toEqual(before);
  });

  it('answers 404 on every operation, even with both factors, while the plane is off or on another host name', async () => {
    for (const bindings of [
      { ...verifyEnv, OPERATOR_PLANE: 'off' },
      { ...verifyEnv, OPERATOR_HOSTNAME: 'ops.internal.example' },
    ]) {
      for (const [method, path, body] of setup.list) {
        const response = await callVerify(method, path, admin.headers, body, 'application/json', bindings);
        expect({ call: `${method} ${path}`, status: response.status, body: await response.json() }).toMatchObject({ status: 404, body: { code: 'not_found' } });
      }
    }
  });

  it('names no admin path in the public document', async () => {
    const document = (await (await callVerify('GET', '/v1/openapi.json', {})).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('/admin'))).toEqual([]);
  });
});
