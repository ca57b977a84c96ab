import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { outcomeTypes } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery } from '../../../shared/http/pagination';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { listOutcomes, outcomeAddress, outcomeView, recordOutcomes } from '../feedback/outcomes';

const access = { scopes: ['settings'] } as const;
const int32 = z.number().int().min(1).max(2_147_483_647);

export const outcomeSchema = z
  .object({
    id: z.string().openapi({ example: 'out_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    email: z.string().openapi({ description: 'Lower case, ASCII domain.' }),
    type: z.enum(outcomeTypes),
    occurred_at: z.string().datetime(),
    provider: z.string().nullable().openapi({ description: 'Who sent the mail: `sendgrid`, `mailgun`, `postmark`, `ses`, or what you named.' }),
    message_id: z.string().nullable(),
    job_id: z.number().int().nullable().openapi({ format: 'int32' }),
    list_id: z.number().int().nullable().openapi({ format: 'int32' }),
    endpoint_id: z.string().uuid().nullable().openapi({ description: 'The provider endpoint it arrived through; null when posted to /v1/outcomes.' }),
    detail: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'What the provider said (bounce type, code, description).' }),
    suppression_id: z.number().int().nullable().openapi({ format: 'int32', description: 'The suppression this outcome made or met, by the workspace policy.' }),
    created_at: z.string().datetime(),
  })
  .openapi('Outcome');

const policyDocs =
  'By the workspace’s `default_policy_mode` (PATCH /v1/me/settings), outcomes suppress the address by themselves: `strict` hard bounces, complaints and unsubscribes; `balanced` (the default) hard bounces and complaints; `lenient` none. The suppression (`source: outcome`) is written with the outcome; when the address is already suppressed, `suppression_id` names that entry.';

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/outcomes',
  operationId: 'v1_create_outcome',
  tags: ['Feedback'],
  summary: 'Report what happened when you mailed an address',
  description: `${policyDocs}\n\nWith an \`Idempotency-Key\`, a retry within 24 h answers the first response and records nothing more. Provider endpoints (POST /v1/provider-endpoints) report outcomes without any code on your side.`,
  access: { ...access, idempotency: { operation: 'v1_create_outcome' } },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              email: z.string().min(3).max(320),
              type: z.enum(outcomeTypes),
              occurred_at: z.string().datetime({ offset: true }).optional().openapi({ description: 'When it happened; now when absent.' }),
              provider: z.string().min(1).max(64).nullable().optional(),
              message_id: z.string().min(1).max(998).nullable().optional(),
              job_id: int32.nullable().optional().openapi({ description: 'The bulk job that checked the address, when known.' }),
              list_id: int32.nullable().optional(),
              detail: z.record(z.string(), z.unknown()).nullable().optional(),
            })
            .strict()
            .openapi('OutcomeInput'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(outcomeSchema, 'The recorded outcome.') },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/outcomes',
  operationId: 'v1_list_outcomes',
  tags: ['Feedback'],
  summary: 'Reported outcomes, newest first',
  access,
  request: {
    query: z.object({
      ...cursorQuery,
      email: z.string().min(3).max(320).optional(),
      type: z.enum(outcomeTypes).optional(),
      provider: z.string().min(1).max(64).optional(),
      job_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
      list_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ outcomes: z.array(outcomeSchema), has_more: z.boolean(), next_cursor: z.string().nullable() }).openapi('OutcomePage'),
      'A page of outcomes.',
    ),
  },
});

export function registerOutcomeRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const email = outcomeAddress(body.email);
    if (!email)
      throw new ApiError('validation_failed', 'email is not an email address.', { hint: 'Send the full address you mailed.', details: { field: 'email' } });
    const [result] = await recordOutcomes(c.get('services').db, c.get('principal').workspaceId, [
      {
        email,
        type: body.type,
        occurredAt: body.occurred_at ? new Date(body.occurred_at) : new Date(),
        provider: body.provider,
        messageId: body.message_id,
        jobId: body.job_id,
        listId: body.list_id,
        detail: body.detail,
        idempotency: c.get('idempotency'),
      },
    ]);
    return c.json(outcomeView(result!.row), 201);
  });

  app.openapi(listRoute, async (c) => c.json(await listOutcomes(c.get('services').db, c.get('principal').workspaceId, c.req.valid('query')), 200));
}
