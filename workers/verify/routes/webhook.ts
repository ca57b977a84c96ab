import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { readConfig } from '../../../shared/config';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import type { VerifyEnv } from '../env';
import { readSettings, updateSettings } from '../settings/settings';

const webhookSchema = z
  .object({
    url: z.string().nullable().openapi({ description: 'Where job events are delivered when a job names no webhook of its own.' }),
    signing_secret_set: z.boolean().openapi({ description: 'Deliveries are signed with this secret (HMAC-SHA256) when set.' }),
  })
  .openapi('TenantWebhook');

const access = { scopes: ['settings'] } as const;

const readRoute = defineOperation({
  method: 'get',
  path: '/v1/me/webhook',
  operationId: 'v1_get_tenant_webhook',
  tags: ['Account'],
  summary: "The workspace's default webhook",
  access,
  responses: { 200: jsonResponse(webhookSchema, 'The default webhook.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/v1/me/webhook',
  operationId: 'v1_update_tenant_webhook',
  tags: ['Account'],
  summary: 'Set the default webhook URL and its signing secret',
  access,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              url: z.string().max(2048).optional().openapi({ description: 'An https URL.' }),
              signing_secret: z.string().min(16).max(256).optional().openapi({ description: 'Write-only; at least 16 characters.' }),
            })
            .strict()
            .refine((body) => body.url !== undefined || body.signing_secret !== undefined, { message: 'Send url or signing_secret.' })
            .openapi('TenantWebhookInput'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(webhookSchema, 'The webhook after the change.') },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/me/webhook',
  operationId: 'v1_delete_tenant_webhook',
  tags: ['Account'],
  summary: 'Remove the default webhook and its signing secret',
  access,
  responses: { 200: jsonResponse(webhookSchema, 'No default webhook any more.') },
});

export function registerWebhookRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(readRoute, async (c) => {
    const row = await readSettings(c.get('services').db, c.get('principal').workspaceId);
    return c.json({ url: row?.defaultWebhookUrl ?? null, signing_secret_set: Boolean(row?.webhookSigningSecret) }, 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const url =
      body.url === undefined ? undefined : await requirePublicUrl(body.url, 'url', userUrlPolicy(readConfig(verifyConfigSchema, c.env), { httpsOnly: true }));
    const row = await updateSettings(c.get('services').db, c.get('principal').workspaceId, {
      ...(url && { defaultWebhookUrl: url.toString() }),
      ...(body.signing_secret !== undefined && { webhookSigningSecret: body.signing_secret }),
    });
    return c.json({ url: row.defaultWebhookUrl, signing_secret_set: Boolean(row.webhookSigningSecret) }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await updateSettings(c.get('services').db, c.get('principal').workspaceId, { defaultWebhookUrl: null, webhookSigningSecret: null });
    return c.json({ url: null, signing_secret_set: false }, 200);
  });
}
