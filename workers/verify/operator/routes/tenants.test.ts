import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs, operatorAuditEvents, tenants } from '../../../../shared/db/schema';
import { callVerify, seedJob } from '../../../../test/workers/bulk-flow';
import { auditOf, seedOperator } from '../../../../test/workers/operators';
import { seedTenant, withTestDb } from '../../../../test/workers/seed';
import { purgeDeletedTenants } from '../admin-tenants';

/** Status and body of a response; bodies are read loosely, the assertions say what they must hold. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by toMatchObject, not by type.
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

describe('operator tenants', () => {
  it('creates a tenant with a plan, audited with the operator named, and finds it by name, email or id', async () => {
    const { operator, headers } = await seedOperator();
    const name = `Acme ${crypto.randomUUID()}`;
    const created = await json(await callVerify('POST', '/v1/admin/tenants', headers, { name, contact_email: 'ops@acme.test', plan_id: 'starter' }));
    expect(created).toMatchObject({
      status: 201,
      body: {
        id: expect.stringMatching(/^ten_/),
        name,
        contact_email: 'ops@acme.test',
        status: 'active',
        subscription: { plan_id: 'starter', status: 'active' },
        api_keys: { active: 0, revoked: 0 },
      },
    });
    const id = created.body.id;
    for (const q of [name.slice(5, 20).toUpperCase(), id]) {
      const found = await json(await callVerify('GET', `/v1/admin/tenants?q=${encodeURIComponent(q)}`, headers));
      expect(found.body.tenants.map((tenant: { id: string }) => tenant.id)).toEqual([id]);
      expect(found.body.total).toBe(1);
    }
    expect(await json(await callVerify('GET', `/v1/admin/tenants/${id}`, headers))).toMatchObject({ status: 200, body: { id, name } });

    const audit = await auditOf(operator.id);
    expect(audit).toMatchObject([
      { action: 'create_tenant', tenantId: id, targetType: 'tenant', targetId: id, operatorName: operator.name, operatorRole: 'admin' },
    ]);
    // Operators read the trail through the API, filtered by tenant.
    const trail = await json(await callVerify('GET', `/v1/admin/audit?tenant_id=${id}`, headers));
    expect(trail.body).toMatchObject({ total: 1, events: [{ action: 'create_tenant', operator: { id: operator.id, name: operator.name }, tenant_id: id }] });
  });

  it('pages with limit and offset, and keeps deleted tenants out unless asked for', async () => {
    const { headers } = await seedOperator();
    const tag = crypto.randomUUID();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await json(await callVerify('POST', '/v1/admin/tenants', headers, { name: `Page ${tag} ${n}` }))).body.id);
    const second = await json(await callVerify('GET', `/v1/admin/tenants?q=${tag}&limit=2&offset=1`, headers));
    expect(second.body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(second.body.tenants.map((tenant: { id: string }) => tenant.id)).toEqual(ids.slice(1));
    await callVerify('DELETE', `/v1/admin/tenants/${ids[0]}`, headers);
    expect((await json(await callVerify('GET', `/v1/admin/tenants?q=${tag}`, headers))).body.total).toBe(2);
    expect((await json(await callVerify('GET', `/v1/admin/tenants?q=${tag}&status=deleted`, headers))).body.tenants).toMatchObject([
      { id: ids[0], status: 'deleted' },
    ]);
  });

  it('suspends with PUT: the tenant’s keys answer 403 at once; reinstating and a new plan apply at the next request', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant, auth } = await seedTenant({ planId: 'starter', scopes: ['verify'] });
    expect((await json(await callVerify('GET', '/v1/me', auth))).body.plan.id).toBe('starter');

    const suspended = await json(
      await callVerify('PUT', `/v1/admin/tenants/${tenant.id}`, headers, { name: 'Renamed', status: 'suspended', plan_id: 'starter' }),
    );
    expect(suspended).toMatchObject({ status: 200, body: { name: 'Renamed', status: 'suspended', contact_email: null } });
    expect(await json(await callVerify('GET', '/v1/me', auth))).toMatchObject({ status: 403, body: { code: 'workspace_suspended' } });

    await callVerify('PUT', `/v1/admin/tenants/${tenant.id}`, headers, { name: 'Renamed', plan_id: 'enterprise' });
    expect(await json(await callVerify('GET', '/v1/me', auth))).toMatchObject({ status: 200, body: { plan: { id: 'enterprise' } } });

    const audit = await auditOf(operator.id);
    expect(audit.map((row) => row.action)).toEqual(['replace_tenant', 'replace_tenant']);
    expect(audit[0]!.change).toMatchObject({
      before: { name: 'Test tenant', status: 'active', plan_id: 'starter' },
      after: { name: 'Renamed', status: 'suspended' },
    });
    expect(audit[1]!.change).toMatchObject({ before: { status: 'suspended', plan_id: 'starter' }, after: { status: 'active', plan_id: 'enterprise' } });
  });

  it('deletes softly: keys refused at once, open jobs cancelled, a second delete 409, purged after the retention', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant, auth } = await seedTenant({ scopes: ['verify'] });
    const job = await seedJob(tenant.id, ['a@example.com', 'b@example.com']);
    expect((await callVerify('GET', '/v1/me', auth)).status).toBe(200);

    const deleted = await json(await callVerify('DELETE', `/v1/admin/tenants/${tenant.id}`, headers));
    expect(deleted).toMatchObject({
      status: 200,
      body: { status: 'deleted', deleted_at: expect.any(String), purge_after: expect.any(String), api_keys: { active: 0, revoked: 1 } },
    });
    const purgeAfter = new Date(deleted.body.purge_after);
    expect(Math.round((purgeAfter.getTime() - new Date(deleted.body.deleted_at).getTime()) / 86_400_000)).toBe(30);
    expect(await json(await callVerify('GET', '/v1/me', auth))).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const [jobRow] = await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id)));
    expect(jobRow).toMatchObject({ status: 'cancelled', cancelled: 2 });

    for (const [method, path, body] of [
      ['DELETE', `/v1/admin/tenants/${tenant.id}`, undefined],
      ['PUT', `/v1/admin/tenants/${tenant.id}`, { name: 'Back' }],
      ['POST', `/v1/admin/tenants/${tenant.id}/api-keys`, { name: 'k', scopes: ['verify'] }],
    ] as const) {
      expect(await json(await callVerify(method, path, headers, body))).toMatchObject({ status: 409, body: { code: 'conflict' } });
    }
    expect((await auditOf(operator.id)).map((row) => row.action)).toEqual(['delete_tenant']);

    // Not before its time; then the tenant and what it owns go, and the audit trail stays.
    await withTestDb((db) => purgeDeletedTenants(db, new Date(purgeAfter.getTime() - 1000)));
    expect((await callVerify('GET', `/v1/admin/tenants/${tenant.id}`, headers)).status).toBe(200);
    await withTestDb((db) => purgeDeletedTenants(db, purgeAfter));
    expect((await callVerify('GET', `/v1/admin/tenants/${tenant.id}`, headers)).status).toBe(404);
    expect(await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.id, job.id)))).toEqual([]);
    expect((await auditOf(operator.id)).map((row) => row.tenantId)).toEqual([tenant.id]);
  });

  it('refuses bad input with the envelope naming the field, and changes nothing', async () => {
    const { operator, headers } = await seedOperator();
    const { tenant } = await seedTenant();
    const cases: Array<[string, string, unknown, number, string | undefined]> = [
      ['POST', '/v1/admin/tenants', {}, 400, 'name'],
      ['POST', '/v1/admin/tenants', { name: 'x', colour: 'red' }, 400, 'colour'],
      ['POST', '/v1/admin/tenants', { name: 'x', contact_email: 'not-an-email' }, 400, 'contact_email'],
      ['POST', '/v1/admin/tenants', { name: 'x', plan_id: 'platinum' }, 400, 'plan_id'],
      ['POST', '/v1/admin/tenants', { name: 'x', status: 'deleted' }, 400, 'status'],
      ['PUT', `/v1/admin/tenants/${tenant.id}`, { name: '' }, 400, 'name'],
      ['GET', '/v1/admin/tenants/1e3', undefined, 400, 'tenant_id'],
      ['GET', '/v1/admin/tenants/ten_%00', undefined, 400, undefined],
      ['GET', '/v1/admin/tenants?limit=0', undefined, 400, 'limit'],
      ['GET', '/v1/admin/tenants?offset=-1', undefined, 400, 'offset'],
      ['GET', '/v1/admin/tenants/ten_00000000000000000000000000', undefined, 404, undefined],
      ['DELETE', '/v1/admin/tenants/ten_00000000000000000000000000', undefined, 404, undefined],
    ];
    for (const [method, path, body, status, field] of cases) {
      const response = await json(await callVerify(method, path, headers, body));
      expect({ call: `${method} ${path}`, ...response }).toMatchObject({
        status,
        body: { code: expect.any(String), message: expect.any(String), hint: expect.any(String), ...(field ? { field } : {}) },
      });
    }
    const [row] = await withTestDb((db) => db.select().from(tenants).where(eq(tenants.id, tenant.id)));
    expect(row).toMatchObject({ name: 'Test tenant', status: 'active' });
    expect(await auditOf(operator.id)).toEqual([]);
  });

  it('keeps the audit trail append-only in the database itself', async () => {
    const { operator, headers } = await seedOperator();
    await callVerify('POST', '/v1/admin/tenants', headers, { name: 'Audited' });
    for (const change of [
      sql`update verify.operator_audit_events set operator_name = 'someone else' where operator_id = ${operator.id}`,
      sql`delete from verify.operator_audit_events where operator_id = ${operator.id}`,
    ]) {
      // drizzle wraps the driver's error; PostgreSQL's refusal is its cause.
      const error = await withTestDb((db) => db.execute(change)).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      expect(String((error?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    }
    expect(await withTestDb((db) => db.select().from(operatorAuditEvents).where(eq(operatorAuditEvents.operatorId, operator.id)))).toMatchObject([
      { operatorName: operator.name, action: 'create_tenant' },
    ]);
  });
});
