import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import { bulkFeature, createJob, findJob } from '../bulk/jobs';
import { resultsPage } from '../bulk/results';
import { engineDeps } from '../checks/engine-deps';
import { checkEmailOutputSchema, checkEmailRequestSchema, type CheckEmailOutput } from '../engine/output';
import type { VerifyEnv } from '../env';
import { runSingleCheck } from '../checks/checks';
import { jobCaller } from './bulk';
import { checkOptions, csvContent, jobIdParams, jobNotFound } from './job-schemas';
import { csvResultsResponse } from './jobs';

/**
 * Reacher's legacy v0 operations (reacherhq/check-if-email-exists, backend/src/http/v0), with
 * their request and response shapes, for self-hosted deployments moving from Reacher
 * (`LEGACY_V0=true`). Otherwise every /v0 path answers 404, naming the v1 operation to use.
 */

const V1_EQUIVALENTS: [RegExp, string][] = [
  [/^\/v0\/check_email\/?$/, 'POST /v1/check_email'],
  [/^\/v0\/bulk\/?$/, 'POST /v1/bulk'],
  [/^\/v0\/bulk\/[^/]+\/results\/?$/, 'GET /v1/bulk/{job_id}/results'],
  [/^\/v0\/bulk\/[^/]+\/?$/, 'GET /v1/bulk/{job_id}'],
];

function legacyGate(): MiddlewareHandler<VerifyEnv> {
  return async function legacyGate(c, next) {
    if (readConfig(verifyConfigSchema, c.env).LEGACY_V0 === 'true') {
      await next();
      return;
    }
    const v1 = V1_EQUIVALENTS.find(([pattern]) => pattern.test(c.req.path))?.[1];
    throw new ApiError('not_found', `${c.req.method} ${c.req.path} is a legacy v0 operation, available only on self-hosted deployments.`, {
      hint: v1 ? `Use ${v1} instead.` : 'Use the /v1 operations; see /v1/reference.',
      details: v1 ? { v1Operation: v1 } : {},
    });
  };
}

const disabled = errorResponse('Legacy v0 is off (not self-hosted with LEGACY_V0=true); `hint` names the v1 operation.');
const legacyNote = 'Self-hosted only (`LEGACY_V0=true`); otherwise 404 naming the v1 operation.';

const reacherMethod = z.enum(['Smtp']).optional().openapi({ description: 'Only `Smtp` is available here.' });

const checkInput = z
  .object({
    to_email: z.string().min(1).max(512),
    from_email: z.email().max(254).optional(),
    hello_name: checkEmailRequestSchema.shape.hello_name,
    gmail_verif_method: reacherMethod,
    hotmailb2b_verif_method: reacherMethod,
    hotmailb2c_verif_method: reacherMethod,
    yahoo_verif_method: reacherMethod,
    proxy: checkEmailRequestSchema.shape.proxy,
    sandbox: z.boolean().default(false).openapi({ description: 'Ours, not Reacher’s: as `sandbox` of POST /v1/check_email.' }),
  })
  .openapi('V0CheckEmailRequest');

const checkRoute = defineOperation({
  method: 'post',
  path: '/v0/check_email',
  operationId: 'v0_check_email',
  tags: ['Legacy v0'],
  summary: 'Check one address (Reacher v0)',
  description: `${legacyNote} Charged and kept in the address history exactly as \`POST /v1/check_email\`: one credit, returned when the result is \`unknown\`; none in sandbox.`,
  access: { scopes: ['verify'], entitlement: { feature: 'verify', minimumPlan: 'free', quota: 'credits' } },
  request: { body: { required: true, content: { 'application/json': { schema: checkInput } } } },
  responses: { 200: jsonResponse(checkEmailOutputSchema, 'The result, as Reacher’s CheckEmailOutput.'), 404: disabled },
});

const bulkInput = checkOptions
  .pick({ proxy: true, hello_name: true, from_email: true, sandbox: true })
  .extend({
    input_type: z.literal('array').openapi({ description: 'Reacher accepts only `array`.' }),
    input: z.array(z.string().trim().min(1).max(512)).min(1).max(100_000),
    smtp_ports: z
      .array(z.literal([25, 465, 587, 2525]))
      .min(1)
      .max(4)
      .optional()
      .openapi({ description: 'The first port is used.' }),
  })
  .openapi('V0BulkRequest');

const createRoute = defineOperation({
  method: 'post',
  path: '/v0/bulk',
  operationId: 'v0_create_bulk_job',
  tags: ['Legacy v0'],
  summary: 'Create a bulk job (Reacher v0)',
  description: `${legacyNote} The job is a v1 job: every /v1/jobs operation applies to it. Credits as for POST /v1/bulk; a job the quota cannot cover is refused.`,
  access: { scopes: ['bulk'], entitlement: { ...bulkFeature, quota: 'credits' } },
  maxBodyBytes: 10 * 1024 * 1024,
  request: { body: { required: true, content: { 'application/json': { schema: bulkInput } } } },
  responses: { 200: jsonResponse(z.object({ job_id: z.number().int() }).openapi('V0BulkResponse'), 'The job id.'), 404: disabled },
});

