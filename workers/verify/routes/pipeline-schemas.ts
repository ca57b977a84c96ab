import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorCodes, type ErrorCode } from '../../../shared/http/error-codes';
import { int64Id, pathParams } from '../../../shared/http/ids';
import { MAX_PUSH_BYTES, MAX_PUSH_ROWS, MAX_RUN_ROWS, pipelineLifecycleMarkdown, pipelineStatuses } from '../pipelines/rules';
import { REACHABILITY } from '../engine/verdict';
import type { VerifyEnv } from '../env';
import { checkOptions } from './job-schemas';

/** Request and response shapes of the pipeline routes (routes/pipelines.ts). */

export const pipelineErrorSchema = z
  .object({
    code: z
      .enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])
      .openapi({ description: 'Stable machine-readable code, from the same closed list as ErrorEnvelope.' }),
    message: z.string().openapi({ description: 'Human-readable text.' }),
    hint: z.string().openapi({ description: 'What to do about it.' }),
    request_id: z.string().openapi({ description: 'The `X-Request-Id` of the response: quote it to support.' }),
  })
  .catchall(z.unknown())
  .openapi('PipelineErrorResponse', {
    description:
      'The error envelope of the pipeline operations: ErrorEnvelope’s fields (and its documented extras such as `field` or `currentStatus`) plus `request_id`.',
  });

function pipelineError(description: string) {
  return { description, content: { 'application/json': { schema: pipelineErrorSchema } } };
}

/** Every error status a pipeline operation may answer, each as PipelineErrorResponse. */
export function pipelineErrors(notFound: string | null, conflict: string | null = null) {
  return {
    400: pipelineError('`validation_failed` (with `field`), `invalid_json` or `idempotency_key_invalid`.'),
    401: pipelineError('No credential, or an unknown or revoked one.'),
    403: pipelineError('Missing scope (`insufficient_scope`), or a plan without pipelines (`workspace_feature_not_entitled`).'),
    ...(notFound && { 404: pipelineError(notFound) }),
    ...(conflict && { 409: pipelineError(conflict) }),
    413: pipelineError('The body is too large.'),
    415: pipelineError('The body is not JSON.'),
    429: pipelineError('Rate limit exceeded; see `Retry-After`.'),
    500: pipelineError('Unexpected error; `request_id` identifies it.'),
    503: pipelineError('`service_unavailable`: a data store is down; retry after `Retry-After` seconds.'),
  };
}

/**
 * Adds `request_id` to every error body under /v1/pipelines, whichever layer answered it (the
 * credential check, validation, the handler): the PipelineErrorResponse the spec names.
 */
export function pipelineErrorBodies(): MiddlewareHandler<VerifyEnv> {
  return async function pipelineErrorBodies(c, next) {
    await next();
    if (c.res.status < 400 || !c.res.headers.get('content-type')?.includes('application/json')) return;
    const body = (await c.res.clone().json()) as Record<string, unknown>;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    const status = c.res.status;
    // Cleared first: assigning over a response would copy its stale Content-Length.
    c.res = undefined;
    c.res = new Response(JSON.stringify({ ...body, request_id: c.get('requestId') }), { status, headers });
  };
}

export const pipelineIdParams = pathParams({ pipeline_id: int64Id() });
export const runIdParams = pathParams({ pipeline_id: int64Id(), run_id: int64Id() });

const name = z.string().trim().min(1).max(200);
const emailColumn = z.string().min(1).max(200);
const sourceKey = z.string().trim().min(1).max(200).nullable();

const batchSchema = z
  .object({
    max_rows: z
      .number()
      .int()
      .min(1)
      .max(MAX_RUN_ROWS)
      .default(100)
      .openapi({ description: `A run starts as soon as this many rows wait (1–${MAX_RUN_ROWS}; 100 by default).` }),
    max_wait_seconds: z.number().int().min(0).max(3600).nullable().default(5).openapi({
      description:
        'The longest a pushed row waits for its batch to fill: the run starts this many seconds after the oldest waiting row was pushed (0: every push starts a run at once; 5 by default). Null: rows wait for a full batch, the schedule or POST /trigger.',
    }),
  })
  .openapi('PipelineBatch');

const scheduleSchema = z
  .object({
    every_minutes: z
      .number()
      .int()
      .min(1)
      .max(10080)
      .openapi({ description: 'A run over whatever waits starts this often (1 minute to 1 week), whatever the batch rule.' }),
  })
  .nullable()
  .openapi('PipelineSchedule');

