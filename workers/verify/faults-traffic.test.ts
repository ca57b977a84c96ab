import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bulkJobs, jobEvents } from '../../shared/db/schema';
import { bulkTenant, callVerify, deliver, seedJob, tasksOf, verifyEnv } from '../../test/workers/bulk-flow';
import { databaseGate } from '../../test/workers/database-gate';
import { withTestDb } from '../../test/workers/seed';
import { BULK_QUEUE_NAME } from './queue/consumer';
import type { CheckMessage } from './bulk/messages';

/** `up`, `down`, or `down-after/{n}`: down once the Worker has sent n more chunks to PostgreSQL. */
const { control: gate, databaseUrl } = databaseGate('traffic');
/** The Worker's bindings with PostgreSQL reached through the gate this file opens and closes. */
const gated = { ...verifyEnv, DATABASE_URL: databaseUrl };

const check = (jobId: number, position: number): CheckMessage => ({ type: 'check', jobId, position });

/** Every answer during an outage is ours: a success, or the 503 envelope with Retry-After. Never a 500. */
async function expectSuccessOrUnavailable(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status < 300) return body;
  expect({ status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    code: 'service_unavailable',
    retryAfter: '5',
  });
  return null;
}

describe('PostgreSQL cut off in the middle of work', () => {
  afterEach(async () => {
    await gate('up');
  });

  it('a queue batch cut mid-way loses no task and writes none twice once it is redelivered', async () => {
    const { tenant, auth } = await bulkTenant();
    const size = 30;
    // Where the batch's statements end depends on timing, so move the cut until it lands inside
    // the batch: some messages acknowledged, some retried.
    let cut: { jobId: number; retried: CheckMessage[] } | null = null;
    for (const chunks of [6, 12, 24, 48, 96, 192]) {
      const job = await seedJob(
        tenant.id,
        Array.from({ length: size }, (_, i) => `user${i}@example.com`),
      );
      const messages = Array.from({ length: size }, (_, position) => check(job.id, position));
      await gate(`down-after/${chunks}`);
      const outcome = await deliver(BULK_QUEUE_NAME, messages, { bindings: gated });
      await gate('up');
      if (outcome.explicitAcks.length > 0 && outcome.retryMessages.length > 0) {
        cut = { jobId: job.id, retried: await retriedMessages(job.id) };
        break;
      }
    }
    expect(cut, 'no cut landed inside the batch').not.toBeNull();
    const { jobId, retried } = cut!;
    expect(retried.length).toBeGreaterThan(0);

    // The queue redelivers what was retried; a cut may also have lost the reply to a write that
    // committed, so redeliver every message once more as well: nothing may change twice.
    await deliver(BULK_QUEUE_NAME, retried, { attempts: 2 });
    await deliver(
      BULK_QUEUE_NAME,
      Array.from({ length: size }, (_, position) => check(jobId, position)),
      { attempts: 3 },
    );

    const tasks = await tasksOf(jobId);
    expect(tasks.filter((task) => task.status !== 'done')).toEqual([]);
    const job = await withTestDb(async (db) => (await db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId)))[0]!);
    expect({ status: job.status, processed: job.processed }).toEqual({ status: 'completed', processed: size });
    const completions = await withTestDb((db) =>
      db
        .select()
        .from(jobEvents)
        .where(and(eq(jobEvents.jobId, jobId), eq(jobEvents.type, 'job.completed'))),
    );
    expect(completions).toHaveLength(1);
    const read = (await (await callVerify('GET', `/v1/jobs/${jobId}`, auth)).json()) as { total_processed: number };
    expect(read.total_processed).toBe(size);
  });

  it('creates with Idempotency-Key during an outage: every answer an envelope, none doubled after recovery', async () => {
    const { tenant, auth } = await bulkTenant();
    const keys = Array.from({ length: 8 }, () => crypto.randomUUID());
    const create = (key: string, bindings = gated) =>
      callVerify('POST', '/v1/bulk', { ...auth, 'idempotency-key': key }, { input: [`${key}@example.com`], sandbox: true }, 'application/json', bindings);

    // Each key sent twice at once while the database goes away part-way through.
    await gate('down-after/40');
    const during = await Promise.all(keys.flatMap((key) => [create(key), create(key)]));
    const answered = new Map<string, Set<number>>();
    for (const [index, response] of during.entries()) {
      if (response.status === 409) {
        expect(((await response.json()) as { code: string }).code).toBe('conflict');
        continue;
      }
      const body = await expectSuccessOrUnavailable(response);
      if (body) answered.set(keys[Math.floor(index / 2)]!, new Set([...(answered.get(keys[Math.floor(index / 2)]!) ?? []), body.job_id as number]));
    }
    await gate('up');

    // After recovery, every key settles on exactly one job, and the tenant has one job per key.
    for (const key of keys) {
      const response = await create(key, verifyEnv);
      expect([200, 201]).toContain(response.status);
      const { job_id } = (await response.json()) as { job_id: number };
      for (const seen of answered.get(key) ?? []) expect(seen).toBe(job_id);
    }
    const jobs = await withTestDb((db) => db.select({ id: bulkJobs.id }).from(bulkJobs).where(eq(bulkJobs.tenantId, tenant.id)));
    expect(jobs).toHaveLength(keys.length);
  });
});

/** The check messages of a job's tasks that are not done: what the queue still has to deliver. */
async function retriedMessages(jobId: number): Promise<CheckMessage[]> {
  return (await tasksOf(jobId)).filter((task) => task.status !== 'done').map((task) => check(jobId, task.position));
}
