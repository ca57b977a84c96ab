import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { assertGrantableScopes } from '../../../../shared/http/declared-access';
import { errorResponse, jsonResponse } from '../../../../shared/http/openapi-errors';
import type { VerifyEnv } from '../../env';
import { adminKeySchema, adminKeyView, grantableNote, keyNameField, keyScopesField } from '../../auth/api-key-views';
import { createKeyForTenant, getTenantKey, reactivateTenantKey, revokeTenantKey, searchKeys, updateTenantKey } from '../admin-api-keys';
import { findTenant } from '../admin-tenants';
import { operatorActor } from '../auth';
import { defineAdminOperation } from '../operation';
import type { OperatorEnv } from '../principal';
import { adminPageQuery, pageFields, tenantId, tenantKeyParams, tenantNotFound, tenantParams } from './schemas';

const tags = ['Tenant API keys'];
const keyStatuses = ['active', 'revoked', 'expired'] as const;

const createdKeySchema = adminKeySchema
  .extend({ secret: z.string().openapi({ description: 'The key itself. Shown only in this response: hand it to the tenant now.' }) })
  .openapi('AdminCreatedApiKey');
const keyPage = (description: string) => jsonResponse(z.object({ api_keys: z.array(adminKeySchema), ...pageFields }).openapi('AdminApiKeyPage'), description);
const keyNotFound = errorResponse('No such tenant, or no such key of the tenant.');
const keyQuery = { status: z.enum(keyStatuses).optional(), ...adminPageQuery };

const listAllRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/api-keys',
  operationId: 'list_api_keys',
  tags,
  summary: 'Search API keys across tenants',
  description: '`prefix` finds a key by the start of its secret (as a leaked or pasted key shows it: `vk_Ab12Cd3`); newest first.',
  role: 'support',
  request: {
    query: z.object({
      tenant_id: tenantId().optional(),
      prefix: z
        .string()
        .regex(/^vk_[A-Za-z0-9]{1,64}$/, 'must be the start of a verify key, vk_ then letters and digits')
        .optional(),
      ...keyQuery,
    }),
  },
  responses: { 200: keyPage('A page of keys.') },
});

const listRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants/{tenant_id}/api-keys',
  operationId: 'list_tenant_api_keys',
  tags,
  summary: 'List a tenant’s API keys (never their secrets)',
  role: 'support',
  request: { params: tenantParams, query: z.object(keyQuery) },
  responses: { 200: keyPage('A page of the tenant’s keys, newest first.'), 404: tenantNotFound },
});

const createRoute = defineAdminOperation({
  method: 'post',
  path: '/v1/admin/tenants/{tenant_id}/api-keys',
  operationId: 'create_tenant_api_key',
  tags,
  summary: 'Create an API key for a tenant; its secret is shown once',
  role: 'admin',
  request: {
    params: tenantParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: keyNameField,
              scopes: keyScopesField.openapi({ description: grantableNote }),
              expires_at: z.string().datetime().nullable().default(null).openapi({ description: 'When the key stops working; never by default.' }),
            })
            .strict()
            .openapi('AdminCreateApiKeyRequest'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(createdKeySchema, 'The new key, with its secret.'),
    404: tenantNotFound,
    409: errorResponse('`conflict`: the tenant is deleted.'),
  },
});

const getRoute = defineAdminOperation({
  method: 'get',
  path: '/v1/admin/tenants/{tenant_id}/api-keys/{key_id}',
  operationId: 'get_tenant_api_key',
  tags,
  summary: 'Read one of a tenant’s API keys',
  role: 'support',
  request: { params: tenantKeyParams },
  responses: { 200: jsonResponse(adminKeySchema, 'The key.'), 404: keyNotFound },
});

