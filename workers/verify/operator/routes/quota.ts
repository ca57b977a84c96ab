import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../../shared/http/openapi-errors';
import { patchQuotaOverrides, resetQuotaUsage, tenantQuota } from '../admin-quota';
import { operatorActor } from '../auth';
import { defineAdminOperation } from '../operation';
import type { OperatorEnv } from '../principal';
import { tenantNotFound, tenantParams } from './schemas';

const tags = ['Quotas'];
const QUOTA_NAME = /^[a-z][a-z0-9_]{0,63}$/;

const quotaSchema = z
  .object({
    tenant_id: z.string(),
    plan_id: z.string().nullable(),
    period_start: z.string().datetime().nullable(),
    period_end: z.string().datetime().nullable(),
    quotas: z.array(
      z.object({
        quota: z.string().openapi({ description: 'What is metered: `credits` (one per check).' }),
        plan_limit: z.number().int().nullable().openapi({ description: 'The plan’s allowance per period.' }),
        override: z.number().int().nullable().openapi({ description: 'The operator’s allowance, replacing the plan’s; null without one.' }),
        limit: z.number().int().nullable().openapi({ description: 'The allowance in effect (null without a live subscription).' }),
        used: z.number().int(),
        remaining: z.number().int().nullable(),
      }),
    ),
  })
  .openapi('AdminTenantQuota');

const getRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants/{tenant_id}/quota',
  operationId: 'get_tenant_quota',
  tags,
  summary: 'A tenant’s quotas: plan allowance, override, allowance in effect, use this period',
  role: 'support',
  request: { params: tenantParams },
  responses: { 200: jsonResponse(quotaSchema, 'The tenant’s quotas.'), 404: tenantNotFound },
});

const patchRoute = defineAdminOperation({
  method: 'patch',
  path: '/v1/admin/tenants/{tenant_id}/quota',
  operationId: 'update_tenant_quota',
  tags,
  summary: 'Override the plan’s allowance of a quota for one tenant',
  description:
    '`overrides` maps a quota name to the allowance per period that replaces the plan’s, or to null to go back to the plan’s; quotas not named keep theirs. It applies at the tenant’s next request and shows in its GET /v1/me/usage. It outlives plan changes until cleared.',
  role: 'admin',
  request: {
    params: tenantParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              overrides: z
                .record(z.string().regex(QUOTA_NAME, 'must be a quota name such as credits'), z.number().int().min(0).max(2_147_483_647).nullable())
                .refine((overrides) => Object.keys(overrides).length > 0, { message: 'Name at least one quota.' }),
            })
            .strict()
            .openapi('AdminQuotaPatch'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(quotaSchema, 'The quotas after the change.'), 404: tenantNotFound, 409: errorResponse('`conflict`: the tenant is deleted.') },
});

const resetRoute = defineAdminOperation({
  method: 'post',
  path: '/v1/admin/tenants/{tenant_id}/quota/reset',
  operationId: 'reset_tenant_quota',
  tags,
  summary: 'Put this period’s usage back to zero',
  description:
    'Every quota, or only `quota`. The amount given back is written to the usage ledger, so GET /v1/me/usage shows it as a negative entry of today and its totals agree with the counters.',
  role: 'admin',
  request: {
    params: tenantParams,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({ quota: z.string().regex(QUOTA_NAME, 'must be a quota name such as credits').optional() })
            .strict()
            .openapi('AdminQuotaReset'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(quotaSchema, 'The quotas after the reset.'),
    404: tenantNotFound,
    409: errorResponse('`conflict`: the tenant is deleted, or has no live subscription (no period to reset).'),
  },
});

export function registerAdminQuotaRoutes(app: OpenAPIHono<OperatorEnv>): void {
  app.openapi(getRoute, async (c) => c.json(await tenantQuota(c.get('services').db, c.req.valid('param').tenant_id), 200));

  app.openapi(patchRoute, async (c) => {
    const quota = await patchQuotaOverrides(c.env, c.get('services').db, operatorActor(c), c.req.valid('param').tenant_id, c.req.valid('json').overrides);
    return c.json(quota, 200);
  });

  app.openapi(resetRoute, async (c) => {
    // The body is optional: no body resets every quota.
    const body = c.req.header('content-type') ? c.req.valid('json') : {};
    return c.json(await resetQuotaUsage(c.get('services').db, operatorActor(c), c.req.valid('param').tenant_id, body.quota), 200);
  });
}
