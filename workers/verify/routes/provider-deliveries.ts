import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { DELIVERY_PATH } from '../feedback/provider-endpoints';
import { receiveDelivery } from '../feedback/provider-deliveries';
import { readConfig } from '../../../shared/config';
import { verifyConfigSchema } from '../config';

const MAX_DELIVERY_BYTES = 1024 * 1024;

const deliveryRoute = defineOperation({
  method: 'post',
  path: `${DELIVERY_PATH}/{delivery_token}`,
  operationId: 'v1_receive_provider_delivery',
  tags: ['Feedback'],
  summary: "Receiving URL for an email provider's webhooks",
  description: [
    'Public: the delivery token in the path is the credential (and `allowed_ips`, when the endpoint sets them, checked against `CF-Connecting-IP`). Give this URL to the provider as its webhook URL; the body is the provider’s own payload, unchanged (see POST /v1/provider-endpoints for the formats).',
    'Each event that is an outcome is recorded (GET /v1/outcomes), with the suppression the workspace policy makes; opens, clicks and the like are accepted and ignored. A delivery of an event the endpoint already recorded (the provider retries, or a request is replayed) records nothing: `duplicates` counts it. Mailgun and signed SendGrid deliveries whose signed timestamp is more than 5 minutes from now are refused (401).',
    'Mailgun signs its `timestamp` and `token`, not `event-data`, so each token is good for one delivery: a second delivery under a token this endpoint took (a copy of a captured request, with its event data altered or not) is refused with 401 `unauthorized` (the envelope `{code, message, hint}`, the message saying its token was used by an earlier delivery) and records nothing; of concurrent deliveries under one token, one is taken. The token is claimed in the transaction that records the delivery’s outcomes, so a delivery that failed (5xx) leaves it unclaimed. Tokens are kept an hour past their 5-minute window, then forgotten by the hourly retention run.',
    'Amazon SES (through an SNS topic subscribed to this URL over HTTPS, raw message delivery off): every message’s SNS signature is verified (SignatureVersion 1, SHA1withRSA, or 2, SHA256withRSA) with the certificate at its `SigningCertURL`, fetched only from `https://sns.<region>.amazonaws.com`; a SubscriptionConfirmation is confirmed by visiting its `SubscribeURL` (also only on an SNS host) and answers `sns_subscription: confirmed`.',
  ].join('\n\n'),
  access: 'public',
  request: {
    params: z.object({
      delivery_token: z
        .string()
        .min(1)
        .max(200)
        .openapi({ param: { name: 'delivery_token', in: 'path' } }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          received: z.number().int().openapi({ description: 'Events in the delivery.' }),
          recorded: z.number().int().openapi({ description: 'Outcomes recorded.' }),
          duplicates: z.number().int().openapi({ description: 'Outcomes this endpoint had already recorded.' }),
          ignored: z.number().int().openapi({ description: 'Events that are not outcomes (opens, clicks), or without a valid address.' }),
          sns_subscription: z.enum(['confirmed', 'unsubscribed']).optional().openapi({
            description: 'Amazon SES endpoints: this delivery was an SNS subscription confirmation (now confirmed with SNS) or an unsubscribe notice.',
          }),
        })
        .openapi('ProviderDeliveryResult'),
      'The delivery was taken.',
    ),
    401: errorResponse(
      '`unauthorized`: unknown delivery token, or a signature that does not hold: wrong key, incomplete, its timestamp outside 5 minutes of now, or (Mailgun) a token an earlier delivery used. Nothing is recorded.',
    ),
    403: errorResponse('The endpoint is paused, or the caller is not in `allowed_ips`.'),
    413: errorResponse('The body is over 1 MiB.'),
    502: errorResponse(
      'Amazon SES endpoints: SNS could not be reached for its signing certificate or to confirm the subscription; nothing was recorded and SNS retries.',
    ),
  },
});

export function registerProviderDeliveryRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(deliveryRoute, async (c) => {
    const tooLarge = () =>
      new ApiError('payload_too_large', 'The body is over 1 MiB.', { hint: 'Send smaller batches.', details: { maxBytes: MAX_DELIVERY_BYTES } });
    // The body is read whole (signatures cover it), so its size is checked before and after.
    if (Number(c.req.header('content-length') ?? 0) > MAX_DELIVERY_BYTES) throw tooLarge();
    const body = await c.req.text();
    if (body.length > MAX_DELIVERY_BYTES) throw tooLarge();
    const result = await receiveDelivery(
      c.get('services').db,
      {
        token: c.req.valid('param').delivery_token,
        clientIp: c.req.header('cf-connecting-ip') ?? null,
        headers: c.req.raw.headers,
        body,
      },
      {
        sns: {
          fetch: (url) => fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) }),
          override: readConfig(verifyConfigSchema, c.env).SNS_ENDPOINT_OVERRIDE,
        },
      },
    );
    return c.json(result, 200);
  });
}
