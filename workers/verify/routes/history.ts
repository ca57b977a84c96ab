import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { checkSources } from '../../../shared/db/schema';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { checkEmailOutputSchema } from '../engine/output';
import { PROVIDERS } from '../engine/providers';
import { checkSyntax } from '../engine/syntax';
import { REACHABILITY, REASONS } from '../engine/verdict';
import type { VerifyEnv } from '../env';
import { listHistory } from '../history/history';

const historyEntrySchema = z
  .object({
    id: z.number().int().openapi({ description: 'The stored check.' }),
    checked_at: z.string().datetime().openapi({ description: 'When the check was stored.' }),
    is_reachable: z.enum(REACHABILITY),
    score: z.number().int().min(0).max(100),
    reason: z.enum(REASONS),
    provider: z.enum(PROVIDERS).nullable(),
    source: z.enum(checkSources).openapi({
      description:
        '`single`: POST /v1/check_email; `bulk`: a bulk job (`job_id`); `reverification`: the scheduled re-check; `pipeline`: a pipeline run (`job_id` is the run’s job).',
    }),
    job_id: z.number().int().nullable().openapi({ description: 'The bulk job the check belonged to; null for the others.' }),
    result: checkEmailOutputSchema.openapi({ description: 'The full result as it was answered.' }),
  })
  .openapi('HistoryEntry', { description: 'One stored check of the address.' });

const historySchema = z
  .object({
    email: z.string().openapi({
      description: 'The key the history is filed under: the mailbox the address delivers to (for Gmail without dots or `+tag`), lower case.',
      example: 'janedoe@gmail.com',
    }),
    history: z.array(historyEntrySchema).openapi({ description: 'Newest first, at most `limit`.' }),
    total: z.number().int().openapi({ description: 'How many checks of the address are kept, beyond this page too.' }),
  })
  .openapi('EmailHistoryResponse');

const historyRoute = defineOperation({
  method: 'get',
  path: '/v1/emails/{email}/history',
  operationId: 'v1_email_history',
  tags: ['Verification'],
  summary: "The workspace's checks of one address, newest first",
  description:
    'Every check of the address by this workspace (single checks, bulk jobs, reverification), kept for the workspace’s `result_retention_days` (default 90). The address is matched as the checks filed it: `Jane.Doe+news@gmail.com` and `janedoe@gmail.com` are one Gmail mailbox; elsewhere the address is matched case-insensitively. An address never checked has an empty history. Sandbox checks are not kept.',
  access: { scopes: ['verify'], entitlement: { feature: 'verify', minimumPlan: 'free' } },
  request: {
    params: z.object({
      email: z
        .string()
        .min(1)
        .max(512)
        // The same syntax rules as a check: a value that is not an address has no history to show.
        .refine((value) => checkSyntax(value).is_valid_syntax, { message: 'email must be an email address, such as jane@example.com.' })
        .openapi({ param: { name: 'email', in: 'path' }, description: 'The address, URL-encoded.', example: 'jane.doe@example.com' }),
    }),
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: 'At most this many entries (1–100, default 20).' }),
    }),
  },
  responses: {
    200: jsonResponse(historySchema, 'The history of the address.'),
    400: errorResponse('`validation_failed`: `email` is not an email address (or `limit` is out of range); `field` names which.'),
  },
});

export function registerHistoryRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(historyRoute, async (c) => {
    const page = await listHistory(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').email, c.req.valid('query').limit);
    return c.json(
      {
        email: page.email,
        total: page.total,
        history: page.entries.map((entry) => ({
          id: entry.id,
          checked_at: entry.createdAt.toISOString(),
          is_reachable: entry.output.is_reachable,
          score: entry.output.score,
          reason: entry.output.reason,
          provider: entry.output.provider,
          source: entry.source,
          job_id: entry.jobId,
          result: entry.output,
        })),
      },
      200,
    );
  });
}
