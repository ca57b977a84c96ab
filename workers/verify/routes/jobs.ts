import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { readConfig } from '../../../shared/config';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import { approvalVerdicts } from '../domain/approval';
import { jobStatuses, type JobStatus } from '../domain/job-status';
import { failureCauses, failureCauseInfo } from '../domain/failures';
import { bulkFeature, cancelJob, findJob, retryJob } from '../bulk/jobs';
import { followJob } from '../bulk/job-progress';
import { jobView, type JobRow } from '../bulk/job-view';
import { approvalReport, failureGroups, latencyReport } from '../bulk/reports';
import { resultsCsvStream, resultsPage, taskView } from '../bulk/results';
import type { VerifyEnv } from '../env';
import {
  csvResponse,
  jobIdParams,
  jobNotFound,
  jobReadDescription,
  jobSchema,
  jobWaitQuery,
  partialHeaderNote,
  resultsQuery,
  resultsResponses,
} from './job-schemas';

const access = { scopes: ['bulk'], entitlement: bulkFeature } as const;

/** A report on one job: its id and status, then the report's own fields. */
const jobReport = <T extends z.ZodRawShape>(fields: T) => z.object({ job_id: z.number().int(), status: z.enum(jobStatuses), ...fields });
const conflict = errorResponse('`invalid_transition`: the job is not in a state this action applies to; `currentStatus` says where it is.');

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}',
  operationId: 'v1_get_job',
  tags: ['Bulk'],
  summary: 'Status, counts by verdict, progress and timestamps of a job',
  description: jobReadDescription,
  access,
  request: { params: jobIdParams, query: jobWaitQuery },
  responses: { 200: jsonResponse(jobSchema, 'The job.'), 404: jobNotFound },
});

const resultsRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/results',
  operationId: 'v1_get_job_results',
  tags: ['Bulk'],
  summary: 'Results of a job, page by page, as JSON or CSV',
  description: partialHeaderNote,
  access,
  request: { params: jobIdParams, query: resultsQuery },
  responses: resultsResponses,
});

const downloadRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/download',
  operationId: 'v1_download_job',
  tags: ['Bulk'],
  summary: 'Every result of a job as one CSV file',
  description: `A spreadsheet-ready CSV of every row (with a UTF-8 byte order mark, so Excel reads accents right), streamed whatever the job's size. ${partialHeaderNote}`,
  access,
  request: { params: jobIdParams },
  responses: { 200: csvResponse('The results as CSV, sent as an attachment.'), 404: jobNotFound },
});

const latencySchema = z.object({
  provider: z.string().openapi({
    description: 'The mail provider recognized from the MX host (`gmail`, `microsoft_365`, …), `other` for an unrecognized one, `no_mx` without MX.',
  }),
  count: z.number().int(),
  p50_ms: z.number().int(),
  p95_ms: z.number().int(),
  max_ms: z.number().int(),
});

const latencyRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/latency',
  operationId: 'v1_get_job_latency',
  tags: ['Bulk'],
  summary: 'Check latency per mail provider: p50, p95 and max',
  description:
    'Durations of the latest attempt of each checked address (nearest-rank percentiles), busiest provider first. A slow provider usually greylists or tarpits.',
  access,
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(jobReport({ providers: z.array(latencySchema), overall: latencySchema.nullable() }).openapi('JobLatencyReport'), 'Latency by provider.'),
    404: jobNotFound,
  },
});

const failureGroupSchema = z
  .object({
    cause: z.enum(failureCauses).openapi({ description: failureCauses.map((cause) => `- \`${cause}\`: ${failureCauseInfo[cause].description}`).join('\n') }),
    description: z.string(),
    action: z.string().openapi({ description: 'What to do about it.' }),
    count: z.number().int(),
    retryable: z.number().int().openapi({ description: 'How many of them POST /v1/jobs/{job_id}/retry would queue again (failed and dead-lettered tasks).' }),
    examples: z.array(z.string()).openapi({ description: 'Up to 5 addresses, in submission order.' }),
  })
  .openapi('JobFailureGroup');

const failureReportRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/failure-report',
  operationId: 'v1_get_job_failure_report',
  tags: ['Bulk'],
  summary: 'Failures of a job grouped by cause, with counts and examples',
  description:
    'Every address that ended without an answer about its mailbox (`unknown`), could not be checked (`failed`) or was deferred on every attempt (`dead_lettered`), grouped by cause, largest group first.',
  access,
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(jobReport({ total_failures: z.number().int(), groups: z.array(failureGroupSchema) }).openapi('JobFailureReport'), 'The report.'),
    404: jobNotFound,
  },
});

const failureCenterRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/failure-center',
  operationId: 'v1_get_job_failure_center',
  tags: ['Bulk'],
  summary: 'What can be done about a job’s failures: what a retry would take, and the action for each cause',
  access,
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(
      jobReport({
        retryable: z.number().int().openapi({ description: 'Tasks POST /v1/jobs/{job_id}/retry would queue again now.' }),
        not_retryable: z.number().int().openapi({ description: 'Failures a retry would not change: `unknown` results are final.' }),
        retry: z
          .object({
            method: z.literal('POST'),
            path: z.string(),
            available: z.boolean().openapi({ description: 'Whether the job is in a state a retry applies to, with something to retry.' }),
          })
          .openapi({ description: 'The retry operation for these tasks.' }),
        groups: z.array(failureGroupSchema),
      }).openapi('JobFailureCenter'),
      'Retry options and actions by cause.',
    ),
    404: jobNotFound,
  },
});

const approvalRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/approval',
  operationId: 'v1_get_job_approval',
  tags: ['Bulk'],
  summary: 'Whether the list is fit to send: its safe share against the workspace thresholds',
  description:
    'The safe-to-send share is the percentage of processed addresses whose result is `safe`. At or above the workspace’s `approval_excellent_threshold` the list is `excellent`, at or above `approval_good_threshold` `good` (both approved), below it `poor`; `pending` until an address is processed. While the job runs the verdict is provisional (`final: false`).',
  access,
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(
      jobReport({
        final: z.boolean(),
        processed: z.number().int(),
        safe: z.number().int(),
        safe_percent: z.number().nullable(),
        thresholds: z.object({ excellent: z.number(), good: z.number() }).openapi({ description: 'From the workspace settings (PATCH /v1/me/settings).' }),
        verdict: z.enum(approvalVerdicts),
        approved: z.boolean(),
      }).openapi('JobApproval'),
      'The approval verdict.',
    ),
    404: jobNotFound,
  },
});

const cancelRoute = defineOperation({
  method: 'post',
  path: '/v1/jobs/{job_id}/cancel',
  operationId: 'v1_cancel_job',
  tags: ['Bulk'],
  summary: 'Cancel a job: tasks not yet checked stop',
  description:
    'Tasks not yet checked are cancelled and their credits returned; results already written stay, and a check in flight writes nothing. A repeated cancel, or one of a finished job, is 409 `invalid_transition`.',
  access,
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(z.object({ job: jobSchema, cancelled_tasks: z.number().int() }).openapi('CancelJobResponse'), 'Cancellation accepted.'),
    404: jobNotFound,
    409: conflict,
  },
});

const retryRoute = defineOperation({
  method: 'post',
  path: '/v1/jobs/{job_id}/retry',
  operationId: 'v1_retry_job',
  tags: ['Bulk'],
  summary: 'Queue the failed and dead-lettered tasks of a job again',
  description:
    'Every `failed` and `dead_lettered` task is queued again and the job runs again. Their credits are taken again (they were returned when the tasks ended): 429 `workspace_quota_exceeded` if the quota cannot cover them. 409 `invalid_transition` when the job is cancelled or has nothing to retry.',
  access: { ...access, entitlement: { ...bulkFeature, quota: 'credits' } },
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          job: jobSchema,
          retried: z.number().int(),
          failed: z.number().int().openapi({ description: 'Of which failed.' }),
          dead_lettered: z.number().int().openapi({ description: 'Of which dead-lettered.' }),
        })
        .openapi('RetryJobResponse'),
      'The tasks queued again.',
    ),
    404: jobNotFound,
    409: conflict,
  },
});

/** A job read, waiting up to `wait` seconds for it to move; shared by /v1/jobs/{job_id} and /v1/bulk/{job_id}. */
export async function followedJobView(c: Context<VerifyEnv>, jobId: number, wait: number) {
  const { job, retries } = await followJob(c.get('services').db, c.get('principal').workspaceId, jobId, wait);
  return jobView(job, retries);
}

