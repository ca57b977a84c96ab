import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, deliver, eventsOf, eventually, readJob, seedJob, tasksOf, verifyEnv } from '../../../test/workers/bulk-flow';
import { withTestDb } from '../../../test/workers/seed';
import { readConfig } from '../../../shared/config';
import { verifyConfigSchema } from '../config';
import { PROCESSING_RETRY_DELAY_SECONDS, SANDBOX_CHECK_RETRY_DELAYS_SECONDS } from '../domain/retry-policy';
import { CHECKS_AT_ONCE } from '../checks/slots';
import { BULK_QUEUE_NAME, DEAD_LETTER_QUEUE_NAME } from './consumer';
import { bulkTasks } from '../../../shared/db/schema';

const check = (jobId: number, position: number) => ({ type: 'check' as const, jobId, position });
/** The schedule the tests' bindings set (vitest.config.ts): short, and a different delay per retry. */
const retryDelays = readConfig(verifyConfigSchema, verifyEnv).BULK_RETRY_DELAYS_SECONDS;
/** Sandbox jobs (seedJob's default) retry simulated deferrals after seconds, whatever the configured schedule. */
const sandboxDelays = SANDBOX_CHECK_RETRY_DELAYS_SECONDS;

describe('bulk queue consumer', () => {
  it('writes each result once: a redelivered message, even delivered twice at once, changes nothing', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'undeliverable@example.com']);

    const first = await deliver(BULK_QUEUE_NAME, [check(job.id, 0)]);
    expect(first.explicitAcks).toHaveLength(1);
    expect(first.retryMessages).toEqual([]);
    const again = await deliver(BULK_QUEUE_NAME, [check(job.id, 0)]);
    expect(again.explicitAcks).toHaveLength(1);

    // The last task, delivered twice concurrently: one write, one completion.
    const [a, b] = await Promise.all([deliver(BULK_QUEUE_NAME, [check(job.id, 1)]), deliver(BULK_QUEUE_NAME, [check(job.id, 1)])]);
    expect([...a.explicitAcks, ...b.explicitAcks]).toHaveLength(2);

    const read = await readJob(auth, job.id);
    expect(read).toMatchObject({ status: 'completed', total_processed: 2, summary: { total_safe: 1, total_invalid: 1 } });
    const tasks = await tasksOf(job.id);
    expect(tasks.map((task) => [task.status, task.attempts, task.isReachable])).toEqual([
      ['done', 1, 'safe'],
      ['done', 1, 'invalid'],
    ]);
    expect((await eventsOf(job.id)).map((event) => event.type)).toEqual(['job.completed']);
  });

  it('retries a (simulated) greylisted check later with backoff, not at once, keeping the attempt’s result', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['greylisted@example.com', 'jane@example.com']);

    const first = await deliver(BULK_QUEUE_NAME, [check(job.id, 0)]);
    expect(first.retryMessages).toEqual([{ msgId: expect.any(String), delaySeconds: sandboxDelays[0] }]);
    expect(first.explicitAcks).toEqual([]);
    const [task] = await tasksOf(job.id);
    expect(task).toMatchObject({ status: 'retrying', attempts: 1, isReachable: 'unknown', reason: 'unavailable_smtp' });
    expect(task!.nextAttemptAt!.getTime() - task!.updatedAt.getTime()).toBe(sandboxDelays[0]! * 1000);
    expect(sandboxDelays[0]).not.toBe(retryDelays[0]);

    const third = await deliver(BULK_QUEUE_NAME, [check(job.id, 0)], { attempts: 3 });
    expect(third.retryMessages).toEqual([{ msgId: expect.any(String), delaySeconds: sandboxDelays[2] }]);
    expect((await tasksOf(job.id))[0]).toMatchObject({ status: 'retrying', attempts: 2 });

    // A deferred task is not processed: the job runs on, and shows the retry in its results.
    expect(await readJob(auth, job.id)).toMatchObject({ status: 'running', total_processed: 0, summary: { total_pending: 1, total_retrying: 1 } });
    const results = (await (await callVerify('GET', `/v1/jobs/${job.id}/results`, auth)).json()) as {
      partial: boolean;
      results: Array<{ status: string; next_attempt_at: string | null }>;
    };
    expect(results.partial).toBe(true);
    expect(results.results[0]).toMatchObject({ status: 'retrying', next_attempt_at: expect.any(String) });
  });

  it('dead-letters an exhausted task, then POST /retry queues it again', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['greylisted@example.com', 'jane@example.com']);
    await deliver(BULK_QUEUE_NAME, [check(job.id, 0), check(job.id, 1)]);

    const dead = await deliver(DEAD_LETTER_QUEUE_NAME, [check(job.id, 0)]);
    expect(dead.explicitAcks).toHaveLength(1);
    const [task] = await tasksOf(job.id);
    expect(task).toMatchObject({ status: 'dead_lettered', isReachable: 'unknown', error: 'The mail server deferred every one of 1 attempts.' });
    expect(await readJob(auth, job.id)).toMatchObject({ status: 'completed', total_processed: 2, summary: { total_safe: 1, total_dead_lettered: 1 } });
    // A dead-letter of a task that already ended changes nothing.
    await deliver(DEAD_LETTER_QUEUE_NAME, [check(job.id, 1)]);
    expect((await tasksOf(job.id))[1]!.status).toBe('done');

    const retried = await callVerify('POST', `/v1/jobs/${job.id}/retry`, auth);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({
      retried: 1,
      failed: 0,
      dead_lettered: 1,
      job: { status: 'running', total_processed: 1, summary: { total_dead_lettered: 0, total_pending: 1 } },
    });
    const again = await callVerify('POST', `/v1/jobs/${job.id}/retry`, auth);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'running' });

    // The retry went through the real queue: dispatched, checked, and deferred again.
    const reopened = await eventually(
      async () => (await tasksOf(job.id))[0]!,
      (current) => current.status === 'retrying',
    );
    expect(reopened.attempts).toBe(1);
    expect((await eventsOf(job.id)).map((event) => event.type)).toEqual(['job.completed', 'job.retried']);
  });

  it('drops checks of a cancelled job without writing a result', async () => {
    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'john@example.com']);
    await deliver(BULK_QUEUE_NAME, [check(job.id, 0)]);
    const cancelled = await callVerify('POST', `/v1/jobs/${job.id}/cancel`, auth);
    expect(cancelled.status).toBe(200);
    const late = await deliver(BULK_QUEUE_NAME, [check(job.id, 1)]);
    expect(late.explicitAcks).toHaveLength(1);
    expect((await tasksOf(job.id)).map((task) => [task.status, task.result === null])).toEqual([
      ['done', false],
      ['cancelled', true],
    ]);
    expect(await readJob(auth, job.id)).toMatchObject({ status: 'cancelled', total_processed: 1, summary: { total_cancelled: 1 } });
  });

  it('retries a dispatch whose job is not committed yet, and fails the tasks of a dead-lettered dispatch', async () => {
    const missing = await deliver(BULK_QUEUE_NAME, [{ type: 'dispatch', jobId: 2_147_483_000, from: 0, to: 10 }]);
    expect(missing.retryMessages).toEqual([{ msgId: expect.any(String), delaySeconds: PROCESSING_RETRY_DELAY_SECONDS }]);

    const { tenant, auth } = await bulkTenant();
    const job = await seedJob(tenant.id, ['jane@example.com', 'john@example.com', 'jill@example.com']);
    await deliver(BULK_QUEUE_NAME, [check(job.id, 2)]);
    await withTestDb((db) => db.update(bulkTasks).set({ queuedAt: null }).where(eq(bulkTasks.jobId, job.id)));
    const dead = await deliver(DEAD_LETTER_QUEUE_NAME, [{ type: 'dispatch', jobId: job.id, from: 0, to: 3 }]);
    expect(dead.explicitAcks).toHaveLength(1);
    expect((await tasksOf(job.id)).map((task) => [task.status, task.error])).toEqual([
      ['failed', 'The task could not be queued.'],
      ['failed', 'The task could not be queued.'],
      ['done', null],
    ]);
    expect(await readJob(auth, job.id)).toMatchObject({ status: 'completed', total_processed: 3, summary: { total_failed: 2, total_safe: 1 } });

    const retried = await callVerify('POST', `/v1/jobs/${job.id}/retry`, auth);
    expect(await retried.json()).toMatchObject({ retried: 2, failed: 2, dead_lettered: 0 });
    const done = await eventually(
      () => readJob(auth, job.id),
      (current) => current.status === 'completed',
    );
    expect(done).toMatchObject({ total_processed: 3, summary: { total_safe: 3, total_failed: 0 } });
  });

  it('checks a batch of more messages than it runs at once, each task once, a repeat in a later chunk included', async () => {
    const { tenant, auth } = await bulkTenant();
    const count = 2 * CHECKS_AT_ONCE + 5;
    const job = await seedJob(
      tenant.id,
      Array.from({ length: count }, (_, n) => `user${n}@example.com`),
    );
    const messages = [...Array.from({ length: count }, (_, n) => check(job.id, n)), check(job.id, 0)];
    const result = await deliver(BULK_QUEUE_NAME, messages);
    expect(result.explicitAcks).toHaveLength(count + 1);
    expect(result.retryMessages).toEqual([]);
    const tasks = await tasksOf(job.id);
    expect(tasks.map((task) => [task.status, task.attempts])).toEqual(Array.from({ length: count }, () => ['done', 1]));
    expect(await readJob(auth, job.id)).toMatchObject({ status: 'completed', total_processed: count });
    expect((await eventsOf(job.id)).map((event) => event.type)).toEqual(['job.completed']);
  });

  it('acknowledges and drops a message that is not a bulk message', async () => {
    const result = await deliver(BULK_QUEUE_NAME, [{ hello: 'world' } as never]);
    expect(result.explicitAcks).toHaveLength(1);
  });
});
