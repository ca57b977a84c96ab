import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkJobs, bulkTasks, jobEvents, pipelineRows, pipelineRuns, pipelines, webhookDeliveries } from '../../../shared/db/schema';
import { callVerify, seedJob, verifyEnv } from '../../../test/workers/bulk-flow';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import { RETENTION_CRON } from '../crons';
import worker from '../index';
import { updateSettings } from '../settings/settings';
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

async function runRetention() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: RETENTION_CRON, scheduledTime: Date.now() }), verifyEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe('retention of bulk job data', () => {
  it('clears task results and deletes job events with their deliveries past result_retention_days, from the hourly cron', async () => {
    const { tenant } = await seedTenant({ planId: 'enterprise' });
    await withTestDb((db) => updateSettings(db, tenant.id, { resultRetentionDays: 7 }));
    const expired = await finishedJobAged(tenant.id, 8 * day, 'delivered');
    const fresh = await finishedJobAged(tenant.id, 6 * day, 'delivered');
    // A delivery still being retried keeps its event until it ends.
    const retrying = await finishedJobAged(tenant.id, 8 * day, 'pending');

    await runRetention();

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

type RowState = { status: string; finishedAt?: Date | null };

/** A run of `pipelineId` made `age` ago whose rows are in `states`, each pushed with an object of its own. */
async function runWithRows(tenantId: string, pipelineId: number, age: number, states: RowState[]) {
  return withTestDb(async (db) => {
    const createdAt = new Date(Date.now() - age);
    const [run] = await db
      .insert(pipelineRuns)
      .values({ pipelineId, tenantId, trigger: 'batch_full', rows: states.length, createdAt })
      .returning({ id: pipelineRuns.id });
    await db.insert(pipelineRows).values(
      states.map((state, index) => ({
        pipelineId,
        tenantId,
        pushKey: `push-${run!.id}`,
        pushIndex: index,
        data: { email: `row${index}@example.com`, name: 'Jane Doe', phone: '+1 555 0100' },
        email: `row${index}@example.com`,
        emailKey: `row${index}@example.com`,
        status: state.status,
        runId: run!.id,
        pushedAt: createdAt,
        finishedAt: state.finishedAt === undefined ? createdAt : state.finishedAt,
      })),
    );
    return run!.id;
  });
}

async function pipelineOf(tenantId: string) {
  const [pipeline] = await withTestDb((db) =>
    db
      .insert(pipelines)
      .values({ tenantId, name: 'signups', emailColumn: 'email', options: {}, batchMaxRows: 100, createdBy: 'test' })
      .returning({ id: pipelines.id }),
  );
  return pipeline!.id;
}

async function rowsOfRun(runId: number) {
  return withTestDb((db) =>
    db
      .select({ data: pipelineRows.data, email: pipelineRows.email, status: pipelineRows.status })
      .from(pipelineRows)
      .where(eq(pipelineRows.runId, runId))
      .orderBy(asc(pipelineRows.id)),
  );
}

describe('retention of pipeline rows', () => {
  it('clears the pushed objects of runs whose rows all ended before the cutoff, and the runs keep their figures', async () => {
    const { tenant, auth } = await seedTenant({ planId: 'enterprise', scopes: ['pipelines.read'] });
    await withTestDb((db) => updateSettings(db, tenant.id, { resultRetentionDays: 7 }));
    const pipelineId = await pipelineOf(tenant.id);
    const expired = await runWithRows(tenant.id, pipelineId, 9 * day, [{ status: 'delivered' }, { status: 'dropped' }, { status: 'failed' }]);
    const fresh = await runWithRows(tenant.id, pipelineId, 6 * day, [{ status: 'delivered' }]);
    // Made before the cutoff, but one row ended after it and one is still being delivered.
    const endedLate = await runWithRows(tenant.id, pipelineId, 9 * day, [
      { status: 'delivered' },
      { status: 'delivered', finishedAt: new Date(Date.now() - 6 * day) },
    ]);
    const unfinished = await runWithRows(tenant.id, pipelineId, 9 * day, [{ status: 'delivered' }, { status: 'delivering', finishedAt: null }]);
    const [held] = await withTestDb((db) =>
      db
        .insert(pipelineRows)
        .values({
          pipelineId,
          tenantId: tenant.id,
          pushKey: 'held',
          pushIndex: 0,
          data: { email: 'held@example.com' },
          email: 'held@example.com',
          emailKey: 'held@example.com',
          pushedAt: new Date(Date.now() - 9 * day),
        })
        .returning({ id: pipelineRows.id }),
    );
    // Another workspace keeps the default 90 days.
    const other = await seedTenant({ planId: 'enterprise' });
    const otherRun = await runWithRows(other.tenant.id, await pipelineOf(other.tenant.id), 9 * day, [{ status: 'delivered' }]);

    const viewOf = async () => (await callVerify('GET', `/v1/pipelines/${pipelineId}/runs/${expired}`, auth)).json();
    const before = await viewOf();
    await runRetention();

    expect(await rowsOfRun(expired)).toEqual([
      { data: {}, email: 'row0@example.com', status: 'delivered' },
      { data: {}, email: 'row1@example.com', status: 'dropped' },
      { data: {}, email: 'row2@example.com', status: 'failed' },
    ]);
    expect(await viewOf()).toEqual(before);
    expect(before).toMatchObject({ rows_in: 3, rows: { delivered: 1, dropped: 1, failed: 1 } });
    for (const kept of [fresh, endedLate, unfinished, otherRun]) {
      for (const row of await rowsOfRun(kept)) expect(row.data).toMatchObject({ name: 'Jane Doe' });
    }
    const [heldRow] = await withTestDb((db) => db.select({ data: pipelineRows.data }).from(pipelineRows).where(eq(pipelineRows.id, held!.id)));
    expect(heldRow!.data).toEqual({ email: 'held@example.com' });
    const runs = await withTestDb((db) =>
      db
        .select({ id: pipelineRuns.id, cleared: pipelineRuns.rowsClearedAt })
        .from(pipelineRuns)
        .where(inArray(pipelineRuns.id, [expired, fresh, endedLate, unfinished, otherRun])),
    );
    expect(runs.filter((run) => run.cleared !== null).map((run) => run.id)).toEqual([expired]);

    // A run is cleared once: a later tick finds nothing more of it to clear.
    await withTestDb((db) =>
      db
        .update(pipelineRows)
        .set({ data: { restored: true } })
        .where(eq(pipelineRows.runId, expired)),
    );
    await runRetention();
    expect((await rowsOfRun(expired)).map((row) => row.data)).toEqual([{ restored: true }, { restored: true }, { restored: true }]);
  });
});