const statusRoute = defineOperation({
  method: 'get',
  path: '/v0/bulk/{job_id}',
  operationId: 'get_bulk_job_status',
  tags: ['Legacy v0'],
  summary: 'Status and summary of a bulk job (Reacher v0)',
  description: `${legacyNote} \`job_status\` is \`Completed\` once no task is left to check (a cancelled job included: v0 knows no other end).`,
  access: { scopes: ['bulk'], entitlement: bulkFeature },
  request: { params: jobIdParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          job_id: z.number().int(),
          created_at: z.string().datetime(),
          finished_at: z.string().datetime().nullable(),
          total_records: z.number().int(),
          total_processed: z.number().int(),
          summary: z.object({ total_safe: z.number().int(), total_risky: z.number().int(), total_invalid: z.number().int(), total_unknown: z.number().int() }),
          job_status: z.enum(['Running', 'Completed']),
        })
        .openapi('V0BulkJobStatus'),
      'The job.',
    ),
    404: jobNotFound,
  },
});

const resultsRoute = defineOperation({
  method: 'get',
  path: '/v0/bulk/{job_id}/results',
  operationId: 'v0_get_bulk_job_results',
  tags: ['Legacy v0'],
  summary: 'Results of a finished bulk job (Reacher v0)',
  description: `${legacyNote} As Reacher: only once the job has finished (409 before; v1 gives partial results), JSON \`{"results": [CheckEmailOutput]}\` with \`limit\` (default 50) and \`offset\`, or CSV with Reacher's columns first.`,
  access: { scopes: ['bulk'], entitlement: bulkFeature },
  request: {
    params: jobIdParams,
    query: z.object({
      format: z.enum(['json', 'csv']).default('json'),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
      offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    }),
  },
  responses: {
    200: {
      description: 'The results.',
      content: { 'application/json': { schema: z.object({ results: z.array(checkEmailOutputSchema) }).openapi('V0BulkResults') }, ...csvContent },
    },
    404: jobNotFound,
    409: errorResponse('The job is still running.'),
  },
});

export function registerLegacyV0Routes(app: OpenAPIHono<VerifyEnv>): void {
  app.use('/v0/*', legacyGate());

  app.openapi(checkRoute, async (c) => {
    const body = c.req.valid('json');
    const request = checkEmailRequestSchema.parse({
      to_email: body.to_email,
      from_email: body.from_email,
      hello_name: body.hello_name,
      proxy: body.proxy,
      sandbox: body.sandbox,
    });
    const caller = jobCaller(c);
    const output = await runSingleCheck(
      {
        db: c.get('services').db,
        deps: engineDeps(c.env),
        tenantId: caller.tenantId,
        entitlement: caller.entitlement,
        apiKeyId: caller.apiKeyId,
        requestId: c.get('requestId'),
      },
      request,
    );
    return c.json(output, 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const job = await createJob(c.get('services').db, c.env.BULK_QUEUE, {
      ...jobCaller(c),
      kind: 'bulk',
      addresses: body.input.map((email) => ({ email })),
      options: checkOptions.parse({
        proxy: body.proxy,
        hello_name: body.hello_name,
        from_email: body.from_email,
        sandbox: body.sandbox,
        smtp_port: body.smtp_ports?.[0],
      }),
      webhookUrl: null,
      allowPartial: false,
    });
    return c.json({ job_id: job.id }, 200);
  });

  app.openapi(statusRoute, async (c) => {
    const job = await findJob(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').job_id);
    const finished = job.status === 'completed' || job.status === 'cancelled';
    return c.json(
      {
        job_id: job.id,
        created_at: job.createdAt.toISOString(),
        finished_at: finished ? (job.finishedAt?.toISOString() ?? null) : null,
        total_records: job.total,
        total_processed: job.processed,
        summary: { total_safe: job.safe, total_risky: job.risky, total_invalid: job.invalid, total_unknown: job.unknown },
        job_status: finished ? ('Completed' as const) : ('Running' as const),
      },
      200,
    );
  });

  app.openapi(resultsRoute, async (c) => {
    const { db } = c.get('services');
    const job = await findJob(db, c.get('principal').workspaceId, c.req.valid('param').job_id);
    if (job.status === 'queued' || job.status === 'running') {
      throw new ApiError('conflict', `Job ${job.id} is still running; v0 gives results once it has finished.`, {
        hint: `Poll GET /v0/bulk/${job.id} until job_status is Completed, or read partial results with GET /v1/bulk/${job.id}/results.`,
      });
    }
    const query = c.req.valid('query');
    if (query.format === 'csv') return csvResultsResponse(c, job, { offset: query.offset, limit: query.limit ?? null, byteOrderMark: false });
    const rows = await resultsPage(db, job.tenantId, job.id, { offset: query.offset, limit: query.limit ?? 50 });
    return c.json({ results: rows.flatMap((row) => (row.result ? [row.result as CheckEmailOutput] : [])) }, 200);
  });
}
