import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { actorId } from '../../../shared/auth/principal';
import { readConfig } from '../../../shared/config';
import { suppressionKinds, suppressionReasons, suppressionSources } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { int32Id, pathParams } from '../../../shared/http/ids';
import { cursorQuery } from '../../../shared/http/pagination';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import { PROVIDERS } from '../engine/providers';
import type { VerifyEnv } from '../env';
import { suppressionsCsvStream } from '../suppressions/suppression-export';
import { importSuppressions, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_LISTED_REJECTIONS } from '../suppressions/suppression-import';
import {
  addSuppression,
  deleteSuppression,
  findSuppressions,
  listSuppressionEvents,
  listSuppressions,
  requireEntryKey,
  suppressionView,
} from '../suppressions/suppressions';
import { suppressionMatchSchema, suppressionSchema } from '../engine/suppression-schemas';

/** Suppressions come with the plan feature of the same name (Starter and up). */
export const suppressionsFeature = { feature: 'suppressions', minimumPlan: 'starter' } as const;
const access = { scopes: ['suppressions'], entitlement: suppressionsFeature } as const;

const idParams = pathParams({ id: int32Id() });
const notFound = errorResponse('No such suppression in this workspace.');

const matchingRules =
  'An address entry matches the address ignoring case, and any address delivering to the same mailbox where the provider ignores part of it: Gmail ignores dots and `+tags` (and googlemail.com is gmail.com); Google Workspace, Outlook.com, Microsoft 365, iCloud, Fastmail, Proton and Zoho ignore `+tags`. The provider is known from the domain (gmail.com, outlook.com, …) or, in a check, from the MX. A domain entry matches every address at the domain and its subdomains. Expired and deleted entries never match.';

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/suppressions',
  operationId: 'v1_create_suppression',
  tags: ['Suppressions'],
  summary: 'Suppress an address or a whole domain',
  description: [
    'A value with an `@` suppresses that address; a value without one suppresses every address at that domain and its subdomains. Addresses are stored lower case with an ASCII (punycode) domain.',
    matchingRules,
    'Adding a value that is already suppressed is a 409 `conflict` naming `suppression_id`; an expired entry is replaced. With an `Idempotency-Key`, a retry within 24 h answers the first response.',
  ].join('\n\n'),
  access: { ...access, idempotency: { operation: 'v1_create_suppression' } },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              value: z.string().min(1).max(320).openapi({ description: 'An address or a domain.', example: 'jane@example.com' }),
              reason: z.enum(suppressionReasons).default('manual'),
              note: z.string().max(1000).nullable().optional(),
              expires_at: z.string().datetime({ offset: true }).nullable().optional().openapi({
                description:
                  'When the entry stops applying (it stops matching at that instant); never when absent. Within the hour after, a sweep closes it and records an `expired` event; it stays listed with `status: expired`, and the value may be suppressed again.',
              }),
            })
            .strict()
            .openapi('SuppressionInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(suppressionSchema, 'The new entry.'),
    409: errorResponse('The value is already suppressed; `suppression_id` names the entry.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/suppressions',
  operationId: 'v1_list_suppressions',
  tags: ['Suppressions'],
  summary: 'Suppressed addresses and domains, newest first',
  access,
  request: {
    query: z.object({
      ...cursorQuery,
      q: z.string().min(1).max(320).optional().openapi({ description: 'Part of the address or domain, case-insensitive.' }),
      kind: z.enum(suppressionKinds).optional(),
      reason: z.enum(suppressionReasons).optional(),
      source: z.enum(suppressionSources).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          suppressions: z.array(suppressionSchema),
          has_more: z.boolean(),
          next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last.' }),
        })
        .openapi('SuppressionPage'),
      'A page of entries (expired ones included, with `status: expired`).',
    ),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/suppressions/{id}',
  operationId: 'v1_delete_suppression',
  tags: ['Suppressions'],
  summary: 'Lift a suppression',
  description: 'The entry stops matching at once; it and its events stay readable at GET /v1/suppressions/{id}/events. Deleting it again is 404.',
  access,
  request: { params: idParams },
  responses: { 200: jsonResponse(suppressionSchema, 'The entry, now `deleted`.'), 404: notFound },
});

