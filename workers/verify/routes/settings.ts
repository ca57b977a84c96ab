import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { readConfig } from '../../../shared/config';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { verifyConfigSchema } from '../config';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { policyModes, readSettings, settingDefaults, settingsView, updateSettings, type SettingsChange } from '../settings/settings';

const threshold = z.number().min(0).max(100).nullable();

export const settingsSchema = z
  .object({
    approval_excellent_threshold: z
      .number()
      .openapi({ description: `Safe-to-send percentage at or above which a list is excellent (default ${settingDefaults.approvalExcellentThreshold}).` }),
    approval_good_threshold: z.number().openapi({
      description: `Safe-to-send percentage at or above which a list is good; below the excellent one (default ${settingDefaults.approvalGoodThreshold}).`,
    }),
    default_policy_mode: z.enum(policyModes).openapi({
      description:
        'How cleaned lists treat addresses by default: `strict` keeps only safe ones; `balanced` also keeps risky ones (catch-all, role); `lenient` drops only invalid ones.',
    }),
    default_webhook_url: z.string().nullable().openapi({ description: 'Receives job events when a job names no webhook of its own.' }),
    result_retention_days: z
      .number()
      .int()
      .openapi({
        description: `Days results are kept (default ${settingDefaults.resultRetentionDays}): single checks and address history are deleted after it, bulk task results (CheckEmailOutput) of jobs finished before it are cleared (counts and verdicts stay), and job events are deleted with their webhook delivery rows once no delivery is being retried. Purged hourly.`,
      }),
    webhook_signing_secret_set: z.boolean().openapi({ description: 'Whether a signing secret is set; the secret itself is never returned.' }),
    updated_at: z.string().datetime().nullable(),
  })
  .openapi('TenantSettingsResponse');

const settingsInput = z
  .object({
    approval_excellent_threshold: threshold.optional(),
    approval_good_threshold: threshold.optional(),
    default_policy_mode: z.enum(policyModes).nullable().optional(),
    default_webhook_url: z.string().max(2048).nullable().optional().openapi({ description: 'An https URL; null removes it.' }),
    result_retention_days: z.number().int().min(1).max(3650).nullable().optional(),
    webhook_signing_secret: z.string().min(16).max(256).nullable().optional().openapi({ description: 'Write-only; at least 16 characters.' }),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one setting to change.' })
  .refine((body) => 'approval_excellent_threshold' in body === 'approval_good_threshold' in body, {
    message: 'Set approval_excellent_threshold and approval_good_threshold together.',
    path: ['approval_good_threshold'],
  })
  .openapi('TenantSettingsInput');

const readRoute = defineOperation({
  method: 'get',
  path: '/v1/me/settings',
  operationId: 'v1_get_tenant_settings',
  tags: ['Account'],
  summary: 'Workspace settings, defaults filled in',
  access: { scopes: ['settings'] },
  responses: { 200: jsonResponse(settingsSchema, 'Settings.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/v1/me/settings',
  operationId: 'v1_update_tenant_settings',
  tags: ['Account'],
  summary: 'Change workspace settings; null resets one to its default',
  access: { scopes: ['settings'] },
  request: { body: { required: true, content: { 'application/json': { schema: settingsInput } } } },
  responses: { 200: jsonResponse(settingsSchema, 'The settings after the change.') },
});

export function registerSettingsRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(readRoute, async (c) => c.json(settingsView(await readSettings(c.get('services').db, c.get('principal').workspaceId)), 200));

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const change: SettingsChange = {};
    if ('approval_excellent_threshold' in body) change.approvalExcellentThreshold = body.approval_excellent_threshold ?? null;
    if ('approval_good_threshold' in body) change.approvalGoodThreshold = body.approval_good_threshold ?? null;
    if ('default_policy_mode' in body) change.defaultPolicyMode = body.default_policy_mode ?? null;
    if ('result_retention_days' in body) change.resultRetentionDays = body.result_retention_days ?? null;
    if ('webhook_signing_secret' in body) change.webhookSigningSecret = body.webhook_signing_secret ?? null;
    if ('default_webhook_url' in body) {
      change.defaultWebhookUrl = body.default_webhook_url
        ? (
            await requirePublicUrl(body.default_webhook_url, 'default_webhook_url', userUrlPolicy(readConfig(verifyConfigSchema, c.env), { httpsOnly: true }))
          ).toString()
        : null;
    }
    const row = await updateSettings(c.get('services').db, c.get('principal').workspaceId, change);
    return c.json(settingsView(row), 200);
  });
}
