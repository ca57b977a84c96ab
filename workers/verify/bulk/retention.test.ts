import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs, bulkTasks, jobEvents, webhookDeliveries } from '../../../shared/db/schema';
import { seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { RETENTION_CRON } from '../crons';
import worker from '../index';
import { updateSettings } from '../services/settings';
import { recordJobEvent } from './events';

const day = 24 * 60 * 60 * 1000;

/** A finished job with one checked task, a `job.completed` event and its webhook delivery in `status`, all dated `age` ago. */
async function finishedJobAged(tenantId: string, age: number, deliveryStatus: string) {
  const job = await seedJob(tenantId, ['a@example.test'], { webhookUrl: 'https://hooks.example.test/v' });
  const at = new Date(Date.now() - age);
  return withTestDb(async (db) => {
    await db.update(bulkJobs).set({ status: 'completed', finishedAt: at }).where(eq(bulkJobs.id, job.id));
    await db
      .update(bulkTasks)
      .set({ status: 'done', result: { input: 'a@example.test', is_reachable: 'safe' }, isReachable: 'safe', completedAt: at })
      .where(eq(bulkTasks.jobId, job.id));
    const eventId = await recordJobEvent(db, { ...job, status: 'completed' }, 'job.completed');
    await db.update(jobEvents).set({ createdAt: at }).where(eq(jobEvents.id, eventId));
    await db.update(webhookDeliveries).set({ status: deliveryStatus, createdAt: at }).where(eq(webhookDeliveries.eventId, eventId));
    return { jobId: job.id, eventId };
  });
}

describe('retention of bulk job data', () => {
  it('clears task results and deletes job events with their deliveries past result_retention_days, from the hourly cron', async () => {
    const { tenant } = await seedTenant({ planId: 'enterprise' });
    await withTestDb((db) => updateSettings(db, tenant.id, { resultRetentionDays: 7 }));
    const expired = await finishedJobAged(tenant.id, 8 * day, 'delivered');
    const fresh = await finishedJobAged(tenant.id, 6 * day, 'delivered');
    // A delivery still being retried keeps its event until it ends.
    const retrying = await finishedJobAged(tenant.id, 8 * day, 'pending');

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: RETENTION_CRON, scheduledTime: Date.now() }), verifyEnv, ctx);
    await waitOnExecutionContext(ctx);

    const jobs = [expired, fresh, retrying];
    const state = await withTestDb(async (db) => ({
      tasks: await db
        .select({ jobId: bulkTasks.jobId, result: bulkTasks.result, isReachable: bulkTasks.isReachable })
        .from(bulkTasks)
        .where(
          inArray(
            bulkTasks.jobId,
            jobs.map((job) => job.jobId),
          ),
        ),
      events: await db
        .select({ id: jobEvents.id })
        .from(jobEvents)
        .where(
          inArray(
            jobEvents.id,
            jobs.map((job) => job.eventId),
          ),
        ),
      deliveries: await db
        .select({ eventId: webhookDeliveries.eventId })
        .from(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.eventId,
            jobs.map((job) => job.eventId),
          ),
        ),
    }));
    const resultOf = (jobId: number) => state.tasks.find((task) => task.jobId === jobId);
    expect(resultOf(expired.jobId)).toEqual({ jobId: expired.jobId, result: null, isReachable: 'safe' });
    expect(resultOf(fresh.jobId)?.result).not.toBeNull();
    expect(resultOf(retrying.jobId)?.result).toBeNull();
    expect(state.events.map((event) => event.id).sort()).toEqual([fresh.eventId, retrying.eventId].sort());
    expect(state.deliveries.map((delivery) => delivery.eventId).sort()).toEqual([fresh.eventId, retrying.eventId].sort());
  });
});
