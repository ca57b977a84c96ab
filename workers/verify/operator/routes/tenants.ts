import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../../shared/http/openapi-errors';
import {
  adminTenantStatuses,
  adminTenantView,
  adminTenantViews,
  createAdminTenant,
  deleteTenant,
  findTenant,
  replaceTenant,
  searchTenants,
  TENANT_PURGE_AFTER_DAYS,
} from '../admin-tenants';
import { operatorActor } from '../auth';
import { defineAdminOperation } from '../operation';
import type { OperatorEnv } from '../principal';
import { adminPageQuery, pageFields, tenantNotFound, tenantParams } from './schemas';

const tags = ['Tenants'];

const adminTenantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contact_email: z.string().nullable(),
    status: z.enum(adminTenantStatuses).openapi({
      description: '`active`; `suspended`: every key answers 403 `workspace_suspended`; `deleted`: keys revoked, jobs cancelled, purged at `purge_after`.',
    }),
    subscription: z
      .object({
        plan_id: z.string(),
        plan_name: z.string(),
        status: z.string().openapi({ description: 'active | trialing | past_due | canceled' }),
        current_period_start: z.string().datetime(),
        current_period_end: z.string().datetime(),
        canceled_at: z.string().datetime().nullable(),
      })
      .nullable()
      .openapi({ description: 'The live subscription (the highest plan), else the newest one; null without any.' }),
    quota_overrides: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'Allowances that replace the plan’s; see GET /v1/admin/tenants/{tenant_id}/quota.' }),
    api_keys: z.object({ active: z.number().int(), revoked: z.number().int() }),
    jobs: z.object({ total: z.number().int(), open: z.number().int().openapi({ description: 'Queued or running.' }) }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
    deleted_at: z.string().datetime().nullable(),
    purge_after: z.string().datetime().nullable(),
  })
  .openapi('AdminTenant');

const tenantInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    contact_email: z.string().trim().email().max(254).nullable().default(null),
    status: z.enum(['active', 'suspended']).default('active').openapi({ description: 'Deletion is DELETE, not a status to set.' }),
    plan_id: z.string().min(1).max(64).nullable().default(null).openapi({ description: 'A plan id (`free`, `starter`, `pro`, `enterprise`); null for none.' }),
  })
  .strict();

const listRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants',
  operationId: 'list_tenants',
  tags,
  summary: 'Search tenants',
  description:
    '`q` matches a tenant id exactly, or part of the name or contact email (case aside). Deleted tenants show only with `status=deleted`. Oldest first.',
  role: 'support',
  request: {
    query: z.object({
      q: z.string().trim().min(1).max(200).optional(),
      status: z.enum(adminTenantStatuses).optional(),
      ...adminPageQuery,
    }),
  },
  responses: { 200: jsonResponse(z.object({ tenants: z.array(adminTenantSchema), ...pageFields }).openapi('AdminTenantPage'), 'A page of tenants.') },
});

const createRoute = defineAdminOperation({
  method: 'post',
  path: '/v1/admin/tenants',
  operationId: 'create_tenant',
  tags,
  summary: 'Create a tenant, with a subscription to a plan when given',
  description: 'The subscription starts now, in the current calendar month. Create its first key with POST /v1/admin/tenants/{tenant_id}/api-keys.',
  role: 'admin',
  request: { body: { required: true, content: { 'application/json': { schema: tenantInput.openapi('AdminTenantInput') } } } },
  responses: { 201: jsonResponse(adminTenantSchema, 'The new tenant.') },
});

const getRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants/{tenant_id}',
  operationId: 'get_tenant',
  tags,
  summary: 'Read a tenant: status, plan, overrides, key and job counts',
  role: 'support',
  request: { params: tenantParams },
  responses: { 200: jsonResponse(adminTenantSchema, 'The tenant, deleted ones included until purged.'), 404: tenantNotFound },
});

const replaceRoute = defineAdminOperation({
  method: 'put',
  path: '/v1/admin/tenants/{tenant_id}',
  operationId: 'replace_tenant',
  tags,
  summary: 'Replace a tenant’s name, contact, status and plan',
  description:
    'Every field is set (omitted ones take their defaults). `suspended` refuses every key at once; a new `plan_id` takes the live subscription over in place (period and usage stay); `null` cancels it. Keys see the change at their next request.',
  role: 'admin',
  request: { params: tenantParams, body: { required: true, content: { 'application/json': { schema: tenantInput } } } },
  responses: {
    200: jsonResponse(adminTenantSchema, 'The tenant after the change.'),
    404: tenantNotFound,
    409: errorResponse('`conflict`: the tenant is deleted.'),
  },
});

const deleteRoute = defineAdminOperation({
  method: 'delete',
  path: '/v1/admin/tenants/{tenant_id}',
  operationId: 'delete_tenant',
  tags,
  summary: 'Delete a tenant (soft): keys revoked and jobs cancelled now, data purged later',
  description: `The tenant becomes \`deleted\`: every key is revoked at once, queued and running jobs are cancelled (unused credits returned), and the tenant with everything it owns is purged ${TENANT_PURGE_AFTER_DAYS} days later by the hourly retention run. The operator audit trail is kept.`,
  role: 'admin',
  request: { params: tenantParams },
  responses: {
    200: jsonResponse(adminTenantSchema, 'The deleted tenant, with `purge_after`.'),
    404: tenantNotFound,
    409: errorResponse('`conflict`: already deleted.'),
  },
});

export function registerAdminTenantRoutes(app: OpenAPIHono<OperatorEnv>): void {
  app.openapi(listRoute, async (c) => {
    const { db } = c.get('services');
    const query = c.req.valid('query');
    const { rows, total } = await searchTenants(db, query);
    return c.json({ tenants: await adminTenantViews(db, rows), total, limit: query.limit, offset: query.offset }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const { db } = c.get('services');
    const tenant = await createAdminTenant(db, operatorActor(c), c.req.valid('json'));
    return c.json(await adminTenantView(db, tenant), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { db } = c.get('services');
    return c.json(await adminTenantView(db, await findTenant(db, c.req.valid('param').tenant_id)), 200);
  });

  app.openapi(replaceRoute, async (c) => {
    const { db } = c.get('services');
    const tenant = await replaceTenant(c.env, db, operatorActor(c), c.req.valid('param').tenant_id, c.req.valid('json'));
    return c.json(await adminTenantView(db, tenant), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { db } = c.get('services');
    const tenant = await deleteTenant(c.env, db, operatorActor(c), c.req.valid('param').tenant_id);
    return c.json(await adminTenantView(db, tenant), 200);
  });
}
