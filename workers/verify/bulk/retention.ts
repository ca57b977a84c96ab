import { sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { settingDefaults } from '../services/settings';

/** Rows changed per statement, so one purge never holds a long lock or a huge transaction. */
const PURGE_BATCH = 5_000;

/** Per tenant, the moment before which its results expire (`result_retention_days`, the default when unset). */
function cutoff(now: Date) {
  return sql`${now.toISOString()}::timestamptz - make_interval(days => coalesce(s.result_retention_days, ${settingDefaults.resultRetentionDays}))`;
}

export interface JobDataPurge {
  taskResults: number;
  events: number;
}

/**
 * What bulk jobs keep past `result_retention_days`: the CheckEmailOutput of each task of a job that
 * finished before the cutoff is cleared (the task, its verdict and the job's summary stay), and job
 * events older than it are deleted with their webhook delivery rows, except events whose delivery is
 * still being retried.
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
  return { taskResults, events };
}

async function inBatches(run: () => Promise<{ rowCount: number | null }>): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = (await run()).rowCount ?? 0;
    total += batch;
    if (batch < PURGE_BATCH) return total;
  }
}
