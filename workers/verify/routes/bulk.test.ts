import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs, bulkTasks, verifyUsageLedger } from '../../../shared/db/schema';
import { consumeQuota, readUsage, verifyQuotaStore } from '../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { bulkTenant, callVerify, createBulkJob, eventually, readJob, tasksOf } from '../../../test/workers/bulk-flow';
import { withTestDb } from '../../../test/workers/seed';
import { parseCsv } from '../csv/csv';
import { CSV_HEADER } from '../bulk/results';

const sandboxAddresses = (count: number) => Array.from({ length: count }, (_, index) => `person${index}@example.com`);

describe('POST /v1/bulk', () => {
  it('runs a sandbox job to completion through the queue, checking repeats once', async () => {
    const { auth } = await bulkTenant();
    const created = await callVerify('POST', '/v1/bulk', auth, {
      input: ['jane@example.com', 'undeliverable@example.com', 'risky@example.com', 'JANE@example.com', 'not an address'],
      sandbox: true,
    });
    expect(created.status).toBe(201);
    const job = (await created.json()) as { job_id: number };
    expect(created.headers.get('location')).toBe(`/v1/bulk/${job.job_id}`);
    expect(job).toMatchObject({
      kind: 'bulk',
      status: 'queued',
      sandbox: true,
      submitted: 5,
      duplicates: 1,
      skipped: 0,
      total_records: 4,
      total_processed: 0,
      progress: 0,
    });
    expect(job.job_id).toBeLessThanOrEqual(2_147_483_647);

    const done = await eventually(
      () => readJob(auth, job.job_id),
      (current) => current.status === 'completed',
    );
    expect(done).toMatchObject({
      total_processed: 4,
      progress: 100,
      summary: { total_safe: 1, total_invalid: 2, total_risky: 1, total_unknown: 0, total_pending: 0 },
      finished_at: expect.any(String),
    });
    const viaBulk = (await (await callVerify('GET', `/v1/bulk/${job.job_id}`, auth)).json()) as Record<string, unknown>;
    expect(viaBulk).toEqual(done);
    expect((await tasksOf(job.job_id)).map((task) => [task.email, task.isReachable])).toEqual([
      ['jane@example.com', 'safe'],
      ['undeliverable@example.com', 'invalid'],
      ['risky@example.com', 'risky'],
      ['not an address', 'invalid'],
    ]);
  });

  it('shows progress from the start and while the job runs, with partial results marked', async () => {
    const { auth } = await bulkTenant();
    // Greylisted addresses are deferred (a sandbox job retries them after 2, 4, 8 and 15 s): the job stays running with the rest done.
    const input = [...sandboxAddresses(40), 'greylisted@example.com', 'jane+greylisted@example.com'];
    const job = await createBulkJob(auth, input);
    const first = await readJob(auth, job.job_id);
    expect(first).toMatchObject({ total_records: 42, summary: { total_pending: 42 - first.total_processed - first.summary.total_retrying } });

    const running = await eventually(
      () => readJob(auth, job.job_id),
      (current) => current.total_processed === 40 && current.summary.total_retrying === 2,
    );
    expect(running).toMatchObject({
      status: 'running',
      progress: 95.2,
      started_at: expect.any(String),
      finished_at: null,
      summary: { total_safe: 40, total_pending: 0, total_retrying: 2 },
    });

    type Page = { partial: boolean; total: number; results: Array<{ position: number; status: string }> };
    const page = await eventually(
      async () => (await (await callVerify('GET', `/v1/bulk/${job.job_id}/results?limit=5&offset=38`, auth)).json()) as Page,
      (current) => current.results.filter((row) => row.status === 'retrying').length === 2,
    );
    expect(page).toMatchObject({ partial: true, total: 42, offset: 38, limit: 5 });
    expect(page.results.map((row) => [row.position, row.status])).toEqual([
      [38, 'done'],
      [39, 'done'],
      [40, 'retrying'],
      [41, 'retrying'],
    ]);

    const csv = await callVerify('GET', `/v1/bulk/${job.job_id}/results?format=csv&limit=3&offset=39`, auth);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('x-results-partial')).toBe('true');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="job-${job.job_id}-partial-results.csv"`);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(CSV_HEADER);
    const column = (name: string) => CSV_HEADER.indexOf(name);
    expect(rows.slice(1).map((row) => [row[column('input')], row[column('status')], row[column('is_reachable')]])).toEqual([
      ['person39@example.com', 'done', 'safe'],
      ['greylisted@example.com', 'retrying', ''],
      ['jane+greylisted@example.com', 'retrying', ''],
    ]);
  });

  it('takes a CSV upload, finding the address column, with options in the query', async () => {
    const { auth } = await bulkTenant();
    const csv = 'Name;E-mail;Company\r\n"Doe, Jane";jane@example.com;X\r\nJohn;undeliverable@example.com;Y\r\n;;\r\nJill;jane@example.com;Z\r\n';
    const created = await callVerify('POST', '/v1/bulk?sandbox=true', auth, csv, 'text/csv');
    expect(created.status).toBe(201);
    const job = (await created.json()) as { job_id: number };
    expect(job).toMatchObject({ sandbox: true, submitted: 3, duplicates: 1, total_records: 2 });
    const done = await eventually(
      () => readJob(auth, job.job_id),
      (current) => current.status === 'completed',
    );
    expect(done.summary).toMatchObject({ total_safe: 1, total_invalid: 1 });

    const named = await callVerify('POST', '/v1/bulk?sandbox=true&email_column=work', auth, 'home,work\na@example.org,b@example.org\n', 'text/csv');
    expect(named.status).toBe(201);
    expect((await tasksOf(((await named.json()) as { job_id: number }).job_id)).map((task) => task.email)).toEqual(['b@example.org']);
  });

  it('refuses bad input with 400 in the envelope and creates nothing', async () => {
    const { tenant, auth } = await bulkTenant();
    const cases: Array<[string, unknown, string, string]> = [
      ['/v1/bulk', { input: [] }, 'application/json', 'input'],
      ['/v1/bulk', { input: ['  '] }, 'application/json', 'input.0'],
      ['/v1/bulk', { input: ['a@example.com'], smtp_port: 26 }, 'application/json', 'smtp_port'],
      ['/v1/bulk?sandbox=true', { input: ['a@example.com'] }, 'application/json', 'sandbox'],
      ['/v1/bulk', 'name,company\nJane,X\n', 'text/csv', 'body'],
      ['/v1/bulk', 'email\n"unterminated\n', 'text/csv', 'body'],
      ['/v1/bulk', 'email\n\n', 'text/csv', 'body'],
      ['/v1/bulk?smtp_port=26', 'a@example.com\n', 'text/csv', 'smtp_port'],
      ['/v1/bulk?email_column=missing', 'email\na@example.com\n', 'text/csv', 'body'],
      ['/v1/bulk', { input: ['a@example.com'], webhook_url: 'http://127.0.0.1/hook' }, 'application/json', 'webhook_url'],
    ];
    for (const [path, body, type, field] of cases) {
      const response = await callVerify('POST', path, auth, body, type);
      const envelope = (await response.json()) as Record<string, unknown>;
      expect({ path, status: response.status, code: envelope.code, field: envelope.field }).toEqual({ path, status: 400, code: 'validation_failed', field });
      expect(envelope.hint).toEqual(expect.any(String));
    }
    // PostgreSQL cannot store a NUL: an address holding one is refused, never a 500.
    const nul = await callVerify('POST', '/v1/bulk', auth, 'email\na\u0000b@example.com\n', 'text/csv');
    expect({ status: nul.status, body: await nul.json() }).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    const empty = await callVerify('POST', '/v1/bulk', auth);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'validation_failed', field: 'body' });
    expect(await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)))).toEqual([]);
  });

  it('refuses a job webhook without a signing secret to sign with', async () => {
    const { auth } = await bulkTenant();
    const response = await callVerify('POST', '/v1/bulk', auth, { input: ['a@example.com'], sandbox: true, webhook_url: 'https://hooks.example.com/verify' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'webhook_url', hint: expect.stringContaining('PATCH /v1/me/webhook') });
  });

  it('refuses more distinct addresses than a job holds', async () => {
    const { auth } = await bulkTenant();
    const response = await callVerify('POST', '/v1/bulk', auth, { input: sandboxAddresses(50_001), sandbox: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'input', limit: 50_000 });
  });

  it('creates one job for concurrent requests with the same Idempotency-Key', async () => {
    const { tenant, auth } = await bulkTenant();
    const body = { input: ['jane@example.com', 'john@example.com'], sandbox: true };
    const key = { ...auth, 'idempotency-key': crypto.randomUUID() };
    const responses = await Promise.all(Array.from({ length: 5 }, () => callVerify('POST', '/v1/bulk', key, body)));
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) expect([201, 409]).toContain(response.status);
    const ids = new Set(await Promise.all(created.map(async (response) => ((await response.json()) as { job_id: number }).job_id)));
    expect(ids.size).toBe(1);
    expect(await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)))).toHaveLength(1);
    const replay = await callVerify('POST', '/v1/bulk', key, body);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { job_id: number }).job_id).toBe([...ids][0]);
  });
});

describe('credits of bulk jobs', () => {
  async function nearlyExhausted(remaining: number) {
    const seeded = await bulkTenant({ planId: 'starter' });
    const entitlement = await withTestDb((db) => loadVerifyEntitlement(db, seeded.tenant.id, new Date()));
    await withTestDb((db) =>
      consumeQuota(db, verifyQuotaStore, { ownerId: seeded.tenant.id, quota: 'credits', amount: entitlement.quotas.credits! - remaining, entitlement }),
    );
    const used = () => withTestDb(async (db) => (await readUsage(db, verifyQuotaStore, seeded.tenant.id, entitlement.periodStart!)).credits);
    return { ...seeded, entitlement, used };
  }

  // Addresses under .invalid (RFC 2606): whatever checks them can never reach a real server.
  const live = ['a@host.invalid', 'b@host.invalid', 'c@host.invalid', 'A@host.invalid', 'd@host.invalid', 'e@host.invalid'];

  it('takes one credit per distinct address up front, and refuses a job the quota cannot cover with 429', async () => {
    const { tenant, auth, entitlement, used } = await nearlyExhausted(4);
    const refused = await callVerify('POST', '/v1/bulk', auth, { input: live });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({
      code: 'workspace_quota_exceeded',
      quota: 'credits',
      requested: 5,
      hint: expect.stringContaining('allow_partial'),
    });
    expect(await used()).toBe(entitlement.quotas.credits! - 4);
    expect(await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)))).toEqual([]);

    const sandbox = await callVerify('POST', '/v1/bulk', auth, { input: live, sandbox: true });
    expect(sandbox.status).toBe(201);
    expect(await used()).toBe(entitlement.quotas.credits! - 4);
  });

  it('accepts a partial job when asked: as many addresses as the credits cover, the rest skipped', async () => {
    const { tenant, auth } = await nearlyExhausted(3);
    const created = await callVerify('POST', '/v1/bulk', auth, { input: live, allow_partial: true });
    expect(created.status).toBe(201);
    const job = (await created.json()) as { job_id: number };
    expect(job).toMatchObject({ submitted: 6, duplicates: 1, skipped: 2, total_records: 3 });
    const ledger = await withTestDb((db) => db.select().from(verifyUsageLedger).where(eq(verifyUsageLedger.tenantId, tenant.id)));
    expect(ledger.map((row) => row.quantity)).toContain(3);
    const skipped = await withTestDb((db) =>
      db.select({ email: bulkTasks.email, status: bulkTasks.status }).from(bulkTasks).where(eq(bulkTasks.jobId, job.job_id)),
    );
    expect(
      skipped
        .filter((task) => task.status === 'skipped')
        .map((task) => task.email)
        .sort(),
    ).toEqual(['d@host.invalid', 'e@host.invalid']);
  });

  it('refuses even a partial job when no credit remains', async () => {
    const { tenant, auth } = await nearlyExhausted(0);
    const response = await callVerify('POST', '/v1/bulk', auth, { input: ['x@host.invalid'], allow_partial: true });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'workspace_quota_exceeded', hint: expect.stringContaining('No credits remain') });
    expect(await withTestDb((db) => db.select().from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)))).toEqual([]);
  });

  it('is a feature of paid plans', async () => {
    const { auth } = await bulkTenant({ planId: 'free' });
    const response = await callVerify('POST', '/v1/bulk', auth, { input: ['a@example.com'], sandbox: true });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'workspace_feature_not_entitled', feature: 'bulk', requiredPlan: 'starter' });
  });
});
