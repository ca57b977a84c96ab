import { z } from '@hono/zod-openapi';
import { jobKinds } from '../../../shared/db/schema';
import { int32Id, pathParams } from '../../../shared/http/ids';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { MAX_JOB_WAIT_SECONDS, MIN_JOB_WAIT_ANSWER_SECONDS, SUGGESTED_POLL_SECONDS } from '../domain/job-polling';
import { jobLifecycleMarkdown, jobStatuses, taskStatuses } from '../domain/job-status';
import { checkEmailOutputSchema, checkEmailRequestSchema } from '../engine/output';
import { REACHABILITY } from '../engine/verdict';
import { MAX_JOB_ADDRESSES } from '../bulk/jobs';

/** Request and response shapes shared by the bulk, jobs, events, find_email and v0 routes. */

export const jobIdParams = pathParams({ job_id: int32Id() });

export const jobNotFound = errorResponse('No such job in this workspace.');

export const jobWaitQuery = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_JOB_WAIT_SECONDS)
    .default(0)
    .openapi({
      description: `Long poll: wait up to this many seconds (0–${MAX_JOB_WAIT_SECONDS}) for the job to move (status, counts or retries) before answering. The answer comes at the first change, but no sooner than ${MIN_JOB_WAIT_ANSWER_SECONDS} s after the request (changes of those seconds come together), at once when the job has ended, and at the end of the wait otherwise. However long it waits, it counts as one request against the key's 60 a minute: looping on \`wait=${MAX_JOB_WAIT_SECONDS}\` costs at most ${60 / MIN_JOB_WAIT_ANSWER_SECONDS} requests a minute while the job moves and one a minute while it does not.`,
    }),
});

export const jobReadDescription = `Counts move as tasks end. To follow a job, loop on \`?wait=${MAX_JOB_WAIT_SECONDS}\` (a long poll, one request per answer), or poll every \`poll_after_seconds\`: every read counts against the key's 60 requests a minute, shared with every other call of the key.`;

export const jobSchema = z
  .object({
    job_id: z.number().int().openapi({ format: 'int32', example: 42 }),
    kind: z.enum(jobKinds).openapi({
      description:
        '`bulk`: POST /v1/bulk; `find_email`: the candidates of a name at a domain; `reverification`: a scheduled re-check of the workspace’s addresses (PUT /v1/reverification); `pipeline`: a pipeline run (GET /v1/pipelines/{pipeline_id}/runs).',
    }),
    status: z.enum(jobStatuses).openapi({ description: jobLifecycleMarkdown() }),
    sandbox: z.boolean().openapi({ description: 'Sandbox jobs use no credits and open no connection.' }),
    submitted: z.number().int().openapi({ description: 'Entries as submitted, repeats included.' }),
    duplicates: z.number().int().openapi({ description: 'Entries that repeated an earlier one (same address ignoring case); checked once and not charged.' }),
    skipped: z.number().int().openapi({ description: 'Distinct addresses not checked because the quota could not cover them (only with `allow_partial`).' }),
    total_records: z.number().int().openapi({ description: 'Distinct addresses to check.' }),
    total_processed: z.number().int().openapi({ description: 'Addresses that have ended: checked, failed or dead-lettered.' }),
    progress: z.number().openapi({ description: 'total_processed out of total_records, in percent (one decimal).', example: 37.5 }),
    summary: z
      .object({
        total_safe: z.number().int(),
        total_risky: z.number().int(),
        total_invalid: z.number().int(),
        total_unknown: z.number().int(),
        total_failed: z.number().int().openapi({ description: 'The check could not run; retryable.' }),
        total_dead_lettered: z.number().int().openapi({ description: 'Deferred on every attempt; retryable.' }),
        total_cancelled: z.number().int(),
        total_pending: z.number().int().openapi({ description: 'Not checked yet.' }),
        total_retrying: z.number().int().openapi({
          description: 'Checked, but the mail server deferred the answer: waiting to be checked again (see `next_retry_at`).',
        }),
      })
      .openapi({ description: 'Counts by outcome; the first four are Reacher’s.' }),
    next_retry_at: z.string().datetime().nullable().openapi({ description: 'When the first task waiting for a retry is checked again; null when none waits.' }),
    poll_after_seconds: z
      .number()
      .int()
      .nullable()
      .openapi({
        description: `Seconds before reading the job again is worth it: ${SUGGESTED_POLL_SECONDS} while tasks are pending, the time until \`next_retry_at\` while only retries are left (at most 900), null once the job has ended. Every read counts against the key's 60 requests a minute; \`?wait=\` follows a job for less.`,
      }),
    webhook_url: z
      .string()
      .nullable()
      .openapi({ description: 'Where this job’s events are delivered (its own webhook, or the workspace default when it was created).' }),
    created_at: z.string().datetime(),
    started_at: z.string().datetime().nullable().openapi({ description: 'When the first task ended.' }),
    finished_at: z.string().datetime().nullable().openapi({ description: 'When the job completed or was cancelled.' }),
    cancelled_at: z.string().datetime().nullable(),
    updated_at: z.string().datetime(),
  })
  .openapi('BulkJob', {
    description:
      'A bulk job and its progress. Counts move as tasks end, so polling shows progress from the first second; the names of Reacher’s bulk status (`job_id`, `total_records`, `total_processed`, `summary.total_*`) are kept.',
  });

