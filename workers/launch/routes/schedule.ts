import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeTimedCursor, timedPage } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { postStatuses } from '../domain/post-status';
import { deliveryStatuses, deliveryView } from '../services/deliveries';
import { cancelPost, listSchedule, schedulePost } from '../services/scheduling';
import { deliverySchema, idParam, pageSchema } from './schemas';

const SCHEDULE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const sessionRule =
  'With an API key it needs `post:schedule`; as a person, a role with `post:schedule` and a sign-in under 15 minutes old with two-factor authentication (otherwise 403 `reauthentication_required`).';

const scheduledPostSchema = z.object({ postId: z.string(), status: z.literal('scheduled'), delivery: deliverySchema }).openapi('ScheduledPost');

const scheduleRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/schedule',
  operationId: 'schedulePost',
  tags: ['Schedule'],
  summary: 'Schedule an approved post or variant',
  description: `Only an \`approved\` post whose content is still what was approved can be scheduled; nothing unapproved can be scheduled by anyone. The post goes out through a connected account of its channel (\`connectionId\`, required when several are connected), or, with none on the channel, the workspace's publishing endpoint (\`PUT /api/v1/publishing-endpoint\`). Without either the post is refused here (409 \`publishing_endpoint_required\`, \`missing\` says what is needed), and when every account of the channel needs reconnecting, 409 \`connection_required\`, instead of failing when due. ${sessionRule}`,
  access: { scopes: ['post:schedule'], entitlement: workspaceUse, idempotency: { operation: 'posts.schedule', replayStatus: 200 } },
  middleware: [requireRecentTwoFactorSignIn()],
  request: {
    params: idParam('postId', 'pst'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              publishAt: z.string().datetime({ offset: true }),
              connectionId: z.string().max(64).optional().openapi({
                description:
                  "The connected account to publish through (GET /api/v1/connections). Optional when the post's channel has one connected account, or none and the workspace has a publishing endpoint.",
              }),
            })
            .strict()
            .openapi('ScheduleInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(scheduledPostSchema, 'Scheduled.'),
    200: jsonResponse(scheduledPostSchema, 'A replay of an earlier schedule with the same Idempotency-Key.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse(
      '`invalid_transition`: the post is not approved (or already scheduled); `publishing_endpoint_required`: no account of the channel is connected and the workspace has no publishing endpoint; `connection_required`: the account needs reconnecting.',
    ),
  },
});

const cancelRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/cancel',
  operationId: 'cancelScheduledPost',
  tags: ['Schedule'],
  summary: 'Take a scheduled post off the schedule',
  description: `The post goes back to \`approved\`. ${sessionRule}`,
  access: { scopes: ['post:schedule'], entitlement: workspaceUse },
  middleware: [requireRecentTwoFactorSignIn()],
  request: { params: idParam('postId', 'pst') },
  responses: {
    200: jsonResponse(z.object({ postId: z.string(), status: z.literal('approved') }).openapi('CancelledPost'), 'Cancelled.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse('`invalid_transition`: the post is not scheduled (already cancelled, publishing or published).'),
  },
});

const retryRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/retry',
  operationId: 'retryFailedPost',
  tags: ['Schedule'],
  summary: 'Put a failed post back on the schedule',
  description: `A post whose delivery failed (after its retries, or on an answer that retrying cannot fix) is scheduled again with a new delivery, at \`publishAt\` or at once. Its approval still binds its unchanged content. A post whose latest delivery is \`unknown\` (the network may have published it) cannot be retried: a new delivery could post it twice, so the answer is 409 \`invalid_transition\` with \`deliveryStatus: "unknown"\`, nothing changes, and the hint names \`POST /api/v1/posts/{postId}/delivery-outcome\`, where a person says whether it went out (\`not_published\` tries the same delivery again). ${sessionRule}`,
  access: { scopes: ['post:schedule'], entitlement: workspaceUse },
  middleware: [requireRecentTwoFactorSignIn()],
  request: {
    params: idParam('postId', 'pst'),
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({ publishAt: z.string().datetime({ offset: true }).optional() })
            .strict()
            .openapi('RetryInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(scheduledPostSchema, 'Scheduled again.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse(
      '`invalid_transition`: the post has not failed, or its latest delivery is `unknown` (settle it with `POST /api/v1/posts/{postId}/delivery-outcome`); `publishing_endpoint_required`: no account of the channel is connected and no publishing endpoint is set; `connection_required`: the account needs reconnecting.',
    ),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/schedule',
  operationId: 'listSchedule',
  tags: ['Schedule'],
  summary: 'The publishing schedule',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    query: z.object({
      ...cursorQuery,
      from: z
        .string()
        .datetime({ offset: true })
        .optional()
        .openapi({ description: 'Start of the window; 30 days ago by default, so overdue and recent deliveries show.' }),
      to: z.string().datetime({ offset: true }).optional().openapi({ description: 'End of the window; 30 days from now by default.' }),
      status: z.enum(deliveryStatuses).optional().openapi({
        description:
          'Only deliveries in this state. By default: `pending` (including deliveries waiting for a retry) and `publishing`, and the `failed` or `unknown` delivery of every post still `failed`.',
      }),
    }),
  },
  responses: {
    200: jsonResponse(
      pageSchema(
        z.object({
          deliveryId: z.string(),
          postId: z.string(),
          campaignId: z.string(),
          campaignName: z.string(),
          channel: z.string(),
          copy: z.string(),
          status: z.enum(deliveryStatuses),
          postStatus: z.enum(postStatuses),
          scheduledFor: z.string().datetime(),
          attempts: z.number().int(),
          nextAttemptAt: z
            .string()
            .datetime()
            .nullable()
            .openapi({ description: 'When a delivery that failed an attempt is tried again; null unless it waits for a retry.' }),
          lastError: z.string().nullable().openapi({ description: 'Why the last attempt failed.' }),
          externalUrl: z.string().nullable(),
          connection: z
            .object({
              id: z.string(),
              accountName: z.string(),
              status: z.enum(['connected', 'reconnect_required', 'disconnected']),
              statusReason: z.string().nullable(),
            })
            .nullable()
            .openapi({ description: 'The connected account the post goes out through; null: the publishing endpoint.' }),
          blockedBy: z
            .literal('reconnect_required')
            .nullable()
            .openapi({ description: '`reconnect_required`: its account must be reconnected before it is attempted; null otherwise.' }),
          retryPath: z
            .string()
            .nullable()
            .openapi({ description: 'For a failed post: the path to POST to put it back on the schedule (`retryFailedPost`); null otherwise.' }),
          outcomePath: z.string().nullable().openapi({
            description:
              'For a failed post whose delivery is `unknown` (it may be on the network): the path to POST what a person found on the account (`settleUnknownDelivery`), as it cannot be retried; null otherwise.',
          }),
        }),
        'Schedule',
      ),
      'Soonest first, a page at a time.',
    ),
  },
});

export function registerScheduleRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(scheduleRoute, async (c) => {
    const principal = c.get('principal');
    const postId = c.req.valid('param').postId;
    const body = c.req.valid('json');
    const delivery = await schedulePost(
      c.get('services').db,
      principal.workspaceId,
      actorOf(principal),
      postId,
      new Date(body.publishAt),
      'schedule',
      new Date(),
      body.connectionId,
    );
    return c.json({ postId, status: 'scheduled' as const, delivery: deliveryView(delivery) }, 201);
  });

  app.openapi(retryRoute, async (c) => {
    const principal = c.get('principal');
    const postId = c.req.valid('param').postId;
    const publishAt = c.req.valid('json')?.publishAt;
    const delivery = await schedulePost(
      c.get('services').db,
      principal.workspaceId,
      actorOf(principal),
      postId,
      publishAt ? new Date(publishAt) : new Date(),
      'retry',
    );
    return c.json({ postId, status: 'scheduled' as const, delivery: deliveryView(delivery) }, 201);
  });

  app.openapi(cancelRoute, async (c) => {
    const principal = c.get('principal');
    const postId = c.req.valid('param').postId;
    await cancelPost(c.get('services').db, principal.workspaceId, actorOf(principal), postId);
    return c.json({ postId, status: 'approved' as const }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const now = Date.now();
    const from = query.from ? new Date(query.from) : new Date(now - SCHEDULE_WINDOW_MS);
    const to = query.to ? new Date(query.to) : new Date(now + SCHEDULE_WINDOW_MS);
    const rows = await listSchedule(
      c.get('services').db,
      c.get('principal').workspaceId,
      { from, to, status: query.status },
      decodeTimedCursor(query.cursor),
      query.limit,
    );
    return c.json(
      timedPage(rows, query.limit, (row) => ({ at: new Date(row.scheduledFor), id: row.deliveryId })),
      200,
    );
  });
}
