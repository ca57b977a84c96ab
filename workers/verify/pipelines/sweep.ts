import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, pipelineDeliveries, pipelinePushes, pipelineRows, pipelines } from '../../../shared/db/schema';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/limits/idempotency-store';
import type { UrlPolicy } from '../../../shared/net/ssrf';
import { nextScheduledAt } from './rules';
import { sendAll, type BulkMessage } from '../bulk/messages';
import { deliverRun } from './delivery';
import { executeLater, flushPipeline, startRun } from './runs';

/** Pipelines, runs and schedules one tick handles at most; the rest wait for the next minute. */
const PER_TICK = 50;
/** Queue messages normally do this work; the sweep takes over only what is this late. */
const GRACE_SECONDS = 60;
/**
 * A pipeline task claimed (by an executor or a dispatch) and still pending this long after is
 * taken as abandoned: its executor died mid-check. A check message still waiting in a backlog this
 * deep is sent again; the task takes one result whichever check ends first.
 */
const ABANDONED_CHECK_MINUTES = 10;
/** Abandoned checks one tick queues again at most. */
const REQUEUE_PER_TICK = 500;
/** Expired push keys one tick deletes at most; a backlog goes over the next ticks. */
const EXPIRED_KEYS_PER_TICK = 5_000;

export interface SweepResult {
  scheduledRuns: number;
  flushed: number;
  runsDelivered: number;
  checksRequeued: number;
  pushKeysExpired: number;
}

/**
 * The minute cron's pipeline work: starts the runs of schedules that have come (executed by a
 * consumer), and catches up on anything a lost or dead-lettered queue message or a dead executor
 * left behind (a batch past its wait or full, a check claimed and never ended, rows ended but not
 * delivered, a delivery retry that is due), and deletes push keys past their lifetime.
 */
export async function sweepPipelines(db: Database, queue: Queue<BulkMessage>, policy: UrlPolicy, now: Date): Promise<SweepResult> {
  const result: SweepResult = { scheduledRuns: 0, flushed: 0, runsDelivered: 0, checksRequeued: 0, pushKeysExpired: 0 };
  for (const pipeline of await claimDueSchedules(db, now)) {
    if (pipeline.status !== 'active') continue;
    const run = await startRun(db, queue, pipeline.id, pipeline.tenantId, 'schedule');
    if (!run) continue;
    await executeLater(queue, [run]);
    result.scheduledRuns += 1;
  }
  const late = new Date(now.getTime() - GRACE_SECONDS * 1000).toISOString();
  const overdue = await db.execute<{ id: number }>(sql`
    select p.id::float8 as id from ${pipelines} p
    -- The batch's wait runs from its first waiting row, as for a push and a flush (pipelineWithFirstWaiting).
    cross join lateral (
      select pushed_at from ${pipelineRows} r where r.pipeline_id = p.id and r.status = 'waiting' order by r.id limit 1) as first
    where p.status = 'active' and p.waiting_rows > 0
      and first.pushed_at + make_interval(secs => coalesce(p.batch_max_wait_seconds, 0)) < ${late}::timestamptz
      and (p.batch_max_wait_seconds is not null
        -- A full batch is due whatever the wait: one a push was to run itself and did not.
        or p.waiting_rows >= p.batch_max_rows)
    limit ${PER_TICK}`);
  for (const { id } of overdue.rows) {
    const runs = await flushPipeline(db, queue, Number(id), now);
    await executeLater(queue, runs);
    result.flushed += runs.length;
  }
  result.checksRequeued = await requeueAbandonedChecks(db, queue, now);
  const stuck = await db.execute<{ run_id: number }>(sql`
    select distinct r.run_id::float8 as run_id from ${pipelineRows} r
    join ${bulkTasks} t on t.job_id = r.job_id and t.position = r.position
    where r.status = 'verifying' and t.status not in ('pending', 'retrying') and t.completed_at < ${late}::timestamptz
    union
    select d.run_id::float8 from ${pipelineDeliveries} d
    where (d.status = 'pending' and d.next_attempt_at < ${late}::timestamptz) or (d.status = 'delivering' and d.claimed_until < ${now.toISOString()}::timestamptz)
    limit ${PER_TICK}`);
  for (const { run_id } of stuck.rows) {
    await deliverRun(db, queue, policy, Number(run_id), now);
    result.runsDelivered += 1;
  }
  result.pushKeysExpired = await forgetExpiredPushKeys(db, now);
  return result;
}

/** Deletes push keys past their lifetime (a push would take them afresh anyway), oldest first. */
async function forgetExpiredPushKeys(db: Database, now: Date): Promise<number> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const deleted = await db.execute(sql`
    delete from ${pipelinePushes} where (pipeline_id, push_key) in (
      select pipeline_id, push_key from ${pipelinePushes} where pushed_at <= ${expired}::timestamptz order by pushed_at limit ${EXPIRED_KEYS_PER_TICK})`);
  return deleted.rowCount ?? 0;
}

/** Moves each due schedule to its next time, in one statement, so overlapping ticks never run one twice. */
async function claimDueSchedules(db: Database, now: Date) {
  // Interactive: due schedules are claimed with SKIP LOCKED and exactly those move on.
  return db.interactive(async (tx) => {
    const due = await tx
      .select()
      .from(pipelines)
      .where(and(isNotNull(pipelines.scheduleEveryMinutes), lte(pipelines.nextScheduledAt, now)))
      .limit(PER_TICK)
      .for('update', { skipLocked: true });
    for (const pipeline of due) {
      await tx
        .update(pipelines)
        .set({ nextScheduledAt: nextScheduledAt(pipeline.nextScheduledAt!, pipeline.scheduleEveryMinutes!, now) })
        .where(eq(pipelines.id, pipeline.id));
    }
    return due;
  });
}

/** Queues a check again for each pipeline task whose claim is ABANDONED_CHECK_MINUTES old and still pending. */
async function requeueAbandonedChecks(db: Database, queue: Queue<BulkMessage>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_CHECK_MINUTES * 60_000).toISOString();
  const requeued = await db.execute<{ job_id: number; position: number }>(sql`
    update ${bulkTasks} set queued_at = ${now.toISOString()}::timestamptz
    where (job_id, position) in (
      select t.job_id, t.position from ${bulkTasks} t join ${bulkJobs} j on j.id = t.job_id
      where j.kind = 'pipeline' and j.status in ('queued', 'running') and t.status = 'pending' and t.queued_at < ${before}::timestamptz
      limit ${REQUEUE_PER_TICK} for update of t skip locked)
    returning job_id, position`);
  await sendAll(
    queue,
    requeued.rows.map((row) => ({ type: 'check' as const, jobId: row.job_id, position: row.position })),
  );
  return requeued.rows.length;
}