export const taskResultSchema = z
  .object({
    position: z.number().int().openapi({ description: 'Position among the distinct addresses, in submission order, from 0.' }),
    email: z.string(),
    status: z.enum(taskStatuses),
    attempts: z.number().int(),
    is_reachable: z.enum(REACHABILITY).nullable(),
    result: z.union([checkEmailOutputSchema, z.null()]).openapi({ description: 'The result of the latest attempt; null until there is one.' }),
    error: z.string().nullable(),
    next_attempt_at: z.string().datetime().nullable().openapi({ description: 'When a `retrying` task is checked again.' }),
    updated_at: z.string().datetime(),
  })
  .openapi('BulkTaskResult');

export const RESULTS_MAX_PAGE = 1000;

export const resultsQuery = z.object({
  format: z.enum(['json', 'csv']).default('json').openapi({ description: '`csv` answers `text/csv` with Reacher’s columns first.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RESULTS_MAX_PAGE)
    .default(100)
    .openapi({ description: `Rows per page, 1–${RESULTS_MAX_PAGE}.` }),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0).openapi({ description: 'Rows to skip.' }),
});

export const resultsPageSchema = z
  .object({
    job_id: z.number().int(),
    status: z.enum(jobStatuses),
    partial: z.boolean().openapi({ description: 'True while the job is queued or running: some rows are still `pending` or `retrying`.' }),
    total: z.number().int().openapi({ description: 'Rows in all (distinct addresses, skipped ones included).' }),
    offset: z.number().int(),
    limit: z.number().int(),
    results: z.array(taskResultSchema),
  })
  .openapi('BulkResultsPage');

export const csvContent = { 'text/csv': { schema: z.string().openapi({ description: 'RFC 4180, CRLF line ends, one row per distinct address.' }) } };

export const csvResponse = (description: string) => ({ description, content: csvContent });

/** The results operations answer a JSON page or, with `format=csv`, CSV. */
export const resultsResponses = {
  200: { description: 'A page of results.', content: { 'application/json': { schema: resultsPageSchema }, ...csvContent } },
  404: jobNotFound,
};

export const partialHeaderNote =
  'While the job runs, results are partial: JSON says `partial: true`, CSV answers `X-Results-Partial: true`, names the file `job-<id>-partial-results.csv`, and leaves the result columns of unfinished rows empty (their `status` is `pending` or `retrying`).';

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Options of a job; in the JSON body, or in the query string of a CSV upload. */
export const checkOptions = checkEmailRequestSchema.omit({ to_email: true });

export const jobExtras = {
  webhook_url: z.string().max(2048).optional().openapi({
    description:
      'Receives this job’s events, signed with the workspace signing secret (set one first with PATCH /v1/me/webhook). Without it, the workspace’s default webhook applies.',
  }),
  allow_partial: z.boolean().default(false).openapi({
    description:
      'When the remaining credits cannot cover every distinct address: check as many as they cover, in order, and mark the rest `skipped`. Without it, such a job is refused with 429 `workspace_quota_exceeded`.',
  }),
};

export const bulkJsonInput = checkOptions
  .extend({
    input: z
      .array(z.string().trim().min(1).max(512))
      .min(1)
      .max(MAX_JOB_ADDRESSES * 2)
      .openapi({
        description: `The addresses to check, as in Reacher’s bulk request. Repeats are checked once; at most ${MAX_JOB_ADDRESSES} distinct ones.`,
        example: ['jane@example.com', 'john@example.com'],
      }),
    ...jobExtras,
  })
  .openapi('BulkJobInput');

export const csvUploadQuery = z.object({
  email_column: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'CSV uploads: the header of the column holding the addresses; found by name (`email`, `e-mail`, `email_address`) otherwise.' }),
  sandbox: booleanQuery.optional().openapi({ type: 'boolean', description: 'CSV uploads: as `sandbox` in the JSON body.' }),
  allow_partial: booleanQuery.optional().openapi({ type: 'boolean', description: 'CSV uploads: as `allow_partial` in the JSON body.' }),
  webhook_url: z.string().max(2048).optional().openapi({ description: 'CSV uploads: as `webhook_url` in the JSON body.' }),
  from_email: z.string().max(254).optional().openapi({ description: 'CSV uploads: as `from_email` in the JSON body.' }),
  hello_name: z.string().max(253).optional().openapi({ description: 'CSV uploads: as `hello_name` in the JSON body.' }),
  smtp_port: z.coerce.number().int().optional().openapi({ description: 'CSV uploads: as `smtp_port` in the JSON body.' }),
});

export type CsvUploadQuery = z.infer<typeof csvUploadQuery>;

/** The check options of a CSV upload, validated as the JSON body's are; null when they are not valid. */
export function optionsFromQuery(query: CsvUploadQuery) {
  return checkOptions.safeParse({ sandbox: query.sandbox, from_email: query.from_email, hello_name: query.hello_name, smtp_port: query.smtp_port });
}