/** Results of a job as a JSON page or a CSV stream; shared by /v1/jobs/{job_id}/results and /v1/bulk/{job_id}/results. */
export async function resultsResponse(c: Context<VerifyEnv>, job: JobRow, query: z.infer<typeof resultsQuery>): Promise<Response> {
  const partial = job.status === 'queued' || job.status === 'running';
  if (query.format === 'csv') return csvResultsResponse(c, job, { offset: query.offset, limit: query.limit, byteOrderMark: false });
  const rows = await resultsPage(c.get('services').db, job.tenantId, job.id, query);
  return c.json(
    {
      job_id: job.id,
      status: jobView(job).status,
      partial,
      total: job.total + job.skipped,
      offset: query.offset,
      limit: query.limit,
      results: rows.map(taskView),
    },
    200,
  );
}

/** Results as a CSV attachment; the file name and headers say when they are partial. */
export function csvResultsResponse(c: Context<VerifyEnv>, job: JobRow, options: { offset: number; limit: number | null; byteOrderMark: boolean }): Response {
  const partial = job.status === 'queued' || job.status === 'running';
  const stream = resultsCsvStream(readConfig(verifyConfigSchema, c.env), job.tenantId, job.id, options);
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="job-${job.id}-${partial ? 'partial-' : ''}results.csv"`,
      'x-job-status': job.status,
      'x-results-partial': String(partial),
    },
  });
}

export function registerJobRoutes(app: OpenAPIHono<VerifyEnv>): void {
  const job = (c: Context<VerifyEnv>, jobId: number) => findJob(c.get('services').db, c.get('principal').workspaceId, jobId);

  app.openapi(getRoute, async (c) => c.json(await followedJobView(c, c.req.valid('param').job_id, c.req.valid('query').wait), 200));

  app.openapi(resultsRoute, async (c) => resultsResponse(c, await job(c, c.req.valid('param').job_id), c.req.valid('query')));

  app.openapi(downloadRoute, async (c) => csvResultsResponse(c, await job(c, c.req.valid('param').job_id), { offset: 0, limit: null, byteOrderMark: true }));

  app.openapi(latencyRoute, async (c) => c.json(await latencyReport(c.get('services').db, await job(c, c.req.valid('param').job_id)), 200));

  app.openapi(failureReportRoute, async (c) => {
    const row = await job(c, c.req.valid('param').job_id);
    const groups = await failureGroups(c.get('services').db, row);
    return c.json({ job_id: row.id, status: row.status as JobStatus, total_failures: groups.reduce((sum, group) => sum + group.count, 0), groups }, 200);
  });

  app.openapi(failureCenterRoute, async (c) => {
    const row = await job(c, c.req.valid('param').job_id);
    const groups = await failureGroups(c.get('services').db, row);
    const retryable = groups.reduce((sum, group) => sum + group.retryable, 0);
    const total = groups.reduce((sum, group) => sum + group.count, 0);
    return c.json(
      {
        job_id: row.id,
        status: row.status as JobStatus,
        retryable,
        not_retryable: total - retryable,
        retry: { method: 'POST' as const, path: `/v1/jobs/${row.id}/retry`, available: retryable > 0 && row.status !== 'cancelled' },
        groups,
      },
      200,
    );
  });

  app.openapi(approvalRoute, async (c) => c.json(await approvalReport(c.get('services').db, await job(c, c.req.valid('param').job_id)), 200));

  app.openapi(cancelRoute, async (c) => {
    const { job: cancelled, cancelledTasks } = await cancelJob(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').job_id);
    return c.json({ job: jobView(cancelled), cancelled_tasks: cancelledTasks }, 200);
  });

  app.openapi(retryRoute, async (c) => {
    const principal = c.get('principal');
    const result = await retryJob(c.get('services').db, c.env.BULK_QUEUE, {
      tenantId: principal.workspaceId,
      jobId: c.req.valid('param').job_id,
      entitlement: c.get('entitlement'),
      apiKeyId: principal.kind === 'key' ? principal.keyId : null,
      requestId: c.get('requestId'),
    });
    return c.json({ job: jobView(result.job), retried: result.retried, failed: result.failed, dead_lettered: result.deadLettered }, 200);
  });
}
