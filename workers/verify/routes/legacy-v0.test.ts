import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, deliver, eventually, seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { BULK_QUEUE_NAME } from '../queue/consumer';
import { parseCsv } from '../csv/csv';
import { checkEmailOutputSchema } from '../engine/output';

describe('legacy v0, self-hosted (LEGACY_V0=true)', () => {
  it('checks one address with Reacher’s v0 request, answering a CheckEmailOutput', async () => {
    const { auth } = await bulkTenant();
    const response = await callVerify('POST', '/v0/check_email', auth, { to_email: 'undeliverable@example.com', gmail_verif_method: 'Smtp', sandbox: true });
    expect(response.status).toBe(200);
    const output = checkEmailOutputSchema.parse(await response.json());
    expect(output).toMatchObject({ input: 'undeliverable@example.com', is_reachable: 'invalid' });
    const unsupported = await callVerify('POST', '/v0/check_email', auth, { to_email: 'a@example.com', gmail_verif_method: 'Api' });
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({ code: 'validation_failed', field: 'gmail_verif_method' });
  });

  it('runs a bulk job with Reacher’s v0 shapes: job id, status with summary, results once finished', async () => {
    const { auth } = await bulkTenant();
    const created = await callVerify('POST', '/v0/bulk', auth, {
      input_type: 'array',
      input: ['jane@example.com', 'undeliverable@example.com', 'jane@example.com'],
      smtp_ports: [587],
      sandbox: true,
    });
    expect(created.status).toBe(200);
    const { job_id: jobId, ...rest } = (await created.json()) as { job_id: number };
    expect(rest).toEqual({});

    const status = await eventually(
      async () => (await (await callVerify('GET', `/v0/bulk/${jobId}`, auth)).json()) as Record<string, unknown>,
      (current) => current.job_status === 'Completed',
    );
    expect(status).toEqual({
      job_id: jobId,
      created_at: expect.any(String),
      finished_at: expect.any(String),
      total_records: 2,
      total_processed: 2,
      summary: { total_safe: 1, total_risky: 0, total_invalid: 1, total_unknown: 0 },
      job_status: 'Completed',
    });

    const results = (await (await callVerify('GET', `/v0/bulk/${jobId}/results?limit=1&offset=1`, auth)).json()) as { results: unknown[] };
    expect(results.results).toHaveLength(1);
    expect(checkEmailOutputSchema.parse(results.results[0])).toMatchObject({ input: 'undeliverable@example.com', is_reachable: 'invalid' });
    const csv = await callVerify('GET', `/v0/bulk/${jobId}/results?format=csv`, auth);
    const rows = parseCsv(await csv.text());
    expect(rows[0]!.slice(0, 3)).toEqual(['input', 'is_reachable', 'misc.is_disposable']);
    expect(rows).toHaveLength(3);
    // The job is a v1 job too.
    expect((await callVerify('GET', `/v1/jobs/${jobId}`, auth)).status).toBe(200);
  });

  it('gives v0 results only once the job has finished', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'john@example.com']);
    const running = await callVerify('GET', `/v0/bulk/${job.id}/results`, auth);
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({ code: 'conflict', hint: expect.stringContaining(`/v1/bulk/${job.id}/results`) });
    expect(await (await callVerify('GET', `/v0/bulk/${job.id}`, auth)).json()).toMatchObject({ job_status: 'Running', finished_at: null });
    await deliver(
      BULK_QUEUE_NAME,
      [0, 1].map((position) => ({ type: 'check' as const, jobId: job.id, position })),
    );
    expect((await callVerify('GET', `/v0/bulk/${job.id}/results`, auth)).status).toBe(200);
  });
});

describe('legacy v0 on the hosted service (LEGACY_V0 off)', () => {
  const hosted = { ...verifyEnv, LEGACY_V0: 'false' };

  it.each([
    ['POST', '/v0/check_email', 'POST /v1/check_email'],
    ['POST', '/v0/bulk', 'POST /v1/bulk'],
    ['GET', '/v0/bulk/1', 'GET /v1/bulk/{job_id}'],
    ['GET', '/v0/bulk/1/results', 'GET /v1/bulk/{job_id}/results'],
  ])('answers %s %s with 404 naming %s, before asking for a key', async (method, path, v1) => {
    for (const headers of [{}, (await bulkTenant()).auth]) {
      const response = await callVerify(method, path, headers, method === 'POST' ? {} : undefined, 'application/json', hosted);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', v1Operation: v1, hint: `Use ${v1} instead.` });
    }
  });
});