const appendToListId = z.number().int().min(1).max(2_147_483_647).nullable().openapi({
  format: 'int32',
  description:
    'A list of this workspace (GET /v1/lists) that each delivered row is appended to, once, as a row of its own: its cells follow the list’s columns (the list’s email column takes the address, every other column the pushed value of that name), its verdict is the pipeline’s check, and the list’s totals and quality report (GET /v1/lists/{list_id}/quality) count it as they count uploaded rows; an address the list already has is a repeat, as in an upload. The list must be ready (not importing), and a sandbox list only for a sandbox pipeline and the other way round; another workspace’s list, like a missing one, is 400 `validation_failed` on this field. Rows are appended as they are delivered (with a webhook: when their delivery is made ready; without: when their check ends). A deleted list ends the destination. Null: none.',
});

const destinationsSchema = z
  .object({
    webhook_url: z.string().max(2048).nullable().default(null).openapi({
      description:
        'Verified rows are POSTed here in batches of up to 500, signed with the workspace signing secret (`Webhook-Signature`, as job webhooks; set the secret first with PATCH /v1/me/webhook). `Webhook-Id` is the delivery id, the same on every retry: a receiver drops repeats by it. A delivery not answered 2xx is retried after 1 min, 5 min, 30 min, 2 h and 6 h. Null: results are only read (the runs, GET /v1/query, history).',
    }),
    append_to_list_id: appendToListId.default(null),
    suppressed: z.enum(['flag', 'drop']).default('flag').openapi({
      description:
        '`flag`: rows whose address is suppressed are delivered (and appended) with `suppressed` set; `drop`: they are never delivered nor appended, and count as `dropped`.',
    }),
  })
  .openapi('PipelineDestinations');

export const pipelineInput = z
  .object({
    name,
    email_column: emailColumn.default('email').openapi({ description: 'The key of a pushed row that holds the address; a push may name another.' }),
    source_key: sourceKey.default(null).openapi({ description: 'Where the rows come from (a form, a CRM); stored with each row; a push may name another.' }),
    options: checkOptions
      .default(() => checkOptions.parse({}))
      .openapi({ description: 'The check options every row is verified with, as in POST /v1/check_email (without `to_email`).' }),
    batch: batchSchema.default({ max_rows: 100, max_wait_seconds: 5 }),
    schedule: scheduleSchema.default(null),
    destinations: destinationsSchema.default({ webhook_url: null, append_to_list_id: null, suppressed: 'flag' }),
  })
  .strict()
  .openapi('PipelineInput');