const checkRoute = defineOperation({
  method: 'get',
  path: '/v1/suppressions/check',
  operationId: 'v1_check_suppression',
  tags: ['Suppressions'],
  summary: 'Is this address suppressed, and by which entry',
  description: `${matchingRules}\n\nA lookup only: no event is recorded and no credit is used.`,
  access,
  request: {
    query: z.object({
      email: z.string().min(1).max(320).openapi({ example: 'Jane.Doe+news@gmail.com' }),
      provider: z
        .enum(PROVIDERS)
        .optional()
        .openapi({ description: 'The mailbox provider, when you know it (the `provider` of a check): widens the match by its rules.' }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          email: z.string(),
          suppressed: z.boolean(),
          match: suppressionMatchSchema.nullable(),
        })
        .openapi('SuppressionCheck'),
      'Whether the address is suppressed.',
    ),
  },
});

const importRoute = defineOperation({
  method: 'post',
  path: '/v1/suppressions/import',
  operationId: 'v1_import_suppressions',
  tags: ['Suppressions'],
  summary: 'Import suppressions from a CSV file',
  description: [
    `Up to ${MAX_IMPORT_ROWS.toLocaleString('en')} rows and ${MAX_IMPORT_BYTES / 2 ** 20} MiB, read as they arrive, with a Content-Length (as \`curl --data-binary @file.csv\` sends it) or chunked. With a header row, the value is the column named \`email\`, \`address\`, \`domain\` or \`value\`, and \`reason\` and \`expires_at\` columns are read when present; without one, the first column is the value. Comma, semicolon, tab or pipe separated; a BOM, CRLF line ends and quoted cells are fine (the parser lists uploads use: a cell over 8,192 characters, a row over 200 columns or text after a closing quote is a 400 naming the line).`,
    `Each row is an address or a domain. A row that is neither (or whose reason or expiry is unreadable) is rejected with its line number, and the rest is imported. A value already suppressed, or repeated in the file, counts as \`already_present\`; the workspace's entries whose expiry has passed are closed as the import starts (each with an \`expired\` event), so a row for such a value is \`added\`. The import is one transaction: a file that cannot be read to its end (it ends inside a quoted cell, or has too many rows) is a 400 and imports nothing.`,
    `At most ${MAX_LISTED_REJECTIONS} rejections are listed; \`rejected\` counts them all.`,
  ].join('\n\n'),
  access,
  // Read as it arrives, a chunked upload too (bodyLimit would hold a body without a length whole); the service counts the bytes.
  maxBodyBytes: MAX_IMPORT_BYTES,
  streamedBody: true,
  request: {
    query: z.object({ reason: z.enum(suppressionReasons).default('manual').openapi({ description: 'The reason of rows that give none.' }) }),
    body: {
      required: true,
      content: { 'text/csv': { schema: z.string().openapi({ example: 'email,reason\r\njane@example.com,complaint\r\nexample.org,\r\n' }) } },
    },
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          rows: z.number().int(),
          added: z.number().int(),
          already_present: z.number().int(),
          rejected: z.number().int(),
          rejections: z.array(
            z.object({
              line: z.number().int(),
              value: z.string(),
              error: z.enum(['not_an_address_or_domain', 'unknown_reason', 'invalid_expiry']),
            }),
          ),
          rejections_truncated: z.boolean(),
        })
        .openapi('SuppressionImportResult'),
      'What the import did.',
    ),
  },
});

const exportRoute = defineOperation({
  method: 'get',
  path: '/v1/suppressions/export',
  operationId: 'v1_export_suppressions',
  tags: ['Suppressions'],
  summary: 'Every live suppression as CSV',
  description: 'Streamed, oldest first: `value,kind,reason,source,note,expires_at,created_at`. The file imports back unchanged.',
  access,
  responses: { 200: { description: 'A CSV file.', content: { 'text/csv': { schema: z.string() } } } },
});

