import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reverificationPolicies } from '../../../shared/db/schema';
import { consumeQuota, verifyQuotaStore } from '../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { bulkTenant, callVerify, jobOnceIn, seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { storeCheck } from '../../../test/workers/checks';
import { uniqueAddress } from '../../../test/workers/engine-peers';
import { withTestDb } from '../../../test/workers/seed';
import type { Reachability } from '../engine/verdict';
import worker from '../index';
import { REVERIFICATION_CRON } from '../crons';
import { runDueReverifications } from '../reverification/reverification';
import { updateSettings } from '../settings/settings';

const DAY = 86_400_000;

interface Status {
  configured: boolean;
  policy: Record<string, unknown> | null;
  next_run_at: string | null;
  due_now: number;
  warning: string | null;
  last_run: {
    ran_at: string;
    due: number | null;
    queued: number | null;
    note: string | null;
    job: { job_id: number; kind: string; total_records: number } | null;
    changed: number;
    changes: Array<{ email: string; previous: string; current: string }>;
  } | null;
}

/** A check in the tenant's history with the given verdict, `days` days old. */
const storeOldCheck = (tenantId: string, address: string, verdict: Reachability, days: number) =>
  storeCheck(tenantId, address, { verdict, at: new Date(Date.now() - days * DAY) });

async function status(auth: Record<string, string>): Promise<Status> {
  const response = await callVerify('GET', '/v1/reverification/status', auth);
  expect(response.status).toBe(200);
  return (await response.json()) as Status;
}

