import { describe, expect, it } from 'vitest';
import { callVerify, deliver, seedJob } from '../../../../test/workers/bulk-flow';
import { seedOperator } from '../../../../test/workers/operators';
import { seedTenant } from '../../../../test/workers/seed';
import { BULK_QUEUE_NAME } from '../../queue/consumer';

// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by toMatchObject, not by type.
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const ids = (page: { jobs: Array<{ job_id: number }> }) => page.jobs.map((job) => job.job_id);

describe('operator: jobs across tenants', () => {
  it('lists jobs of every tenant, narrowed by tenant and status, newest first', async () => {
    const { headers } = await seedOperator('support');
    const first = await seedTenant();
    const second = await seedTenant();
    const a = await seedJob(first.tenant.id, ['a@example.com']);
    const b = await seedJob(second.tenant.id, ['b@example.com']);
    const c = await seedJob(second.tenant.id, ['c@example.com']);
    await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: c.id, position: 0 }]);

    const all = await json(await callVerify('GET', '/v1/admin/jobs?limit=100', headers));
    expect(ids(all.body).indexOf(c.id)).toBeLessThan(ids(all.body).indexOf(b.id));
    expect(ids(all.body)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(await json(await callVerify('GET', `/v1/admin/jobs?tenant_id=${second.tenant.id}`, headers))).toMatchObject({
      status: 200,
      body: {
        total: 2,
        jobs: [
          { job_id: c.id, tenant_id: second.tenant.id, status: 'completed' },
          { job_id: b.id, status: 'queued' },
        ],
      },
    });
    const queued = await json(await callVerify('GET', `/v1/admin/tenants/${second.tenant.id}/jobs?status=queued`, headers));
    expect(ids(queued.body)).toEqual([b.id]);
    const paged = await json(await callVerify('GET', `/v1/admin/jobs?tenant_id=${second.tenant.id}&limit=1&offset=1`, headers));
    expect(paged.body).toMatchObject({ total: 2, limit: 1, offset: 1, jobs: [{ job_id: b.id }] });
  });

  it('reads one job, its results by state and its events, whatever the tenant', async () => {
    const { headers } = await seedOperator('support');
    const { tenant } = await seedTenant();
    // Seeded, not created through the API: no queue consumer runs in the background, so the test says which checks happen.
    const seeded = await seedJob(tenant.id, ['deliverable@example.com', 'jane+undeliverable@example.com', 'risky@example.com']);
    const job = { job_id: seeded.id };
    await deliver(
      BULK_QUEUE_NAME,
      [0, 1].map((position) => ({ type: 'check' as const, jobId: job.job_id, position })),
    );

    expect(await json(await callVerify('GET', `/v1/admin/jobs/${job.job_id}`, headers))).toMatchObject({
      status: 200,
      body: { job_id: job.job_id, tenant_id: tenant.id, status: 'running', total_records: 3, total_processed: 2 },
    });
    const results = async (query: string) => (await json(await callVerify('GET', `/v1/admin/jobs/${job.job_id}/results${query}`, headers))).body;
    expect(await results('')).toMatchObject({ tenant_id: tenant.id, total: 3, results: [{ position: 0 }, { position: 1 }, { position: 2 }] });
    expect(await results('?state=invalid')).toMatchObject({ total: 1, results: [{ email: 'jane+undeliverable@example.com', is_reachable: 'invalid' }] });
    expect(await results('?state=pending')).toMatchObject({ total: 1, results: [{ position: 2, status: 'pending' }] });
    expect(await results('?state=done&limit=1&offset=1')).toMatchObject({ total: 2, limit: 1, offset: 1, results: [{ position: 1 }] });

    await deliver(BULK_QUEUE_NAME, [{ type: 'check', jobId: job.job_id, position: 2 }]);
    const events = await json(await callVerify('GET', `/v1/admin/jobs/${job.job_id}/events`, headers));
    expect(events).toMatchObject({ status: 200, body: { events: [{ type: 'job.completed', job_id: job.job_id }] } });
  });

  it('answers 404 for a job that does not exist and 400 for bad filters', async () => {
    const { headers } = await seedOperator('support');
    for (const [path, status, field] of [
      ['/v1/admin/jobs/2147483647', 404, undefined],
      ['/v1/admin/jobs/2147483647/results', 404, undefined],
      ['/v1/admin/jobs/2147483647/events', 404, undefined],
      ['/v1/admin/jobs/0', 400, 'job_id'],
      ['/v1/admin/jobs/1e3', 400, 'job_id'],
      ['/v1/admin/jobs?status=lost', 400, 'status'],
      ['/v1/admin/jobs?tenant_id=acme', 400, 'tenant_id'],
      ['/v1/admin/jobs?limit=101', 400, 'limit'],
      ['/v1/admin/jobs/1/results?state=maybe', 400, 'state'],
      ['/v1/admin/tenants/ten_00000000000000000000000000/jobs', 404, undefined],
    ] as const) {
      const response = await json(await callVerify('GET', path, headers));
      expect({ path, ...response }).toMatchObject({ status, body: { code: expect.any(String), hint: expect.any(String), ...(field ? { field } : {}) } });
    }
  });
});
