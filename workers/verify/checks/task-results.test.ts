import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { withDatabase } from '../../../shared/db/client';
import { emailChecks } from '../../../shared/db/schema';
import { databaseGate } from '../../../test/workers/database-gate';
import { consumeQuota, readUsage, verifyQuotaStore } from '../../../shared/limits/quota';
import { loadVerifyEntitlement } from '../../../shared/platform/entitlements';
import { bulkTenant, eventsOf, readJob, seedJob, tasksOf } from '../../../test/workers/bulk-flow';
import { withTestDb } from '../../../test/workers/seed';
import type { CheckOutcome } from '../engine/check-email';
import { sandboxCheck } from '../engine/sandbox';
import { CREDITS_QUOTA } from '../bulk/credits';
import { loadOpenTasks, recordTaskFailure, writeTaskResult } from './task-results';

/** A real result for `address` (the sandbox's, made from the address alone), as the engine returns it. */
const outcome = (address: string): CheckOutcome => ({
  output: sandboxCheck(address, new Date()),
  mxHost: 'mx.sandbox.invalid',
  retryable: false,
  durationMs: 120,
});

const loadOpenTask = async (jobId: number, position: number) =>
  (await withTestDb((db) => loadOpenTasks(db, [{ jobId, position }]))).get(`${jobId}:${position}`) ?? null;

describe('task results and credits', () => {
  it('keeps the credit of a verified address, and returns those of unknown results and failures, once each', async () => {
    const { tenant, auth } = await bulkTenant();
    const entitlement = await withTestDb((db) => loadVerifyEntitlement(db, tenant.id, new Date()));
    const credits = { start: new Date(entitlement.periodStart!), end: new Date(entitlement.periodEnd!) };
    const used = () => withTestDb(async (db) => (await readUsage(db, verifyQuotaStore, tenant.id, entitlement.periodStart!))[CREDITS_QUOTA] ?? 0);
    // The job's 3 credits, as POST /v1/bulk takes them when it creates the job.
    await withTestDb((db) => consumeQuota(db, verifyQuotaStore, { ownerId: tenant.id, quota: CREDITS_QUOTA, amount: 3, entitlement }));
    const job = await seedJob(tenant.id, ['jane@example.com', 'blocked@example.com', 'john@example.com'], { sandbox: false, credits });
    const task = async (position: number) => (await loadOpenTask(job.id, position))!;

    expect(await withTestDb(async (db) => writeTaskResult(db, await task(0), outcome('jane@example.com')))).toBe(true);
    expect(await used()).toBe(3);
    const blocked = await task(1);
    expect(await withTestDb((db) => writeTaskResult(db, blocked, outcome('blocked@example.com')))).toBe(true);
    expect(await used()).toBe(2);
    // The same result again (a redelivery) writes nothing and returns nothing more.
    expect(await withTestDb((db) => writeTaskResult(db, blocked, outcome('blocked@example.com')))).toBe(false);
    expect(await used()).toBe(2);
    const failing = await task(2);
    expect(await withTestDb((db) => recordTaskFailure(db, failing, 'The check could not run: boom'))).toBe(true);
    expect(await withTestDb((db) => recordTaskFailure(db, failing, 'The check could not run: boom'))).toBe(false);
    expect(await used()).toBe(1);

    expect((await tasksOf(job.id)).map((row) => [row.status, row.isReachable, row.provider, row.durationMs])).toEqual([
      ['done', 'safe', 'other', 120],
      ['done', 'unknown', 'other', 120],
      ['failed', null, null, null],
    ]);
    expect(await readJob(auth, job.id)).toMatchObject({
      status: 'completed',
      started_at: expect.any(String),
      finished_at: expect.any(String),
      total_processed: 3,
      summary: { total_safe: 1, total_unknown: 1, total_failed: 1 },
    });
    expect((await eventsOf(job.id)).map((event) => event.type)).toEqual(['job.completed']);
  });

  it('writes no result to a task that is not open', async () => {
    const { tenant } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com']);
    const task = (await loadOpenTask(job.id, 0))!;
    await withTestDb((db) => writeTaskResult(db, task, outcome('jane@example.com')));
    expect(await loadOpenTask(job.id, 0)).toBeNull();
    expect(await loadOpenTask(job.id, 7)).toBeNull();
  });

  it('reads the open tasks of a whole batch in one go, across jobs, leaving out the ended ones', async () => {
    const { tenant } = await bulkTenant();
    const [first, second] = [await seedJob(tenant.id, ['jane@example.com', 'john@example.com']), await seedJob(tenant.id, ['jill@example.com'])];
    await withTestDb(async (db) =>
      writeTaskResult(db, (await loadOpenTasks(db, [{ jobId: first.id, position: 1 }])).get(`${first.id}:1`)!, outcome('john@example.com')),
    );
    const open = await withTestDb((db) =>
      loadOpenTasks(db, [
        { jobId: first.id, position: 0 },
        { jobId: first.id, position: 1 },
        { jobId: second.id, position: 0 },
        { jobId: second.id, position: 9 },
      ]),
    );
    expect([...open.entries()].map(([key, task]) => [key, task.email]).sort()).toEqual([
      [`${first.id}:0`, 'jane@example.com'],
      [`${second.id}:0`, 'jill@example.com'],
    ]);
  });
});

describe('a task result cut off by the database', () => {
  const gate = databaseGate('bulk-result');
  afterEach(async () => {
    await gate.control('up');
  });

  // Every cut point of one write: a task whose end committed without its history would stay so,
  // since its retried message finds it ended and acknowledges.
  it('is written whole or not at all, so the retried message writes the task and its history', async () => {
    const { tenant } = await bulkTenant();
    for (let chunks = 1; ; chunks++) {
      const address = `cut-${chunks}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const job = await seedJob(tenant.id, [address], { sandbox: false });
      const sandboxed = outcome(address);
      const live: CheckOutcome = { ...sandboxed, output: { ...sandboxed.output, debug: { ...sandboxed.output.debug, sandbox: false } } };
      const task = (await loadOpenTask(job.id, 0))!;
      await gate.control(`down-after/${chunks}`);
      const first = await withDatabase({ ...env, DATABASE_URL: gate.databaseUrl }, (db) => writeTaskResult(db, task, live)).then(
        () => 'written' as const,
        () => 'cut' as const,
      );
      await gate.control('up');
      // The retried message: the task is read again, and written if it is still open.
      const reopened = await loadOpenTask(job.id, 0);
      if (reopened) await withTestDb((db) => writeTaskResult(db, reopened, live));
      const history = await withTestDb((db) => db.select({ jobId: emailChecks.jobId }).from(emailChecks).where(eq(emailChecks.email, address)));
      expect({ chunks, status: (await tasksOf(job.id))[0]!.status, history }).toEqual({ chunks, status: 'done', history: [{ jobId: job.id }] });
      if (first === 'written') break;
    }
  });
});
