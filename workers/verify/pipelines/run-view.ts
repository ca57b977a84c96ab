import { sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { bulkJobs, bulkTasks, pipelineDeliveries, pipelineRows, pipelineRuns } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { findPipeline } from './definitions';
import type { RunTrigger } from './runs';

type RunFigures = {
  id: number;
  pipeline_id: number;
  job_id: number | null;
  trigger: RunTrigger;
  rows: number;
  created_at: string;
  finished_at: string | null;
  job_status: string | null;
  safe: number;
  risky: number;
  invalid: number;
  unknown: number;
  skipped: number;
  failed: number;
  dead_lettered: number;
  retries: number;
  rows_verifying: number;
  rows_delivering: number;
  rows_delivered: number;
  rows_dropped: number;
  rows_failed: number;
  deliveries_made: number;
  deliveries_failed: number;
  deliveries_pending: number;
  delivery_attempts: number;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
};

/** One query for any page of runs: the job's verdict counts, the rows by state, the deliveries and the latency percentiles. */
async function runFigures(db: Database, where: ReturnType<typeof sql>, page: { limit: number; offset: number }): Promise<RunFigures[]> {
  const result = await db.execute<RunFigures>(sql`
    select r.id::float8 as id, r.pipeline_id::float8 as pipeline_id, r.job_id, r.trigger, r.rows, r.created_at,
      j.status as job_status, coalesce(j.safe, 0) as safe, coalesce(j.risky, 0) as risky, coalesce(j.invalid, 0) as invalid,
      coalesce(j.unknown, 0) as unknown, coalesce(j.skipped, 0) as skipped, coalesce(j.failed, 0) as failed, coalesce(j.dead_lettered, 0) as dead_lettered,
      coalesce((select sum(greatest(t.attempts - 1, 0))::int from ${bulkTasks} t where t.job_id = r.job_id), 0) as retries,
      rows.verifying as rows_verifying, rows.delivering as rows_delivering, rows.delivered as rows_delivered, rows.dropped as rows_dropped, rows.failed as rows_failed,
      rows.finished_at, rows.p50 as latency_p50_ms, rows.p95 as latency_p95_ms,
      d.made as deliveries_made, d.failed as deliveries_failed, d.pending as deliveries_pending, d.attempts as delivery_attempts
    from ${pipelineRuns} r
    left join ${bulkJobs} j on j.id = r.job_id
    cross join lateral (
      select count(*) filter (where status = 'verifying')::int as verifying,
        count(*) filter (where status = 'delivering')::int as delivering,
        count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where status = 'dropped')::int as dropped,
        count(*) filter (where status = 'failed')::int as failed,
        case when count(*) filter (where status in ('verifying', 'delivering')) = 0 then max(finished_at) end as finished_at,
        round(percentile_cont(0.5) within group (order by extract(epoch from finished_at - pushed_at) * 1000) filter (where status = 'delivered'))::int as p50,
        round(percentile_cont(0.95) within group (order by extract(epoch from finished_at - pushed_at) * 1000) filter (where status = 'delivered'))::int as p95
      from ${pipelineRows} where run_id = r.id
    ) rows
    cross join lateral (
      select count(*) filter (where status = 'delivered')::int as made, count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status in ('pending', 'delivering'))::int as pending, coalesce(sum(attempts), 0)::int as attempts
      from ${pipelineDeliveries} where run_id = r.id
    ) d
    where ${where}
    order by r.id desc
    limit ${page.limit} offset ${page.offset}`);
  return result.rows;
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string).toISOString();
}

export function runView(run: RunFigures) {
  const pending = run.rows_verifying + run.rows_delivering;
  return {
    run_id: Number(run.id),
    pipeline_id: Number(run.pipeline_id),
    job_id: run.job_id,
    trigger: run.trigger,
    status: (run.rows_verifying > 0 ? 'verifying' : pending > 0 ? 'delivering' : 'completed') as 'verifying' | 'delivering' | 'completed',
    started_at: iso(run.created_at)!,
    finished_at: pending > 0 ? null : iso(run.finished_at),
    rows_in: run.rows,
    verdicts: { safe: run.safe, risky: run.risky, invalid: run.invalid, unknown: run.unknown },
    failures: { failed: run.failed, dead_lettered: run.dead_lettered, skipped: run.skipped },
    retries: run.retries,
    rows: { verifying: run.rows_verifying, delivering: run.rows_delivering, delivered: run.rows_delivered, dropped: run.rows_dropped, failed: run.rows_failed },
    deliveries: { made: run.deliveries_made, failed: run.deliveries_failed, pending: run.deliveries_pending, attempts: run.delivery_attempts },
    latency_ms: { p50: run.latency_p50_ms, p95: run.latency_p95_ms },
  };
}

export type RunView = ReturnType<typeof runView>;

export async function listRuns(db: Database, tenantId: string, pipelineId: number, page: { limit: number; offset: number }) {
  const pipeline = await findPipeline(db, tenantId, pipelineId);
  const [runs, total] = await Promise.all([
    runFigures(db, sql`r.pipeline_id = ${pipeline.id}`, page),
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${pipelineRuns} where pipeline_id = ${pipeline.id}`),
  ]);
  return { runs: runs.map(runView), total: total.rows[0]?.total ?? 0, limit: page.limit, offset: page.offset };
}

export async function readRun(db: Database, tenantId: string, pipelineId: number, runId: number): Promise<RunView> {
  const pipeline = await findPipeline(db, tenantId, pipelineId);
  const [run] = await runFigures(db, sql`r.pipeline_id = ${pipeline.id} and r.id = ${runId}`, { limit: 1, offset: 0 });
  if (!run) throw new ApiError('not_found', `No run ${runId} in pipeline ${pipelineId}.`, { hint: 'List the runs with GET /v1/pipelines/{pipeline_id}/runs.' });
  return runView(run);
}
