import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { int32Id } from '../../../shared/http/ids';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery } from '../../../shared/http/pagination';
import { SIGNATURE_HEADER } from '../../../shared/webhooks/signature';
import { defineOperation } from '../auth/operation';
import { jobEventDescriptions, jobEventTypes, listEvents } from '../bulk/events';
import { bulkFeature, findJob } from '../bulk/jobs';
import { WEBHOOK_BACKOFF_MS, WEBHOOK_MAX_ATTEMPTS } from '../domain/retry-policy';
import type { VerifyEnv } from '../env';
import { jobIdParams, jobNotFound } from './job-schemas';

const access = { scopes: ['bulk'], entitlement: bulkFeature } as const;

const minutes = WEBHOOK_BACKOFF_MS.map((ms) => (ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`)).join(', ');

const webhookDocs = [
  `Job events are also POSTed to the job's \`webhook_url\`, or the workspace's default webhook (PATCH /v1/me/webhook), as JSON \`{"id", "type", "created_at", "delivery": {"id", "attempt"}, "data"}\`, signed with the workspace signing secret:`,
  '',
  '```',
  `${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with your signing secret>`,
  'Webhook-Id: <delivery id, the same on every attempt>',
  'Webhook-Event: <event type>',
  '```',
  '',
  'To verify, recompute the HMAC over `<t>.<raw body>` with the secret, compare it in constant time with each `v1=` value, and refuse a `t` older than 5 minutes. Answer 2xx; anything else (or no answer in 10 s) is retried after ' +
    `${minutes} (${WEBHOOK_MAX_ATTEMPTS} attempts). Each attempt's outcome shows on the event's \`webhook\` here. Events are delivered within about a minute of happening.`,
].join('\n');

const eventSchema = z
  .object({
    id: z.string().openapi({ example: 'evt_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    type: z.enum(jobEventTypes).openapi({ description: jobEventTypes.map((type) => `- \`${type}\`: ${jobEventDescriptions[type]}`).join('\n') }),
    job_id: z.number().int(),
    created_at: z.string().datetime(),
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: '`job`: the job as GET /v1/jobs/{job_id} showed it then; and the fields named under `type`.' }),
    webhook: z
      .object({
        delivery_id: z.string(),
        url: z.string(),
        status: z.enum(['pending', 'delivering', 'delivered', 'failed']),
        attempts: z.number().int(),
        last_status_code: z.number().int().nullable(),
        last_error: z.string().nullable(),
        next_attempt_at: z.string().datetime().nullable(),
        delivered_at: z.string().datetime().nullable(),
      })
      .nullable()
      .openapi({ description: 'The delivery of this event to the webhook, null when the job had none.' }),
  })
  .openapi('JobEvent');

export const eventPage = z
  .object({
    events: z.array(eventSchema),
    has_more: z.boolean(),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the events after this page; kept on the last page too, so polling with it returns only new events.' }),
  })
  .openapi('JobEventPage');

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/events',
  operationId: 'v1_list_events',
  tags: ['Bulk'],
  summary: 'Job lifecycle events of the workspace, oldest first',
  description: webhookDocs,
  access,
  request: {
    query: z.object({
      ...cursorQuery,
      job_id: int32Id().optional().openapi({ description: 'Only this job’s events.' }),
      type: z.enum(jobEventTypes).optional(),
    }),
  },
  responses: { 200: jsonResponse(eventPage, 'A page of events.') },
});

const jobEventsRoute = defineOperation({
  method: 'get',
  path: '/v1/jobs/{job_id}/events',
  operationId: 'v1_list_job_events',
  tags: ['Bulk'],
  summary: 'Lifecycle events of one job, oldest first',
  description: webhookDocs,
  access,
  request: { params: jobIdParams, query: z.object({ ...cursorQuery, type: z.enum(jobEventTypes).optional() }) },
  responses: { 200: jsonResponse(eventPage, 'A page of events.'), 404: jobNotFound },
});

export function registerEventRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await listEvents(c.get('services').db, c.get('principal').workspaceId, {
        jobId: query.job_id,
        type: query.type,
        limit: query.limit,
        cursor: query.cursor,
      }),
      200,
    );
  });

  app.openapi(jobEventsRoute, async (c) => {
    const { db } = c.get('services');
    const tenantId = c.get('principal').workspaceId;
    const job = await findJob(db, tenantId, c.req.valid('param').job_id);
    const query = c.req.valid('query');
    return c.json(await listEvents(db, tenantId, { jobId: job.id, type: query.type, limit: query.limit, cursor: query.cursor }), 200);
  });
}
