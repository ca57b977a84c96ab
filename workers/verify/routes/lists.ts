import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../shared/limits/idempotency';
import { defineOperation } from '../auth/operation';
import type { JobCheckOptions } from '../bulk/jobs';
import type { VerifyEnv } from '../env';
import { MAX_COLUMNS } from '../csv/csv-stream';
import { multipartBoundary } from '../lists/multipart';
import { MAX_LIST_ROWS } from '../lists/list-import';
import { createListFromMultipart, createListFromRows, INTERRUPTED_UPLOAD_MS, MAX_LIST_UPLOAD_BYTES, type ListFields } from '../lists/list-upload';
import { deleteList, listLists, listStatuses, listsFeature, readList, type ListView } from '../lists/lists';
import { jobCaller } from './bulk';
import { checkOptions } from './job-schemas';
import { listIdParams, listNotFoundResponse, listsAccess, listSchema } from './list-schemas';

/** JSON rows are parsed whole, so they stay small (the 1 MiB JSON limit); large lists come as a CSV file. */
const MAX_JSON_ROWS = 10_000;

const fieldShape = {
  name: z.string().trim().min(1).max(200).openapi({ description: 'A name for the list.', example: 'Newsletter signups, May' }),
  email_column: z.string().trim().min(1).max(200).optional().openapi({
    description:
      'The header of the column holding the addresses. Otherwise the column is found by its header (`email`, `e-mail`, `email_address`, `mail`, …), or, without such a header, as the first column holding an `@`.',
  }),
  source_key: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Where the list came from, e.g. `webinar-2026-05`: GET /v1/sources/quality compares sources.' }),
};

const multipartFields = z.object({ ...fieldShape, sandbox: z.enum(['true', 'false']).default('false') });

const listJsonInput = z
  .object({
    ...fieldShape,
    sandbox: z.boolean().default(false).openapi({ description: 'Sandbox lists are checked by the sandbox rules: no credits, no connections.' }),
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .min(1)
      .max(MAX_JSON_ROWS)
      .openapi({
        description: `Rows as objects; their keys are the columns. At most ${MAX_JSON_ROWS} rows: upload larger lists as a CSV file.`,
        example: [{ email: 'jane@example.com', first_name: 'Jane' }],
      }),
  })
  .openapi('ListJsonInput');

const multipartSchema = {
  type: 'object' as const,
  required: ['name', 'file'],
  properties: {
    name: { type: 'string' as const, description: 'A name for the list.' },
    email_column: { type: 'string' as const, description: 'As in the JSON body.' },
    source_key: { type: 'string' as const, description: 'As in the JSON body.' },
    sandbox: { type: 'string' as const, enum: ['true', 'false'], description: 'As in the JSON body.' },
    file: {
      type: 'string' as const,
      format: 'binary',
      description: `The CSV, UTF-8 with or without a BOM (as spreadsheets export it), delimited by commas, semicolons, tabs or pipes; quoted cells as RFC 4180. At most ${MAX_LIST_ROWS} rows, ${MAX_COLUMNS} columns, ${MAX_LIST_UPLOAD_BYTES} bytes. Send the text fields before the file.`,
    },
  },
};

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/lists',
  operationId: 'v1_create_list',
  tags: ['Lists'],
  summary: 'Upload a list: it is verified by bulk jobs, its quality scored',
  description: [
    'Upload a CSV file (`multipart/form-data`: `name`, optional `email_column`, `source_key`, `sandbox`, then `file`) or JSON rows. The file is read as a stream, so lists of up to 1,000,000 rows are taken; the original columns are kept for the cleaned download.',
    'Each address is trimmed; repeats (ignoring case, and Gmail’s dots and `+tags`) are counted as `duplicates` and checked once; addresses of invalid syntax are recorded with their line and not checked. The distinct valid addresses are verified by bulk jobs the list owns (one per 50,000), on the same queue and MX-host limits as POST /v1/bulk: their credits are taken when the list is created (429 `workspace_quota_exceeded` when they do not fit; nothing is created).',
    'A malformed file (unclosed quote, not UTF-8, no address column, no rows, too many rows) is a 400 naming the `line` and the reason, and nothing is created.',
    `\`Idempotency-Key\` (1–${IDEMPOTENCY_KEY_MAX_LENGTH} characters) makes the upload safe to retry: the same key with the same fields and file answers the list again (\`Idempotent-Replayed: true\`), with other content 422 \`idempotency_key_reused\`; while the first upload is still being read, 409 \`conflict\`. An upload cut off mid-stream (its connection or Worker gone) that has written nothing for ${INTERRUPTED_UPLOAD_MS / 60_000} minutes is removed with its rows: a retry under its key then starts afresh, and the hourly sweep removes the ones nobody retries.`,
  ].join('\n\n'),
  access: { ...listsAccess, entitlement: { ...listsFeature, quota: 'credits' } },
  maxBodyBytes: MAX_LIST_UPLOAD_BYTES,
  // The upload is parsed as it arrives (lists/list-upload.ts counts its bytes against the cap).
  streamedBody: true,
  request: {
    headers: z.object({
      'idempotency-key': z
        .string()
        .optional()
        .openapi({ description: `1–${IDEMPOTENCY_KEY_MAX_LENGTH} characters; see above.` }),
    }),
    body: {
      // Two media types: the JSON validator would refuse a multipart body were the body marked required, so the handler requires it.
      required: false,
      description: 'Required: a multipart form with the CSV file, or JSON rows.',
      content: {
        'multipart/form-data': { schema: multipartSchema },
        'application/json': { schema: listJsonInput },
      },
    },
  },
  responses: {
    201: jsonResponse(listSchema, 'The list, its jobs queued.'),
    409: errorResponse('`conflict`: an upload with this Idempotency-Key is still being read.'),
    422: errorResponse('`idempotency_key_reused`: the key was used with a different upload.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/lists',
  operationId: 'v1_list_lists',
  tags: ['Lists'],
  summary: 'The workspace’s lists, newest first',
  access: listsAccess,
  request: {
    query: z.object({
      status: z.enum(listStatuses).optional().openapi({ description: 'Only lists with this status.' }),
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: 'Page size, 1–100.' }),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ lists: z.array(listSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('ListsPage'),
      'A page of lists.',
    ),
  },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/lists/{list_id}',
  operationId: 'v1_get_list',
  tags: ['Lists'],
  summary: 'A list: status, progress of its jobs, totals',
  access: listsAccess,
  request: { params: listIdParams },
  responses: { 200: jsonResponse(listSchema, 'The list.'), 404: listNotFoundResponse },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/lists/{list_id}',
  operationId: 'v1_delete_list',
  tags: ['Lists'],
  summary: 'Delete a list, its rows, jobs and results',
  description:
    'A job of the list still running is cancelled first (unchecked addresses’ credits are returned, `job.cancelled` is recorded); then the jobs with their results, the rows, the remediation plan, exports and comments are deleted.',
  access: listsAccess,
  request: { params: listIdParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          list_id: z.number().int(),
          deleted: z.literal(true),
          rows_deleted: z.number().int(),
          jobs_deleted: z.array(z.number().int()),
          jobs_cancelled: z.number().int().openapi({ description: 'Jobs that were still running and were cancelled first.' }),
          tasks_cancelled: z.number().int().openapi({ description: 'Addresses of those jobs never checked; their credits were returned.' }),
        })
        .openapi('ListDeleteResponse'),
      'What was deleted.',
    ),
    404: listNotFoundResponse,
  },
});

