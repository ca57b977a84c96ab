import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { SIGNATURE_HEADER } from '../../../shared/webhooks/signature';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import type { LaunchEnv } from '../env';
import { getPublishingEndpoint, setPublishingEndpoint } from '../services/publishing-endpoint';

const endpointSchema = z
  .object({
    url: z.string().nullable(),
    secretSet: z.boolean(),
    signatureHeader: z
      .literal(SIGNATURE_HEADER)
      .openapi({ description: 'Where each delivery carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.' }),
  })
  .openapi('PublishingEndpoint');

const access = { scopes: ['workspace:manage'], sessionOnly: true, entitlement: workspaceUse } as const;

const readRoute = defineOperation({
  method: 'get',
  path: '/api/v1/publishing-endpoint',
  operationId: 'getPublishingEndpoint',
  tags: ['Publishing'],
  summary: 'Where scheduled posts are delivered',
  access,
  responses: { 200: jsonResponse(endpointSchema, 'The endpoint, without its secret.') },
});

const updateRoute = defineOperation({
  method: 'put',
  path: '/api/v1/publishing-endpoint',
  operationId: 'setPublishingEndpoint',
  tags: ['Publishing'],
  summary: 'Set the webhook that receives each post when it is due',
  description:
    'Each due post is POSTed as JSON (`type: post.publish`, the post, its visuals, the attempt) with a `Webhook-Signature` header; answer 2xx with `{ "id", "url" }` of the published post. 5xx, 429 and timeouts are retried after 1, 5, 15 and 60 minutes; other answers fail the post. Omit `secret` to have one generated; it is returned only in this response.\n\nWhoever holds the endpoint receives every approved post, so changing it is treated like creating a key: it needs a sign-in under 15 minutes old with two-factor authentication (403 `reauthentication_required`).',
  access,
  guards: [requireRecentTwoFactorSignIn()],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ url: z.string().max(2048), secret: z.string().min(24).max(256).optional() })
            .strict()
            .openapi('PublishingEndpointInput'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(endpointSchema.extend({ secret: z.string().openapi({ description: 'Shown once.' }) }).openapi('PublishingEndpointCreated'), 'Saved.'),
  },
});

export function registerPublishingEndpointRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(readRoute, async (c) =>
    c.json({ ...(await getPublishingEndpoint(c.get('services').db, c.get('principal').workspaceId)), signatureHeader: SIGNATURE_HEADER }, 200),
  );

  app.openapi(updateRoute, async (c) => {
    const saved = await setPublishingEndpoint(c.get('services').db, c.env, c.get('principal').workspaceId, c.req.valid('json'));
    return c.json({ ...saved, secretSet: true, signatureHeader: SIGNATURE_HEADER }, 200);
  });
}
