import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import { launchConfigSchema } from '../config';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { deliveryView } from '../services/deliveries';
import { settleUnknownDelivery } from '../services/delivery-outcomes';
import { deliverySchema, idParam } from './schemas';

const outcomeInput = z
  .discriminatedUnion('outcome', [
    z
      .object({
        outcome: z.literal('published'),
        url: z.string().min(1).max(2048).openapi({
          example: 'https://x.com/launch/status/1861234567890123456',
          description:
            "The post's page: https, on the network's host (x.com or twitter.com, linkedin.com, threads.net or threads.com, Bluesky's app, the Mastodon account's instance); any https page for the publishing endpoint.",
        }),
      })
      .strict(),
    z
      .object({
        outcome: z.literal('not_published'),
        publishAt: z
          .string()
          .datetime({ offset: true })
          .optional()
          .openapi({ description: 'When to try again (between now and a year ahead); at once without it.' }),
      })
      .strict(),
  ])
  .openapi('DeliveryOutcomeInput');

const settledSchema = z.object({ postId: z.string(), status: z.enum(['published', 'scheduled']), delivery: deliverySchema }).openapi('SettledDelivery');

const settleRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/delivery-outcome',
  operationId: 'settleUnknownDelivery',
  tags: ['Schedule'],
  summary: 'Say whether a delivery whose outcome is unknown went out',
  description:
    "When the publisher cannot tell whether the network published a post (its answer was lost and the account cannot be read back, as on LinkedIn), the delivery is `unknown` and the post `failed`. A person who looked at the account settles it: `published` with the post's URL (the post becomes `published`, the URL kept on the delivery), or `not_published` (the same delivery is tried again, at once or at `publishAt`; on Bluesky and Mastodon its record key and Idempotency-Key still guard against a second post). Only the post's latest delivery, and only while it is `unknown` (409 otherwise). In the audit trail as `confirm_published` or `confirm_not_published`. With an API key it needs `post:schedule`; as a person, a role with `post:schedule` (owners and admins) and a sign-in under 15 minutes old with two-factor authentication.",
  access: { scopes: ['post:schedule'], entitlement: workspaceUse },
  middleware: [requireRecentTwoFactorSignIn()],
  request: {
    params: idParam('postId', 'pst'),
    body: { required: true, content: { 'application/json': { schema: outcomeInput } } },
  },
  responses: {
    200: jsonResponse(settledSchema, 'Settled: published, or back on the schedule.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse(
      "`invalid_transition`: the post's latest delivery is not `unknown`, or (not published) the post changed since it was approved; `connection_required`: its account must be reconnected before it can go out again.",
    ),
  },
});

export function registerDeliveryOutcomeRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(settleRoute, async (c) => {
    const principal = c.get('principal');
    const postId = c.req.valid('param').postId;
    const body = c.req.valid('json');
    const settled = await settleUnknownDelivery(
      c.get('services').db,
      readConfig(launchConfigSchema, c.env).BLUESKY_APP_URL,
      principal.workspaceId,
      actorOf(principal),
      postId,
      body.outcome === 'published' ? body : { outcome: 'not_published', publishAt: body.publishAt ? new Date(body.publishAt) : undefined },
    );
    return c.json({ postId, status: settled.status, delivery: deliveryView(settled.delivery) }, 200);
  });
}
