import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { int32Id, pathParams } from '../../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../../shared/http/openapi-errors';
import { cursorQuery } from '../../../../shared/http/pagination';
import { listEvents } from '../../bulk/events';
import { jobView, type JobRow } from '../../bulk/job-view';
import { taskView } from '../../bulk/results';
import { jobStatuses } from '../../domain/job-status';
import { eventPage } from '../../routes/events';
import { jobSchema, RESULTS_MAX_PAGE, taskResultSchema } from '../../routes/job-schemas';
import { findAnyJob, jobTasks, searchJobs, taskStates } from '../admin-jobs';
import { findTenant } from '../admin-tenants';
import { defineAdminOperation } from '../operation';
import type { OperatorEnv } from '../principal';
import { adminPageQuery, pageFields, tenantId, tenantNotFound, tenantParams } from './schemas';

const tags = ['Jobs'];
const adminJobSchema = jobSchema.extend({ tenant_id: z.string() }).openapi('AdminJob');
const jobPage = jsonResponse(z.object({ jobs: z.array(adminJobSchema), ...pageFields }).openapi('AdminJobPage'), 'A page of jobs, newest first.');
const jobParams = pathParams({ job_id: int32Id() });
const jobNotFound = errorResponse('No such job, in any tenant.');
const statusQuery = { status: z.enum(jobStatuses).optional(), ...adminPageQuery };

function adminJobView(job: JobRow) {
  return { ...jobView(job), tenant_id: job.tenantId };
}

const listRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/jobs',
  operationId: 'list_jobs',
  tags,
  summary: 'Jobs across tenants',
  description: 'Bulk, find_email and reverification jobs of every tenant, newest first; `status` and `tenant_id` narrow it.',
  role: 'support',
  request: { query: z.object({ tenant_id: tenantId().optional(), ...statusQuery }) },
  responses: { 200: jobPage },
});

const tenantJobsRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants/{tenant_id}/jobs',
  operationId: 'list_tenant_jobs',
  tags,
  summary: 'A tenant’s jobs',
  role: 'support',
  request: { params: tenantParams, query: z.object(statusQuery) },
  responses: { 200: jobPage, 404: tenantNotFound },
});

const getRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/jobs/{job_id}',
  operationId: 'get_job',
  tags,
  summary: 'One job of any tenant: status, counts, timestamps',
  role: 'support',
  request: { params: jobParams },
  responses: { 200: jsonResponse(adminJobSchema, 'The job.'), 404: jobNotFound },
});

const resultsRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/jobs/{job_id}/results',
  operationId: 'get_job_results',
  tags,
  summary: 'A job’s task results, filtered by state',
  description:
    '`state` is a task status (`pending`, `retrying`, `done`, `failed`, `dead_lettered`, `cancelled`, `skipped`) or a verdict (`safe`, `risky`, `invalid`, `unknown`); in submission order.',
  role: 'support',
  request: {
    params: jobParams,
    query: z.object({
      state: z.enum(taskStates).optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(RESULTS_MAX_PAGE)
        .default(100)
        .openapi({ type: 'integer', format: 'int64', description: `Rows per page, 1–${RESULTS_MAX_PAGE}; 100 by default.` }),
      offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0).openapi({ type: 'integer', format: 'int64' }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({ job_id: z.number().int(), tenant_id: z.string(), status: z.enum(jobStatuses), results: z.array(taskResultSchema), ...pageFields })
        .openapi('AdminJobResults'),
      'A page of results; `total` counts the tasks in `state`.',
    ),
    404: jobNotFound,
  },
});

const eventsRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/jobs/{job_id}/events',
  operationId: 'get_job_events',
  tags,
  summary: 'A job’s events with their webhook deliveries',
  description: 'As GET /v1/jobs/{job_id}/events shows the tenant: oldest first, with each delivery’s attempts and last error.',
  role: 'support',
  request: { params: jobParams, query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(eventPage, 'A page of events.'), 404: jobNotFound },
});

export function registerAdminJobRoutes(app: OpenAPIHono<OperatorEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await searchJobs(c.get('services').db, { tenantId: query.tenant_id, ...query });
    return c.json({ jobs: rows.map(adminJobView), total, limit: query.limit, offset: query.offset }, 200);
  });

  app.openapi(tenantJobsRoute, async (c) => {
    const { db } = c.get('services');
    const query = c.req.valid('query');
    const tenant = await findTenant(db, c.req.valid('param').tenant_id);
    const { rows, total } = await searchJobs(db, { tenantId: tenant.id, ...query });
    return c.json({ jobs: rows.map(adminJobView), total, limit: query.limit, offset: query.offset }, 200);
  });

  app.openapi(getRoute, async (c) => c.json(adminJobView(await findAnyJob(c.get('services').db, c.req.valid('param').job_id)), 200));

  app.openapi(resultsRoute, async (c) => {
    const { db } = c.get('services');
    const query = c.req.valid('query');
    const job = await findAnyJob(db, c.req.valid('param').job_id);
    const { rows, total } = await jobTasks(db, job, query);
    return c.json(
      { job_id: job.id, tenant_id: job.tenantId, status: jobView(job).status, results: rows.map(taskView), total, limit: query.limit, offset: query.offset },
      200,
    );
  });

  app.openapi(eventsRoute, async (c) => {
    const { db } = c.get('services');
    const query = c.req.valid('query');
    const job = await findAnyJob(db, c.req.valid('param').job_id);
    return c.json(await listEvents(db, job.tenantId, { jobId: job.id, limit: query.limit, cursor: query.cursor }), 200);
  });
}