function idempotencyKey(c: Context<VerifyEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && (key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)) {
    throw new ApiError('idempotency_key_invalid', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`, {
      hint: 'Send a shorter unique key, such as a UUID.',
      details: { field: 'Idempotency-Key', length: key.length },
    });
  }
  return key;
}

function parseMultipartFields(raw: Record<string, string>): ListFields {
  const parsed = multipartFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'body';
    throw new ApiError('validation_failed', `${field}: ${issue.message}`, {
      hint: `Send \`${field}\` as a form field before the file.`,
      details: { field },
    });
  }
  return { ...parsed.data, sandbox: parsed.data.sandbox === 'true' };
}

export function registerListRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(createRoute, async (c) => {
    // Rows are inserted a thousand a statement, and the job's tasks all in one: no read deadline.
    const db = c.get('services').bulkDb;
    const creation = {
      caller: jobCaller(c),
      idempotencyKey: idempotencyKey(c),
      options: (sandbox: boolean) => checkOptions.parse({ sandbox }) as JobCheckOptions,
    };
    const type = c.req.header('content-type');
    let created: Awaited<ReturnType<typeof createListFromRows>>;
    const boundary = multipartBoundary(type);
    if (boundary && c.req.raw.body) {
      created = await createListFromMultipart(db, c.env.BULK_QUEUE, creation, c.req.raw.body, boundary, parseMultipartFields);
    } else if (type?.toLowerCase().startsWith('application/json')) {
      // The JSON validator ran (the multipart schema is a plain OpenAPI object, so only JSON is typed as validated).
      const { rows, ...fields } = c.req.valid('json' as never) as z.infer<typeof listJsonInput>;
      created = await createListFromRows(db, c.env.BULK_QUEUE, creation, fields, rows);
    } else {
      throw new ApiError('validation_failed', 'The request has no list.', {
        hint: 'Send a multipart/form-data form with a `file` (CSV), or JSON {"name": …, "rows": [...]}.',
        details: { field: 'body' },
      });
    }
    const view: ListView = await readList(db, created.list.tenantId, created.list.id);
    c.header('Location', `/v1/lists/${view.list_id}`);
    if (created.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(view, 201);
  });

  app.openapi(listRoute, async (c) => c.json(await listLists(c.get('services').db, c.get('principal').workspaceId, c.req.valid('query')), 200));

  app.openapi(getRoute, async (c) => c.json(await readList(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id), 200));

  app.openapi(deleteRoute, async (c) => c.json(await deleteList(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').list_id), 200));
}