export const pipelinePatch = z
  .object({
    name: name.optional(),
    email_column: emailColumn.optional(),
    source_key: sourceKey.optional(),
    options: checkOptions.optional(),
    batch: batchSchema.optional(),
    schedule: scheduleSchema.optional(),
    destinations: destinationsSchema.optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change.' })
  .openapi('PipelinePatch', {
    description:
      'Only the fields sent change; `batch`, `schedule`, `destinations` and `options` are replaced whole. Runs already started keep the options they began with.',
  });

export const pipelineViewSchema = z
  .object({
    pipeline_id: z.number().int().openapi({ format: 'int64' }),
    name: z.string(),
    status: z.enum(pipelineStatuses).openapi({ description: pipelineLifecycleMarkdown }),
    email_column: z.string(),
    source_key: z.string().nullable(),
    options: checkOptions,
    batch: z.object({ max_rows: z.number().int(), max_wait_seconds: z.number().int().nullable() }),
    schedule: z.object({ every_minutes: z.number().int(), next_run_at: z.string().datetime().nullable() }).nullable(),
    destinations: z.object({ webhook_url: z.string().nullable(), append_to_list_id: appendToListId, suppressed: z.enum(['flag', 'drop']) }),
    waiting_rows: z.number().int().openapi({ description: 'Rows pushed and not yet in a run (held while paused).' }),
    rows_pushed: z.number().int().openapi({ description: 'Rows accepted since the pipeline was created.' }),
    last_push_at: z.string().datetime().nullable(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .openapi('PipelineView');

export const listPipelinesQuery = z.object({
  status: z.enum(pipelineStatuses).optional().openapi({ description: 'Only pipelines in this state.' }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: 'integer', format: 'int64', description: 'Page size, 1–100 (20 by default).' }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .openapi({ type: 'integer', format: 'int64', description: 'Pipelines to skip (0 by default).' }),
});

export const runsQuery = listPipelinesQuery.omit({ status: true });

export const listPipelinesResponse = z
  .object({ pipelines: z.array(pipelineViewSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi('ListPipelinesResponse', { description: 'Newest first.' });

export const deletePipelineResponse = z
  .object({
    pipeline_id: z.number().int().openapi({ format: 'int64' }),
    deleted: z.literal(true),
    discarded_rows: z.number().int().openapi({ description: 'Waiting rows that were never verified and are gone with the pipeline.' }),
  })
  .openapi('DeletePipelineResponse', {
    description: 'The pipeline, its rows, runs and deliveries are gone; the runs’ jobs and the checks in history stay. Deliveries still due are not sent.',
  });

export const pushInput = z
  .object({
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(MAX_PUSH_ROWS)
      .openapi({ description: `The rows, objects with free-form keys, at most ${MAX_PUSH_ROWS} per push and ${MAX_PUSH_BYTES / 1024} KiB per body.` }),
    email_column: emailColumn.optional().openapi({ description: 'The key holding the address in these rows; the pipeline’s `email_column` by default.' }),
    source_key: sourceKey.optional().openapi({ description: 'Where these rows come from; the pipeline’s `source_key` by default.' }),
  })
  .strict()
  .openapi('PushPipelineInput');

export const pushResponse = z
  .object({
    pipeline_id: z.number().int().openapi({ format: 'int64' }),
    accepted: z.number().int().openapi({ description: 'Rows stored: each will be verified and delivered once.' }),
    duplicates: z
      .array(z.object({ index: z.number().int(), email: z.string(), duplicate_of: z.number().int() }))
      .openapi({ description: 'Rows repeating an earlier row’s address in this push (ignoring case): not stored; `duplicate_of` is the first row’s index.' }),
    invalid: z
      .array(z.object({ index: z.number().int(), reason: z.string() }))
      .openapi({ description: 'Rows not stored: `missing_email` (no text in the email column) or the syntax reason of the address.' }),
    batch: z
      .object({
        held: z.boolean().openapi({ description: 'The pipeline is paused: the rows wait until it is resumed.' }),
        waiting_rows: z.number().int().openapi({ description: 'Rows now waiting for a run, these included.' }),
        run_due_in_seconds: z.number().int().nullable().openapi({
          description: 'When the run that takes these rows starts (0: now). Null while held, or when only a full batch, the schedule or a trigger starts it.',
        }),
      })
      .openapi({ description: 'The batch the rows joined; GET the runs to follow it.' }),
  })
  .openapi('PushPipelineResponse');

const counts = (names: readonly string[]) => z.object(Object.fromEntries(names.map((key) => [key, z.number().int()])));

export const runViewSchema = z
  .object({
    run_id: z.number().int().openapi({ format: 'int64' }),
    pipeline_id: z.number().int().openapi({ format: 'int64' }),
    job_id: z
      .number()
      .int()
      .nullable()
      .openapi({ format: 'int32', description: 'The bulk job that verifies the run (GET /v1/jobs/{job_id}, its events and results).' }),
    trigger: z.enum(['batch_full', 'batch_wait', 'schedule', 'trigger']).openapi({ description: 'What started the run.' }),
    status: z.enum(['verifying', 'delivering', 'completed']).openapi({
      description:
        '`verifying` while rows await their check; `delivering` while rows are in deliveries not yet answered; `completed` when every row is delivered, dropped or failed.',
    }),
    started_at: z.string().datetime(),
    finished_at: z.string().datetime().nullable(),
    rows_in: z.number().int(),
    verdicts: counts(REACHABILITY).openapi({ description: 'Distinct addresses by verdict.' }),
    failures: counts(['failed', 'dead_lettered', 'skipped']).openapi({
      description: 'Addresses whose check could not run, that the mail server deferred on every attempt, or that the credits did not cover.',
    }),
    retries: z.number().int().openapi({ description: 'Check attempts beyond the first (greylisting, temporary errors).' }),
    rows: counts(['verifying', 'delivering', 'delivered', 'dropped', 'failed']).openapi({ description: 'Rows by state.' }),
    deliveries: counts(['made', 'failed', 'pending', 'attempts']).openapi({ description: 'Webhook deliveries of the run and their attempts.' }),
    latency_ms: z
      .object({ p50: z.number().int().nullable(), p95: z.number().int().nullable() })
      .openapi({ description: 'From push to delivery, over delivered rows; null before the first.' }),
  })
  .openapi('PipelineRunView');

export const listRunsResponse = z
  .object({ runs: z.array(runViewSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi('ListPipelineRunsResponse', { description: 'Newest first.' });
