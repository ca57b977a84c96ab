import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { actorId } from '../../../shared/auth/principal';
import { assertGrantableScopes } from '../../../shared/http/declared-access';
import { pathParams, uuidId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey, updateApiKey } from '../account/api-keys';
import { apiKeySchema, apiKeyView, grantableNote, keyNameField, keyScopesField } from '../auth/api-key-views';

const createdKeySchema = apiKeySchema
  .extend({ secret: z.string().openapi({ description: 'The key itself. Shown only in this response; store it now.' }) })
  .openapi('CreatedApiKey');

const keyIdParams = pathParams({ key_id: uuidId() });
const access = { scopes: ['admin'] } as const;
const notFound = errorResponse('No such key in this workspace.');

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/me/api-keys',
  operationId: 'v1_list_tenant_api_keys',
  tags: ['Account'],
  summary: "List the workspace's API keys (never their secrets)",
  access,
  responses: { 200: jsonResponse(z.object({ api_keys: z.array(apiKeySchema) }), 'Keys, newest first.') },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/me/api-keys',
  operationId: 'v1_create_tenant_api_key',
  tags: ['Account'],
  summary: 'Create an API key; its secret is shown once',
  access,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: keyNameField,
              scopes: keyScopesField.openapi({ description: grantableNote }),
              expires_at: z.string().datetime().optional().openapi({ description: 'When the key stops working; never by default.' }),
            })
            .strict()
            .openapi('CreateApiKeyRequest'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(createdKeySchema, 'The new key, with its secret.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/me/api-keys/{key_id}',
  operationId: 'getTenantApiKey',
  tags: ['Account'],
  summary: 'Read one API key',
  access,
  request: { params: keyIdParams },
  responses: { 200: jsonResponse(apiKeySchema, 'Key details.'), 404: notFound },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/v1/me/api-keys/{key_id}',
  operationId: 'v1_update_tenant_api_key',
  tags: ['Account'],
  summary: "Rename a key or change its scopes (effective at the key's next request)",
  access,
  request: {
    params: keyIdParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: keyNameField.optional(),
              scopes: keyScopesField.optional().openapi({ description: grantableNote }),
            })
            .strict()
            .refine((body) => body.name !== undefined || body.scopes !== undefined, { message: 'Send name or scopes.' })
            .openapi('UpdateApiKeyRequest'),
        },
      },
    },
  },
  responses: { 200: jsonResponse(apiKeySchema, 'The updated key.'), 404: notFound, 409: errorResponse('The key is revoked.') },
});

const revokeRoute = defineOperation({
  method: 'delete',
  path: '/v1/me/api-keys/{key_id}',
  operationId: 'v1_revoke_tenant_api_key',
  tags: ['Account'],
  summary: 'Revoke a key, effective immediately',
  access,
  request: { params: keyIdParams },
  responses: { 200: jsonResponse(apiKeySchema, 'The revoked key.'), 404: notFound, 409: errorResponse('The key was already revoked.') },
});

export function registerApiKeyRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(listRoute, async (c) => {
    const keys = await listApiKeys(c.get('services').db, c.get('principal').workspaceId);
    return c.json({ api_keys: keys.map((key) => apiKeyView(key)) }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    assertGrantableScopes(app, body.scopes);
    const principal = c.get('principal');
    const key = await createApiKey(c.get('services').db, {
      tenantId: principal.workspaceId,
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
      createdBy: actorId(principal),
    });
    return c.json({ ...apiKeyView(key), secret: key.secret }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const key = await getApiKey(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').key_id);
    return c.json(apiKeyView(key), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    assertGrantableScopes(app, body.scopes);
    const key = await updateApiKey(c.env, c.get('services').db, {
      tenantId: c.get('principal').workspaceId,
      keyId: c.req.valid('param').key_id,
      name: body.name,
      scopes: body.scopes,
    });
    return c.json(apiKeyView(key), 200);
  });

  app.openapi(revokeRoute, async (c) => {
    const key = await revokeApiKey(c.env, c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').key_id);
    return c.json(apiKeyView(key), 200);
  });
}
