import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { checkSources } from '../../../shared/db/schema';
import { int32Id } from '../../../shared/http/ids';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { REACHABILITY, REASONS } from '../engine/verdict';
import type { VerifyEnv } from '../env';
import { QUERY_CSV_COLUMNS, queryCsv, queryResults } from '../lists/query';

const resultSchema = z
  .object({
    check_id: z.number().int().openapi({ format: 'int64' }),
    email: z.string().openapi({ description: 'The mailbox checked, normalized as in GET /v1/emails/{email}/history.' }),
    is_reachable: z.enum(REACHABILITY),
    reason: z.string(),
    score: z.number().int(),
    provider: z.string().nullable(),
    source: z
      .enum(checkSources)
      .openapi({ description: '`single` (POST /v1/check_email), `bulk` (a bulk or list job), `reverification`, `pipeline` (a pipeline run).' }),
    job_id: z.number().int().nullable(),
    list_id: z.number().int().nullable().openapi({ description: 'The list whose job made the check.' }),
    source_key: z.string().nullable().openapi({ description: 'That list’s source key.' }),
    checked_at: z.string().datetime(),
  })
  .openapi('QueryResult');

const queryRoute = defineOperation({
  method: 'get',
  path: '/v1/query',
  operationId: 'v1_query_results',
  tags: ['Results'],
  summary: 'Search the workspace’s verified results',
  description:
    'Every stored check of the workspace, newest first: single checks, bulk and list jobs, reverification (sandbox checks are not stored), kept for the workspace’s `result_retention_days`. Filters combine; `from` is inclusive, `to` exclusive. Pages by `cursor` (the previous page’s `next_cursor`); `format=csv` gives the same page as CSV, its next cursor in `X-Next-Cursor`.',
  access: { scopes: ['verify'], entitlement: { feature: 'verify', minimumPlan: 'free' } },
  request: {
    query: z.object({
      is_reachable: z.enum(REACHABILITY).optional(),
      reason: z.enum(REASONS).optional(),
      domain: z.string().trim().min(1).max(253).optional().openapi({ description: 'The address’s domain, e.g. `example.com`.' }),
      list_id: int32Id().optional(),
      job_id: int32Id().optional(),
      source_key: z.string().min(1).max(200).optional().openapi({ description: 'Checks of the lists with this source key.' }),
      source: z.enum(checkSources).optional(),
      from: z.string().datetime({ offset: true }).optional().openapi({ description: 'Checked at or after (ISO 8601).' }),
      to: z.string().datetime({ offset: true }).optional().openapi({ description: 'Checked before (ISO 8601).' }),
      limit: z.coerce.number().int().min(1).max(1000).default(100).openapi({ description: 'Page size, 1–1000.' }),
      cursor: z.string().max(100).optional(),
      format: z.enum(['json', 'csv']).default('json'),
    }),
  },
  responses: {
    200: {
      description: 'A page of results.',
      content: {
        'application/json': {
          schema: z.object({ results: z.array(resultSchema), next_cursor: z.string().nullable() }).openapi('QueryPage'),
        },
        'text/csv': { schema: z.string().openapi({ description: `Columns: ${QUERY_CSV_COLUMNS.join(', ')}.` }) },
      },
    },
    404: errorResponse('`list_id` names no list of this workspace.'),
  },
});

export function registerQueryRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(queryRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await queryResults(c.get('services').db, c.get('principal').workspaceId, query);
    if (query.format === 'csv') {
      return c.body(queryCsv(page), 200, { 'content-type': 'text/csv; charset=utf-8', ...(page.next_cursor ? { 'x-next-cursor': page.next_cursor } : {}) });
    }
    return c.json(page, 200);
  });
}
