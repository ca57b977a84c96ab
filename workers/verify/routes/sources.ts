import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { approvalVerdicts } from '../domain/approval';
import type { VerifyEnv } from '../env';
import { measuredVerdicts } from '../domain/accuracy';
import { riskGroups } from '../lists/quality';
import { sourcesQuality, sourceWindows } from '../lists/sources';
import { listsAccess } from './list-schemas';

const evidenceSchema = z.object({
  bounced: z.number().int().openapi({ description: 'Addresses whose first conclusive outcome was a hard bounce.' }),
  delivered: z.number().int().openapi({ description: 'Addresses whose first conclusive outcome was a delivery, a complaint or an unsubscribe.' }),
});

export const accuracySchema = z
  .object({
    measured: z.number().int().openapi({ description: 'Verified addresses of the source with a conclusive outcome after their check.' }),
    deliverable_bounce_percent: z.number().nullable().openapi({
      description: 'Of the addresses we called deliverable (`safe` or `risky`) that have an outcome, the percentage that hard-bounced. Null while none has.',
    }),
    safe_bounce_percent: z.number().nullable().openapi({ description: 'The same for `safe` alone.' }),
    invalid_delivered_percent: z.number().nullable().openapi({
      description: 'Of the addresses we called `invalid` that were mailed anyway and have an outcome, the percentage delivered. Null while none has.',
    }),
    by_verdict: z.object(
      Object.fromEntries(measuredVerdicts.map((verdict) => [verdict, evidenceSchema])) as Record<(typeof measuredVerdicts)[number], typeof evidenceSchema>,
    ),
  })
  .openapi('SourceAccuracy');

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
    accuracy: accuracySchema,
  })
  .openapi('SourceQuality');

const route = defineOperation({
  method: 'get',
  path: '/v1/sources/quality',
  operationId: 'v1_get_sources_quality',
  tags: ['Lists'],
  summary: 'Quality per source: each list source key, and single checks',
  description:
    'The score, bounce estimate and grade of GET /v1/lists/{list_id}/quality, per source, over a window: lists created in it (by `source_key`, repeats counted once per list) and single checks made in it. Single checks are not yet told apart by API key: the key is not stored with a check.\n\n**accuracy** measures our verdicts against what happened when you sent mail (POST /v1/outcomes and provider endpoints). Each checked address of a list (each single check) is judged by its first conclusive outcome reported at or after the list’s upload (the check): a hard bounce means it `bounced`; a delivery, a complaint or an unsubscribe means it was `delivered` (only a mailbox that received the message can complain or unsubscribe); soft bounces say nothing about the mailbox and are skipped. The first outcome, not the latest, because the verdict was about the mailbox as it was then. Addresses without an outcome are not measured.',
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
