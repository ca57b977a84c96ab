import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { actorId } from '../../../shared/auth/principal';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import { addressesFromCsv, CsvInputError } from '../csv/csv';
import { bulkFeature, createJob, findJob, MAX_JOB_ADDRESSES, type JobCheckOptions, type NewJob } from '../bulk/jobs';
import { jobView } from '../bulk/job-view';
import type { VerifyEnv } from '../env';
import {
  bulkJsonInput,
  csvUploadQuery,
  jobIdParams,
  jobNotFound,
  jobReadDescription,
  jobSchema,
  jobWaitQuery,
  optionsFromQuery,
  partialHeaderNote,
  resultsQuery,
  resultsResponses,
} from './job-schemas';
import { followedJobView, resultsResponse } from './jobs';

/** Bulk uploads may be large: a CSV of 50,000 addresses with a few columns. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const access = { scopes: ['bulk'], entitlement: bulkFeature } as const;

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/bulk',
  operationId: 'v1_create_bulk_job',
  tags: ['Bulk'],
  summary: 'Verify a list of addresses as a job',
  description: [
    'Send the addresses as JSON (`input`, with the check options of POST /v1/check_email) or upload a CSV (`Content-Type: text/csv`, options in the query string; the address column is found by its header, or named with `email_column`, or is the first column holding an `@` when there is no header). A body is required.',
    `Repeats (same address ignoring case) are checked once and not charged; at most ${MAX_JOB_ADDRESSES} distinct addresses per job. The job answers at once with its counts; its tasks are queued and its progress shows in GET /v1/bulk/{job_id} from the first result. Checks that a mail server defers (greylisting, temporary errors, no connection, timeouts) are tried again after 1, 5, 15 and 30 minutes (a deployment may set another schedule; a sandbox job's simulated deferrals after 2, 4, 8 and 15 seconds), then dead-lettered; POST /v1/jobs/{job_id}/retry queues them again.`,
    'Credits: one per distinct address, taken when the job is created; addresses that end `unknown`, failed, dead-lettered or cancelled give theirs back. A job the remaining credits cannot cover is refused with 429 `workspace_quota_exceeded`, unless `allow_partial` is set. Sandbox jobs use none.',
    'Events (`job.created`, `job.completed`, `job.cancelled`, `job.retried`) go to the job’s `webhook_url`, or the workspace’s default webhook, signed: see GET /v1/events.',
  ].join('\n\n'),
  access: { ...access, entitlement: { ...bulkFeature, quota: 'credits' }, idempotency: { operation: 'v1_create_bulk_job' } },
  maxBodyBytes: MAX_UPLOAD_BYTES,
  request: {
    query: csvUploadQuery,
    body: {
      // Two media types: the JSON validator would refuse a CSV body were the body marked required, so the handler requires it.
      required: false,
      description: 'Required: JSON or CSV.',
      content: {
        'application/json': { schema: bulkJsonInput },
        'text/csv': {
          schema: z.string().openapi({
            description: 'One address per row, optionally under a header; comma, semicolon or tab separated.',
            example: 'email,name\njane@example.com,Jane\n',
          }),
        },
      },
    },
  },
  responses: { 201: jsonResponse(jobSchema, 'The job, queued.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/bulk/{job_id}',
  operationId: 'v1_get_bulk_job',
  tags: ['Bulk'],
  summary: 'Status and progress of a bulk job (as GET /v1/jobs/{job_id})',
  description: jobReadDescription,
  access,
  request: { params: jobIdParams, query: jobWaitQuery },
  responses: { 200: jsonResponse(jobSchema, 'The job.'), 404: jobNotFound },
});

const resultsRoute = defineOperation({
  method: 'get',
  path: '/v1/bulk/{job_id}/results',
  operationId: 'v1_get_bulk_job_results',
  tags: ['Bulk'],
  summary: 'Results of a bulk job (as GET /v1/jobs/{job_id}/results)',
  description: partialHeaderNote,
  access,
  request: { params: jobIdParams, query: resultsQuery },
  responses: resultsResponses,
});

type JobRequest = Pick<NewJob, 'addresses' | 'options' | 'allowPartial'> & { webhookUrl: string | undefined };

/** The list and its options, from whichever body was sent. */
async function readJobRequest(c: Context<VerifyEnv>, query: z.infer<typeof csvUploadQuery>, json: () => z.infer<typeof bulkJsonInput>): Promise<JobRequest> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv') {
    let addresses: string[];
    try {
      ({ addresses } = addressesFromCsv(await c.req.text(), { emailColumn: query.email_column }));
    } catch (error) {
      if (!(error instanceof CsvInputError)) throw error;
      throw new ApiError('validation_failed', error.message, { hint: error.hint, details: { field: 'body' } });
    }
    if (addresses.length === 0)
      throw new ApiError('validation_failed', 'The CSV holds no addresses.', { hint: 'Send one address per row.', details: { field: 'body' } });
    const options = optionsFromQuery(query);
    if (!options.success) {
      const field = options.error.issues[0]?.path.join('.') ?? 'query';
      throw new ApiError('validation_failed', `${field}: ${options.error.issues[0]?.message ?? 'invalid value'}`, {
        hint: `Fix \`${field}\` and send the request again.`,
        details: { field, location: 'query' },
      });
    }
    return {
      addresses: addresses.map((email) => ({ email })),
      options: options.data,
      allowPartial: query.allow_partial ?? false,
      webhookUrl: query.webhook_url,
    };
  }
  if (type === undefined) {
    throw new ApiError('validation_failed', 'The request has no body.', {
      hint: 'Send the addresses as JSON ({"input": [...]}) or as text/csv.',
      details: { field: 'body' },
    });
  }
  const stray = Object.keys(query)[0];
  if (stray) {
    throw new ApiError('validation_failed', `${stray} is a CSV upload option; with a JSON body, options go in the body.`, {
      hint: `Move \`${stray}\` into the JSON body.`,
      details: { field: stray, location: 'query' },
    });
  }
  const { input, webhook_url, allow_partial, ...options } = json();
  return { addresses: input.map((email) => ({ email })), options, allowPartial: allow_partial, webhookUrl: webhook_url };
}

