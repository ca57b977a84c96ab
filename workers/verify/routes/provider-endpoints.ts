import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { endpointStatuses, feedbackProviders } from '../../../shared/db/schema';
import { pathParams, uuidId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { createEndpoint, DELIVERY_PATH, deleteEndpoint, endpointView, listEndpoints, requireAllowedIps, updateEndpoint } from '../feedback/provider-endpoints';

const access = { scopes: ['settings'] } as const;
const notFound = errorResponse('No such provider endpoint in this workspace.');

const endpointSchema = z
  .object({
    id: z.string().uuid(),
    provider: z.enum(feedbackProviders),
    label: z.string().nullable(),
    allowed_ips: z.array(z.string()).nullable().openapi({ description: 'Deliveries from other addresses are refused (403); null lets any address in.' }),
    provider_config: z.record(z.string(), z.unknown()).openapi({ description: 'Signing keys show as `<set>`.' }),
    status: z.enum(endpointStatuses).openapi({ description: '`active` takes deliveries; `paused` refuses them with 403.' }),
    delivery_token_prefix: z.string().openapi({ description: 'The first characters of the delivery token, to tell tokens apart.' }),
    delivery_token: z.string().optional().openapi({ description: 'Shown once: on creation and on rotation.' }),
    delivery_url: z.string().optional().openapi({ description: 'The URL to give the provider (it holds the token); shown with the token.' }),
    last_delivery_at: z.string().datetime().nullable(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .openapi('ProviderEndpointView');

const providerDocs = [
  `Each endpoint has a receiving URL, \`POST ${DELIVERY_PATH}/{delivery_token}\`, to give the provider as its webhook URL. Its events become outcomes (GET /v1/outcomes), and hard bounces and complaints suppress the address by the workspace policy. A delivery the endpoint already recorded (same provider event) is recorded once.`,
  '- `postmark`: Bounce and Spam Complaint webhooks (`RecordType` `Bounce`, `SpamComplaint`, also `Delivery`, `SubscriptionChange`).',
  '- `sendgrid`: the Event Webhook (a JSON array of events). With `provider_config.verification_key` (the public key SendGrid shows when signing is on), the `X-Twilio-Email-Event-Webhook-Signature` is verified.',
  '- `mailgun`: webhooks with `signature` and `event-data`; `provider_config.signing_key` (the HTTP webhook signing key) is required, and a signature older than 5 minutes is refused.',
  '- `ses`: Amazon SES notifications through an Amazon SNS topic: subscribe the receiving URL to the topic (HTTPS, raw message delivery off). The subscription confirmation is answered by itself; each message’s SNS signature (version 1 or 2) is verified with the certificate SNS serves at `https://sns.<region>.amazonaws.com`. `Bounce` notifications with `bounceType` `Permanent` are hard bounces (others soft), `Complaint` complaints (not `not-spam` feedback), `Delivery` deliveries; SES event publishing (`eventType`) is read the same way. Optional `provider_config.topic_arns`: the topics accepted; others are refused (401).',
  '- `generic`: `{"events": [{"email", "type", "occurred_at"?, "message_id"?, "event_id"?}]}` with `type` one of `delivered`, `hard_bounce`, `soft_bounce`, `complaint`, `unsubscribe`; `event_id` makes a repeat land once.',
].join('\n');

const ipList = z.array(z.string().max(64)).max(100);
const config = z.record(z.string(), z.unknown());

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/provider-endpoints',
  operationId: 'v1_create_provider_endpoint',
  tags: ['Feedback'],
  summary: 'Receive bounces and complaints from your email provider',
  description: providerDocs,
  access,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              provider: z.enum(feedbackProviders),
              label: z.string().min(1).max(200),
              allowed_ips: ipList.nullable().optional().openapi({ description: 'Addresses or CIDR ranges, e.g. `50.31.156.6` or `3.134.147.0/24`.' }),
              provider_config: config.optional(),
              status: z.enum(endpointStatuses).optional(),
            })
            .strict()
            .openapi('ProviderEndpointInput'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(endpointSchema, 'The endpoint, with its delivery token and URL (shown once).') },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/provider-endpoints',
  operationId: 'v1_list_provider_endpoints',
  tags: ['Feedback'],
  summary: 'Provider endpoints of the workspace',
  access,
  responses: { 200: jsonResponse(z.object({ provider_endpoints: z.array(endpointSchema) }), 'Endpoints, oldest first, without tokens.') },
});

const endpointParams = pathParams({ endpoint_id: uuidId() });

const updateRoute = defineOperation({
  method: 'patch',
  path: '/v1/provider-endpoints/{endpoint_id}',
  operationId: 'v1_update_provider_endpoint',
  tags: ['Feedback'],
  summary: 'Change an endpoint, or rotate its delivery token',
  description: 'With `rotate_delivery_token: true` the answer holds a new token and URL, once; the old token stops working at once.',
  access,
  request: {
    params: endpointParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              label: z.string().min(1).max(200).nullable().optional(),
              allowed_ips: ipList.nullable().optional(),
              provider_config: config.optional(),
              status: z.enum(endpointStatuses).nullable().optional(),
              rotate_delivery_token: z.boolean().optional(),
            })
            .strict()
            .openapi('ProviderEndpointUpdate'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(endpointSchema, 'The endpoint after the change.'), 404: notFound },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/provider-endpoints/{endpoint_id}',
  operationId: 'v1_delete_provider_endpoint',
  tags: ['Feedback'],
  summary: 'Remove an endpoint; its URL stops working',
  access,
  request: { params: endpointParams },
  responses: { 200: jsonResponse(endpointSchema, 'The removed endpoint.'), 404: notFound },
});

export function registerProviderEndpointRoutes(app: OpenAPIHono<VerifyEnv>): void {
  const origin = (url: string) => new URL(url).origin;

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const { row, token } = await createEndpoint(c.get('services').db, c.get('principal').workspaceId, {
      provider: body.provider,
      label: body.label,
      allowedIps: requireAllowedIps(body.allowed_ips),
      providerConfig: body.provider_config,
      status: body.status,
    });
    return c.json(endpointView(row, origin(c.req.url), token), 201);
  });

  app.openapi(listRoute, async (c) => {
    const rows = await listEndpoints(c.get('services').db, c.get('principal').workspaceId);
    return c.json({ provider_endpoints: rows.map((row) => endpointView(row, origin(c.req.url))) }, 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const { row, token } = await updateEndpoint(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').endpoint_id, {
      label: body.label,
      allowedIps: requireAllowedIps(body.allowed_ips),
      providerConfig: body.provider_config,
      status: body.status,
      rotate: body.rotate_delivery_token,
    });
    return c.json(endpointView(row, origin(c.req.url), token), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const row = await deleteEndpoint(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').endpoint_id);
    return c.json(endpointView(row, origin(c.req.url)), 200);
  });
}