async function runCron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: REVERIFICATION_CRON, scheduledTime: Date.now() }), verifyEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe('PUT /v1/reverification and GET /v1/reverification/status', () => {
  it('says nothing is configured until a policy is put, then stores it with its defaults and counts what is due', async () => {
    const { tenant, auth } = await bulkTenant();
    expect(await status(auth)).toEqual({ configured: false, policy: null, next_run_at: null, due_now: 0, warning: null, last_run: null });

    await storeOldCheck(tenant.id, uniqueAddress('alice', 'mailbox.test'), 'safe', 40);
    await storeOldCheck(tenant.id, uniqueAddress('bob', 'mailbox.test'), 'risky', 31);
    await storeOldCheck(tenant.id, uniqueAddress('carol', 'mailbox.test'), 'safe', 2);
    await storeOldCheck(tenant.id, uniqueAddress('dave', 'mailbox.test'), 'invalid', 40);

    const before = Date.now();
    const response = await callVerify('PUT', '/v1/reverification', auth, { enabled: true });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Status;
    expect(saved).toMatchObject({
      configured: true,
      policy: { enabled: true, verdicts: ['safe', 'risky'], older_than_days: 30, every_days: 7, max_addresses_per_run: 10_000 },
      due_now: 2,
      warning: null,
      last_run: null,
    });
    expect(Date.parse(saved.next_run_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await status(auth)).toEqual(saved);

    const narrower = (await (
      await callVerify('PUT', '/v1/reverification', auth, { enabled: true, verdicts: ['invalid'], older_than_days: 10 })
    ).json()) as Status;
    expect(narrower).toMatchObject({ policy: { verdicts: ['invalid'], older_than_days: 10, every_days: 7 }, due_now: 1 });

    const disabled = (await (await callVerify('PUT', '/v1/reverification', auth, { enabled: false })).json()) as Status;
    expect(disabled).toMatchObject({ policy: { enabled: false }, next_run_at: null });
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const { auth } = await bulkTenant();
    const cases: Array<[unknown, string]> = [
      [{}, 'enabled'],
      [{ enabled: true, verdicts: [] }, 'verdicts'],
      [{ enabled: true, verdicts: ['safe', 'safe'] }, 'verdicts'],
      [{ enabled: true, verdicts: ['deliverable'] }, 'verdicts'],
      [{ enabled: true, older_than_days: 0 }, 'older_than_days'],
      [{ enabled: true, every_days: 91 }, 'every_days'],
      [{ enabled: true, max_addresses_per_run: 50_001 }, 'max_addresses_per_run'],
      [{ enabled: true, older_than_days: 1.5 }, 'older_than_days'],
      [{ enabled: true, sometimes: true }, 'sometimes'],
      // Checks are purged after 90 days by default: nothing 120 days old would ever be found.
      [{ enabled: true, older_than_days: 120 }, 'older_than_days'],
    ];
    for (const [body, field] of cases) {
      const response = await callVerify('PUT', '/v1/reverification', auth, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { code: string; message: string; hint: string };
      expect(error.code).toBe('validation_failed');
      expect(error.message + JSON.stringify(error)).toContain(field);
    }
    const notJson = await callVerify('PUT', '/v1/reverification', auth, '{', 'application/json');
    expect(notJson.status).toBe(400);
    expect((await status(auth)).configured).toBe(false);
  });

  it('keeps each workspace’s policy to itself', async () => {
    const mine = await bulkTenant();
    const theirs = await bulkTenant();
    await callVerify('PUT', '/v1/reverification', mine.auth, { enabled: true, every_days: 3 });
    expect((await status(theirs.auth)).configured).toBe(false);
    await callVerify('PUT', '/v1/reverification', theirs.auth, { enabled: true, every_days: 5 });
    expect((await status(mine.auth)).policy).toMatchObject({ every_days: 3 });
  });

  it('warns when retention is lowered below older_than_days after the policy was saved', async () => {
    const { tenant, auth } = await bulkTenant();
    await callVerify('PUT', '/v1/reverification', auth, { enabled: true, older_than_days: 60 });
    await withTestDb((db) => updateSettings(db, tenant.id, { resultRetentionDays: 30 }));
    expect((await status(auth)).warning).toContain('result_retention_days (30)');
  });
});

describe('the reverification cron', () => {
  it('re-checks due addresses through the bulk queue with the real engine, and reports what changed', async () => {
    const { tenant, auth } = await bulkTenant();
    const stillThere = uniqueAddress('alice', 'mailbox.test');
    const gone = uniqueAddress('nobody', 'mailbox.test');
    const recent = uniqueAddress('bob', 'mailbox.test');
    await storeOldCheck(tenant.id, stillThere, 'safe', 45);
    await storeOldCheck(tenant.id, gone, 'safe', 40);
    await storeOldCheck(tenant.id, recent, 'safe', 1);
    await callVerify('PUT', '/v1/reverification', auth, { enabled: true });

    await runCron();
    const queued = await status(auth);
    expect(queued.last_run).toMatchObject({ due: 2, queued: 2, note: null, job: { kind: 'reverification', total_records: 2 } });
    expect(Date.parse(queued.next_run_at!) - Date.parse(queued.last_run!.ran_at)).toBe(7 * DAY);
    expect(queued.due_now).toBe(2);

    const job = await jobOnceIn(auth, queued.last_run!.job!.job_id, 'completed', 30_000);
    expect(job).toMatchObject({ total_processed: 2, summary: { total_safe: 1, total_invalid: 1 } });

    const done = await status(auth);
    expect(done.due_now).toBe(0);
    expect(done.last_run).toMatchObject({ changed: 1, changes: [{ email: gone.toLowerCase(), previous: 'safe', current: 'invalid' }] });
    const history = (await (await callVerify('GET', `/v1/emails/${encodeURIComponent(gone)}/history`, auth)).json()) as {
      history: Array<{ source: string; is_reachable: string; job_id: number | null }>;
    };
    expect(history.history.map((entry) => [entry.source, entry.is_reachable])).toEqual([
      ['reverification', 'invalid'],
      ['single', 'safe'],
    ]);
    // Both verdicts are charged: one credit per address verified.
    const usage = (await (await callVerify('GET', '/v1/me/usage', auth)).json()) as { quotas: Array<{ quota: string; used: number }> };
    expect(usage.quotas.find((quota) => quota.quota === 'credits')?.used).toBe(2);
  });

  it('claims a tenant once when runs overlap', async () => {
    const { tenant, auth } = await bulkTenant();
    await storeOldCheck(tenant.id, uniqueAddress('alice', 'mailbox.test'), 'safe', 40);
    await callVerify('PUT', '/v1/reverification', auth, { enabled: true });

    const runs = await withTestDb((db) => Promise.all([1, 2, 3].map(() => runDueReverifications(db, verifyEnv.BULK_QUEUE, new Date()))));
    const mine = runs.flat().filter((run) => run.tenantId === tenant.id);
    expect(mine).toEqual([{ tenantId: tenant.id, due: 1, queued: 1, jobId: expect.any(Number), note: null }]);
    await jobOnceIn(auth, mine[0]!.jobId!, 'completed', 30_000);
  });

  it('skips a run while the previous run’s job is still open', async () => {
    const { tenant, auth } = await bulkTenant();
    await storeOldCheck(tenant.id, uniqueAddress('alice', 'mailbox.test'), 'safe', 40);
    await callVerify('PUT', '/v1/reverification', auth, { enabled: true });
    // A job that stays queued: no message is sent for it.
    const open = await seedJob(tenant.id, ['alice@mailbox.test'], { sandbox: false });
    await withTestDb((db) => db.update(reverificationPolicies).set({ lastJobId: open.id }).where(eq(reverificationPolicies.tenantId, tenant.id)));

    const runs = (await withTestDb((db) => runDueReverifications(db, verifyEnv.BULK_QUEUE, new Date()))).filter((run) => run.tenantId === tenant.id);
    expect(runs).toEqual([{ tenantId: tenant.id, due: null, queued: 0, jobId: null, note: `Skipped: the previous run's job ${open.id} is still queued.` }]);
    expect((await status(auth)).last_run).toMatchObject({ due: null, queued: 0, job: { job_id: open.id } });
  });

  it('queues nothing when no credits remain, and says why', async () => {
    const { tenant, auth } = await bulkTenant();
    await storeOldCheck(tenant.id, uniqueAddress('alice', 'mailbox.test'), 'safe', 40);
    await callVerify('PUT', '/v1/reverification', auth, { enabled: true });
    await withTestDb(async (db) => {
      const entitlement = await loadVerifyEntitlement(db, tenant.id, new Date());
      await consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: 'credits', amount: entitlement.quotas.credits!, entitlement });
    });

    await runCron();
    const { last_run, next_run_at } = await status(auth);
    expect(last_run).toMatchObject({ due: 1, queued: 0, job: null });
    expect(last_run!.note).toMatch(/^Nothing was queued: /);
    expect(Date.parse(next_run_at!)).toBeGreaterThan(Date.now() + 6 * DAY);
  });
});
