import { sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { settingDefaults } from '../settings/settings';

/** Rows changed per statement, so one purge never holds a long lock or a huge transaction. */
const PURGE_BATCH = 5_000;

/** Per tenant, the moment before which its results expire (`result_retention_days`, the default when unset). */
function cutoff(now: Date) {
  return sql`${now.toISOString()}::timestamptz - make_interval(days => coalesce(s.result_retention_days, ${settingDefaults.resultRetentionDays}))`;
}

/** Pipeline runs one statement clears at most (many runs hold one row); their rows are also capped near PURGE_BATCH. */
const RUNS_PER_STATEMENT = 1_000;

export interface JobDataPurge {
  taskResults: number;
  events: number;
  pipelineRows: number;
}

/**
 * What bulk jobs keep past `result_retention_days`: the CheckEmailOutput of each task of a job that
 * finished before the cutoff is cleared (the task, its verdict and the job's summary stay), job
 * events older than it are deleted with their webhook delivery rows, except events whose delivery is
 * still being retried, and the pushed objects of a pipeline run's rows are cleared once every row of
 * the run has ended before it.
 */
export async function purgeExpiredJobData(db: Database, now: Date): Promise<JobDataPurge> {
  const taskResults = await inBatches(() =>
    db.execute(sql`
      with doomed as (
        select task.job_id, task.position
        from verify.tenants t
        left join verify.tenant_settings s on s.tenant_id = t.id
        join verify.bulk_jobs j on j.tenant_id = t.id and j.finished_at < ${cutoff(now)}
        join verify.bulk_tasks task on task.job_id = j.id and task.result is not null
        limit ${PURGE_BATCH}
      )
      update verify.bulk_tasks b set result = null, updated_at = now()
      from doomed where b.job_id = doomed.job_id and b.position = doomed.position`),
  );
  const events = await inBatches(() =>
    db.execute(sql`
      with doomed as (
        select e.id
        from verify.tenants t
        left join verify.tenant_settings s on s.tenant_id = t.id
        cross join lateral (
          select e.id from verify.job_events e
          where e.tenant_id = t.id and e.created_at < ${cutoff(now)}
            and not exists (
              select 1 from verify.webhook_deliveries w where w.event_id = e.id and w.status in ('pending', 'delivering')
            )
          limit ${PURGE_BATCH}
        ) e
        limit ${PURGE_BATCH}
      )
      delete from verify.job_events where id in (select id from doomed)`),
  );
  return { taskResults, events, pipelineRows: await clearExpiredPipelineRows(db, now) };
}

/**
 * A pushed row's object is whatever the workspace sent (a sign-up form, a CRM record), so it is
 * cleared to `{}` with the run's task results; the address, state and times stay, so the run keeps
 * its figures (GET /v1/pipelines/{pipeline_id}/runs/{run_id}). A run is cleared once, whole, after
 * its last row ended (delivered, dropped or failed) before the cutoff; rows still waiting, verifying
 * or delivering are never touched.
 */
async function clearExpiredPipelineRows(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute<{ runs: number; rows: number }>(sql`
      with doomed as (
        select id from (
          select r.id, sum(r.rows) over (order by r.id) - r.rows as rows_before
          from verify.pipeline_runs r
          left join verify.tenant_settings s on s.tenant_id = r.tenant_id
          where r.rows_cleared_at is null and r.created_at < ${cutoff(now)}
            and not exists (
              select 1 from verify.pipeline_rows x
              where x.run_id = r.id and (x.status not in ('delivered', 'dropped', 'failed') or x.finished_at >= ${cutoff(now)})
            )
          order by r.id
          limit ${RUNS_PER_STATEMENT}
        ) candidates
        where rows_before < ${PURGE_BATCH}
      ),
      cleared as (
        update verify.pipeline_rows x set data = '{}'::jsonb from doomed where x.run_id = doomed.id returning 1
      ),
      marked as (
        update verify.pipeline_runs r set rows_cleared_at = ${now.toISOString()}::timestamptz from doomed where r.id = doomed.id returning 1
      )
      select (select count(*) from marked)::int as runs, (select count(*) from cleared)::int as rows`);
    const { runs, rows } = result.rows[0] ?? { runs: 0, rows: 0 };
    total += rows;
    if (runs === 0) return total;
  }
}

async function inBatches(run: () => Promise<{ rowCount: number | null }>): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = (await run()).rowCount ?? 0;
    total += batch;
    if (batch < PURGE_BATCH) return total;
  }
}