const eventsRoute = defineOperation({
  method: 'get',
  path: '/v1/suppressions/{id}/events',
  operationId: 'v1_list_suppression_events',
  tags: ['Suppressions'],
  summary: 'What happened to one suppression, oldest first',
  description:
    'Event types: `created` (by a key through the API, an outcome or a provider delivery), `imported`, `matched` (a check, a bulk job, a list or a pipeline met the entry; `address` names what it matched), `expired` (its expiry passed; recorded by the hourly sweep, by an import, or when a new entry took its value), `deleted`. `actor` says who or what: `{kind, id}` with kind `api_key`, `import`, `outcome`, `provider_endpoint`, `check`, `job`, `list`, `pipeline` or `system`. Readable after the entry is deleted.',
  access,
  request: { params: idParams, query: z.object(cursorQuery) },
  responses: {
    200: jsonResponse(
      z
        .object({
          suppression: suppressionSchema,
          events: z.array(
            z.object({
              id: z.string(),
              type: z.enum(['created', 'imported', 'matched', 'expired', 'deleted']),
              actor: z.object({ kind: z.string(), id: z.string().nullable() }),
              address: z.string().nullable(),
              created_at: z.string().datetime(),
            }),
          ),
          has_more: z.boolean(),
          next_cursor: z.string().nullable().openapi({ description: 'Kept on the last page, so polling with it returns only new events.' }),
        })
        .openapi('SuppressionEventPage'),
      'A page of events.',
    ),
    404: notFound,
  },
});

export function registerSuppressionRoutes(app: OpenAPIHono<VerifyEnv>): void {
  const actor = (principal: Parameters<typeof actorId>[0]) => ({ kind: 'api_key' as const, id: actorId(principal) });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const { row, created } = await addSuppression(
      c.get('services').db,
      principal.workspaceId,
      {
        key: requireEntryKey(body.value, 'value'),
        reason: body.reason,
        source: 'api',
        note: body.note,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      },
      actor(principal),
    );
    if (!created) {
      throw new ApiError('conflict', `${row.value} is already suppressed (entry ${row.id}).`, {
        hint: 'Delete the entry first to replace it.',
        details: { suppression_id: row.id },
      });
    }
    return c.json(suppressionView(row), 201);
  });

  app.openapi(listRoute, async (c) => c.json(await listSuppressions(c.get('services').db, c.get('principal').workspaceId, c.req.valid('query')), 200));

  app.openapi(deleteRoute, async (c) => {
    const principal = c.get('principal');
    const row = await deleteSuppression(c.get('services').db, principal.workspaceId, c.req.valid('param').id, actor(principal));
    return c.json(suppressionView(row), 200);
  });

  app.openapi(checkRoute, async (c) => {
    const { email, provider } = c.req.valid('query');
    const matches = await findSuppressions(c.get('services').db, c.get('principal').workspaceId, [{ address: email, provider }]);
    const match = matches.get(email) ?? null;
    return c.json({ email, suppressed: match !== null, match }, 200);
  });

  app.openapi(importRoute, async (c) => {
    const body = c.req.raw.body;
    if (!body) throw new ApiError('validation_failed', 'The request has no body.', { hint: 'Send the CSV as the body.', details: { field: 'body' } });
    const principal = c.get('principal');
    // Batches of BATCH_ROWS rows in one transaction as the CSV streams in: no read deadline.
    const summary = await importSuppressions(c.get('services').bulkDb, principal.workspaceId, body, {
      reason: c.req.valid('query').reason,
      actor: { kind: 'import', id: actorId(principal) },
    });
    return c.json(summary, 200);
  });

  app.openapi(exportRoute, async (c) => {
    const stream = suppressionsCsvStream(readConfig(verifyConfigSchema, c.env), c.get('principal').workspaceId);
    // c.body keeps the headers the request path set (X-Request-Id, X-RateLimit-*); a bare Response drops them.
    return c.body(stream, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="suppressions.csv"' });
  });

  app.openapi(eventsRoute, async (c) =>
    c.json(await listSuppressionEvents(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').id, c.req.valid('query')), 200),
  );
}