const updateRoute = defineAdminOperation({
  method: 'patch',
  path: '/v1/admin/tenants/{tenant_id}/api-keys/{key_id}',
  operationId: 'update_tenant_api_key',
  tags,
  summary: 'Rename a key, change its scopes or its expiry',
  description: 'Applies at the key’s next request. `expires_at: null` removes the expiry. A revoked key is 409: reactivate it first.',
  role: 'admin',
  request: {
    params: tenantKeyParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: keyNameField.optional(),
              scopes: keyScopesField.optional().openapi({ description: grantableNote }),
              expires_at: z.string().datetime().nullable().optional(),
            })
            .strict()
            .refine((body) => Object.keys(body).length > 0, { message: 'Send name, scopes or expires_at.' })
            .openapi('AdminUpdateApiKeyRequest'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(adminKeySchema, 'The key after the change.'), 404: keyNotFound, 409: errorResponse('`conflict`: the key is revoked.') },
});

const revokeRoute = defineAdminOperation({
  method: 'delete',
  path: '/v1/admin/tenants/{tenant_id}/api-keys/{key_id}',
  operationId: 'revoke_tenant_api_key',
  tags,
  summary: 'Revoke a key, effective at once',
  description: 'The key is kept, revoked, so it can be reactivated with POST …/reactivate.',
  role: 'admin',
  request: { params: tenantKeyParams },
  responses: {
    200: jsonResponse(adminKeySchema, 'The revoked key.'),
    404: keyNotFound,
    409: errorResponse('`invalid_transition`: the key was already revoked.'),
  },
});

const reactivateRoute = defineAdminOperation({
  method: 'post',
  path: '/v1/admin/tenants/{tenant_id}/api-keys/{key_id}/reactivate',
  operationId: 'reactivate_api_key',
  tags,
  summary: 'Reactivate a revoked key (revoked → active)',
  description:
    'The key works again at its next request, with the name, scopes and expiry it had. An active key is 409 `invalid_transition` and nothing changes; so is a key of a deleted tenant (409 `conflict`).',
  role: 'admin',
  request: { params: tenantKeyParams },
  responses: {
    200: jsonResponse(adminKeySchema, 'The key, active again.'),
    404: keyNotFound,
    409: errorResponse('`invalid_transition`: the key is not revoked; `conflict`: the tenant is deleted.'),
  },
});

/** `publicApp` is the workspace API: a key may hold only the scopes its operations use. */
export function registerAdminApiKeyRoutes(app: OpenAPIHono<OperatorEnv>, publicApp: OpenAPIHono<VerifyEnv>): void {
  app.openapi(listAllRoute, async (c) => {
    const query = c.req.valid('query');
    const { rows, total } = await searchKeys(c.get('services').db, { tenantId: query.tenant_id, ...query });
    return c.json({ api_keys: rows.map(adminKeyView), total, limit: query.limit, offset: query.offset }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const { db } = c.get('services');
    const query = c.req.valid('query');
    const tenant = await findTenant(db, c.req.valid('param').tenant_id);
    const { rows, total } = await searchKeys(db, { tenantId: tenant.id, ...query });
    return c.json({ api_keys: rows.map(adminKeyView), total, limit: query.limit, offset: query.offset }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    assertGrantableScopes(publicApp, body.scopes);
    const { key, secret } = await createKeyForTenant(c.get('services').db, operatorActor(c), {
      tenantId: c.req.valid('param').tenant_id,
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expires_at === null ? null : new Date(body.expires_at),
    });
    return c.json({ ...adminKeyView(key), secret }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const { tenant_id, key_id } = c.req.valid('param');
    return c.json(adminKeyView(await getTenantKey(c.get('services').db, tenant_id, key_id)), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    assertGrantableScopes(publicApp, body.scopes);
    const { tenant_id, key_id } = c.req.valid('param');
    const key = await updateTenantKey(c.env, c.get('services').db, operatorActor(c), {
      tenantId: tenant_id,
      keyId: key_id,
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expires_at === undefined ? undefined : body.expires_at === null ? null : new Date(body.expires_at),
    });
    return c.json(adminKeyView(key), 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const { tenant_id, key_id } = c.req.valid('param');
    return c.json(adminKeyView(await revokeTenantKey(c.env, c.get('services').db, operatorActor(c), tenant_id, key_id)), 200);
  });

  app.openapi(reactivateRoute, async (c) => {
    const { tenant_id, key_id } = c.req.valid('param');
    return c.json(adminKeyView(await reactivateTenantKey(c.env, c.get('services').db, operatorActor(c), tenant_id, key_id)), 200);
  });
}