/** A job's own webhook URL, through the one SSRF guard; null when the job names none. */
export async function jobWebhookUrl(c: Context<VerifyEnv>, url: string | undefined): Promise<string | null> {
  if (url === undefined) return null;
  return (await requirePublicUrl(url, 'webhook_url', userUrlPolicy(readConfig(verifyConfigSchema, c.env), { httpsOnly: true }))).toString();
}

/** What every job creation takes from the caller. */
export function jobCaller(c: Context<VerifyEnv>): Pick<NewJob, 'tenantId' | 'createdBy' | 'apiKeyId' | 'entitlement' | 'requestId' | 'idempotency'> {
  const principal = c.get('principal');
  return {
    tenantId: principal.workspaceId,
    createdBy: actorId(principal),
    apiKeyId: principal.kind === 'key' ? principal.keyId : null,
    entitlement: c.get('entitlement'),
    requestId: c.get('requestId'),
    idempotency: c.get('idempotency'),
  };
}

export function registerBulkRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(createRoute, async (c) => {
    // Only read for a JSON body, which the validator checked against bulkJsonInput (the text/csv schema joins the inferred type).
    const request = await readJobRequest(c, c.req.valid('query'), () => c.req.valid('json') as z.infer<typeof bulkJsonInput>);
    // Up to MAX_JOB_ADDRESSES tasks are inserted in one statement: no read deadline.
    const job = await createJob(c.get('services').bulkDb, c.env.BULK_QUEUE, {
      ...jobCaller(c),
      kind: 'bulk',
      addresses: request.addresses,
      options: request.options as JobCheckOptions,
      webhookUrl: await jobWebhookUrl(c, request.webhookUrl),
      allowPartial: request.allowPartial,
    });
    c.header('Location', `/v1/bulk/${job.id}`);
    return c.json(jobView(job), 201);
  });

  app.openapi(getRoute, async (c) => c.json(await followedJobView(c, c.req.valid('param').job_id, c.req.valid('query').wait), 200));

  app.openapi(resultsRoute, async (c) => {
    const job = await findJob(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').job_id);
    return resultsResponse(c, job, c.req.valid('query'));
  });
}
