import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../shared/config';
import { bulkTenant, createBulkJob, eventsOf, eventually, jobOnceIn, tasksOf, verifyEnv } from '../../../test/workers/bulk-flow';
import { fixtureConcurrency, sessionsNaming, uniqueAddress } from '../../../test/workers/engine-peers';
import { verifyConfigSchema } from '../config';
import { MAX_CHECK_ATTEMPTS } from '../domain/retry-policy';

/**
 * Bulk jobs of real addresses, end to end: POST /v1/bulk, the real queue (miniflare's, with this
 * project's retry schedule), the consumer running the check_email engine against the fixture MTAs
 * (test/node/fixtures/smtp/behaviours.ts), the per-MX-host gate, retries and the dead-letter queue.
 */

const config = readConfig(verifyConfigSchema, verifyEnv);
/** A job's whole life here includes every retry of a task the server keeps deferring. */
const JOB_TIMEOUT_MS = 90_000;

/** Checked for real, not from the sandbox's rules. */
const live = { sandbox: false };

describe('bulk jobs against the check_email engine', () => {
  it('checks a job of real addresses at the fixture MTAs through the queue, retrying what the servers defer', async () => {
    const { auth } = await bulkTenant();
    const addresses = {
      safe: uniqueAddress('alice', 'mailbox.test'),
      invalid: uniqueAddress('nobody', 'mailbox.test'),
      catchAll: uniqueAddress('anyone', 'accept-all.test'),
      fullInbox: uniqueAddress('full', 'mailbox.test'),
      greylisted: uniqueAddress('alice', 'greylist.test'),
      policyBlock: uniqueAddress('alice', 'policy-block.test'),
      nullMx: uniqueAddress('alice', 'null-mx.test'),
      drops: uniqueAddress('alice', 'drop.test'),
    };
    const created = await createBulkJob(auth, Object.values(addresses), live);
    const done = await jobOnceIn(auth, created.job_id, 'completed', JOB_TIMEOUT_MS);
    expect(done).toMatchObject({
      total_records: 8,
      total_processed: 8,
      summary: { total_safe: 2, total_invalid: 2, total_risky: 2, total_unknown: 1, total_dead_lettered: 1, total_failed: 0, total_pending: 0 },
    });

    const tasks = new Map((await tasksOf(created.job_id)).map((task) => [task.email, task]));
    const outcome = (address: string) => {
      const task = tasks.get(address)!;
      return [task.status, task.isReachable, task.reason, task.attempts];
    };
    expect(outcome(addresses.safe)).toEqual(['done', 'safe', 'accepted_email', 1]);
    expect(outcome(addresses.invalid)).toEqual(['done', 'invalid', 'rejected_email', 1]);
    expect(outcome(addresses.catchAll)).toEqual(['done', 'risky', 'low_deliverability', 1]);
    expect(outcome(addresses.fullInbox)).toEqual(['done', 'risky', 'low_deliverability', 1]);
    // 5xx: the server's final word, so no retry.
    expect(outcome(addresses.policyBlock)).toEqual(['done', 'unknown', 'unavailable_smtp', 1]);
    expect(outcome(addresses.nullMx)).toEqual(['done', 'invalid', 'invalid_domain', 1]);
    // Greylisted on the first attempt, accepted on the second.
    expect(outcome(addresses.greylisted)).toEqual(['done', 'safe', 'accepted_email', 2]);
    // Dropped at every attempt: after the last, the dead-letter queue ends it with its last result.
    expect(outcome(addresses.drops)).toEqual(['dead_lettered', 'unknown', 'unavailable_smtp', MAX_CHECK_ATTEMPTS]);
    expect(tasks.get(addresses.drops)!.error).toBe(`The mail server deferred every one of ${MAX_CHECK_ATTEMPTS} attempts.`);

    // The mail servers saw one session per check: the retried ones once per attempt.
    expect(await sessionsNaming(addresses.safe)).toHaveLength(1);
    expect(await sessionsNaming(addresses.greylisted)).toHaveLength(2);
    expect(await sessionsNaming(addresses.drops)).toHaveLength(MAX_CHECK_ATTEMPTS);
    expect(await sessionsNaming(addresses.nullMx)).toHaveLength(0);
    expect((await eventsOf(created.job_id)).map((event) => event.type)).toEqual(['job.created', 'job.completed']);
  });

  it('retries a greylisted address after the schedule’s delay, not at once, and takes the server’s later yes', async () => {
    const { auth } = await bulkTenant();
    const address = uniqueAddress('bob', 'greylist.test');
    const created = await createBulkJob(auth, [address], live);

    const deferred = await eventually(
      async () => (await tasksOf(created.job_id))[0]!,
      (task) => task.status !== 'pending',
      JOB_TIMEOUT_MS,
    );
    expect(deferred).toMatchObject({ status: 'retrying', attempts: 1, isReachable: 'unknown', reason: 'unavailable_smtp' });
    expect(deferred.nextAttemptAt!.getTime() - deferred.updatedAt.getTime()).toBe(config.BULK_RETRY_DELAYS_SECONDS[0]! * 1000);

    const done = await jobOnceIn(auth, created.job_id, 'completed', JOB_TIMEOUT_MS);
    expect(done.summary).toMatchObject({ total_safe: 1, total_unknown: 0 });
    const [first, second] = await sessionsNaming(address);
    // The second session came no sooner than the delay the first attempt was given.
    expect(second!.startedAt - first!.startedAt).toBeGreaterThanOrEqual(config.BULK_RETRY_DELAYS_SECONDS[0]! * 1000);
  });

  it('never holds more SMTP sessions at one MX host than the limit, across the whole job, and does reach it', async () => {
    const { auth } = await bulkTenant();
    const limit = config.SMTP_SESSIONS_PER_MX_HOST;
    // Enough addresses that each queue batch (10 messages) asks the slow host for more sessions than it may have.
    const addresses = Array.from({ length: 4 * limit + 10 }, () => uniqueAddress('alice', 'busy.test'));
    const created = await createBulkJob(auth, addresses, live);
    const done = await jobOnceIn(auth, created.job_id, 'completed', JOB_TIMEOUT_MS);
    expect(done).toMatchObject({ total_processed: addresses.length, summary: { total_safe: addresses.length } });

    const busy = await fixtureConcurrency('busy');
    expect(busy.max).toBe(limit);
    expect(busy.open).toBe(0);
  });
});
