import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { approvalVerdicts } from '../domain/approval';
import type { VerifyEnv } from '../env';
import { riskGroups } from '../lists/quality';
import { sourcesQuality, sourceWindows } from '../services/sources';
import { listsAccess } from './list-schemas';

const sourceSchema = z
  .object({
    type: z.enum(['list_source', 'single_checks']).openapi({
      description: '`list_source`: the lists with `source_key` (null: lists without one); `single_checks`: POST /v1/check_email.',
    }),
    source_key: z.string().nullable(),
    checked: z.number().int(),
    pending: z.number().int(),
    score: z.number().int().nullable(),
    bounce_estimate_percent: z.number().nullable(),
    grade: z.object({ verdict: z.enum(approvalVerdicts), approved: z.boolean(), safe_percent: z.number().nullable() }),
    groups: z.object(Object.fromEntries(riskGroups.map((group) => [group, z.number().int()])) as Record<(typeof riskGroups)[number], z.ZodNumber>),
  })
  .openapi('SourceQuality');

const route = defineOperation({
  method: 'get',
  path: '/v1/sources/quality',
  operationId: 'v1_get_sources_quality',
  tags: ['Lists'],
  summary: 'Quality per source: each list source key, and single checks',
  description:
    'The score, bounce estimate and grade of GET /v1/lists/{list_id}/quality, per source, over a window: lists created in it (by `source_key`, repeats counted once per list) and single checks made in it. Single checks are not yet told apart by API key: the key is not stored with a check.',
  access: listsAccess,
  request: { query: z.object({ window: z.enum(sourceWindows).default('30d').openapi({ description: 'How far back: 7, 30 or 90 days, or all.' }) }) },
  responses: {
    200: jsonResponse(
      z
        .object({
          window: z.enum(sourceWindows),
          since: z.string().datetime().nullable(),
          thresholds: z.object({ excellent: z.number(), good: z.number() }),
          sources: z.array(sourceSchema),
        })
        .openapi('SourcesQuality'),
      'Quality by source.',
    ),
  },
});

export function registerSourceRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(route, async (c) => c.json(await sourcesQuality(c.get('services').db, c.get('principal').workspaceId, c.req.valid('query').window), 200));
}
