import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { launchScopes } from '../../../shared/auth/scopes';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { requireRecentTwoFactorSignIn } from '../auth/recent-sign-in';
import type { LaunchEnv } from '../env';
import { apiKeyView, createApiKey, getApiKey, listApiKeys, refuseIdempotentApiKey, revokeApiKey, scopeOptions } from '../services/api-keys';
import { memberActor } from '../services/members';
import { idParam, pageSchema } from './schemas';

const apiKeySchema = z
  .object({
    id: z.string().openapi({ example: 'key_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the secret (`lk_…`), to recognise it.' }),
    scopes: z.array(z.enum(launchScopes)),
    status: z.enum(['active', 'revoked', 'expired']),
    createdBy: z.string().nullable().openapi({ description: 'The user who created the key; null for keys made by provisioning.' }),
    createdAt: z.string().datetime(),
    lastUsedAt: z.string().datetime().nullable().openapi({ description: 'When the key gate last read the key (at most once a minute while it is in use).' }),
    expiresAt: z.string().datetime().nullable(),
    revokedAt: z.string().datetime().nullable(),
  })
  .openapi('LaunchApiKey');

const createdKeySchema = apiKeySchema
  .extend({ secret: z.string().openapi({ description: 'The key itself, for `X-API-Key`. Shown only in this response; store it now.' }) })
  .openapi('CreatedLaunchApiKey');

const scopeOptionSchema = z
  .object({
    scope: z.enum(launchScopes),
    grantable: z.boolean(),
    reason: z
      .enum(['unused', 'role', 'plan'])
      .optional()
      .openapi({ description: 'Why not: no operation uses it yet, your role does not hold it, or the plan lacks every feature its operations need.' }),
    requiredFeatures: z.array(z.string()).optional().openapi({ description: 'With `plan`: the plan features that would open it.' }),
  })
  .openapi('ScopeOption');

const grantRule =
  "A key may carry only scopes that some operation requires, that your role holds (a key never outranks the person who makes it), and that the workspace's plan opens; anything else is 400 `validation_failed` naming `scopes.<i>` with `reason` and `grantable`. `GET /api/v1/api-keys/scopes` lists them.";
const manage = { scopes: ['keys:manage'], sessionOnly: true } as const;
const notFound = errorResponse('No such key in this workspace.');

const scopesRoute = defineOperation({
  method: 'get',
  path: '/api/v1/api-keys/scopes',
  operationId: 'listGrantableScopes',
  tags: ['API keys'],
  summary: 'Every scope, with whether you may put it on a new key here and why not',
  access: manage,
  responses: { 200: jsonResponse(z.object({ data: z.array(scopeOptionSchema) }).openapi('ScopeOptions'), 'Every launch scope.') },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/api-keys',
  operationId: 'listApiKeys',
  tags: ['API keys'],
  summary: "The workspace's API keys, newest first (never their secrets)",
  description: 'Revoked and expired keys stay listed with their status. Keys never manage keys: API keys are refused here.',
  access: manage,
  request: { query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(apiKeySchema, 'LaunchApiKeyList'), 'A page of keys.') },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/api-keys',
  operationId: 'createApiKey',
  tags: ['API keys'],
  summary: 'Create an API key; its secret is shown once',
  description: [
    `Only the SHA-256 of the secret is stored. ${grantRule}`,
    'Needs a sign-in under 15 minutes old with two-factor authentication (403 `reauthentication_required`).',
    'A replay of the same `Idempotency-Key` and body within 24 hours answers the first response again, secret included, so a client that lost the response is not left with a key it cannot use; concurrent duplicates create one key.',
    'Only when that first response was never stored (the database went away after the key was made, before the answer was complete) is the secret gone: only its hash exists, and it is never shown twice. The retry then answers 409 `conflict` naming the key in `keyId`, rather than making a second key; revoke that key and create another under a new `Idempotency-Key`.',
  ].join('\n\n'),
  access: { ...manage, entitlement: workspaceUse, idempotency: { operation: 'api-keys.create', replayStatus: 200 } },
  guards: [requireRecentTwoFactorSignIn()],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: z.string().trim().min(1).max(100),
              scopes: z.array(z.enum(launchScopes)).min(1).max(launchScopes.length).openapi({ description: grantRule }),
              expiresAt: z
                .string()
                .datetime({ offset: true })
                .optional()
                .openapi({ description: 'When the key stops working (in the future); never by default.' }),
            })
            .strict()
            .openapi('LaunchApiKeyInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(createdKeySchema, 'The new key, with its secret.'),
    200: jsonResponse(createdKeySchema, 'A replay of an earlier create with the same Idempotency-Key.'),
    409: errorResponse('`conflict`: this Idempotency-Key made a key whose answer was lost; `keyId` names it, its secret cannot be shown again.'),
  },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/api-keys/{keyId}',
  operationId: 'getApiKey',
  tags: ['API keys'],
  summary: 'Read one API key',
  access: manage,
  request: { params: idParam('keyId', 'key') },
  responses: { 200: jsonResponse(apiKeySchema, 'The key.'), 404: notFound },
});

const revokeRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/api-keys/{keyId}',
  operationId: 'revokeApiKey',
  tags: ['API keys'],
  summary: 'Revoke a key, effective on its next request',
  description:
    'The key gate caches a key for up to a minute; revoking tells it to forget this one, so the very next request with the key is 401. Taking power away needs no fresh sign-in, so a leaked key can be stopped at once.',
  access: manage,
  request: { params: idParam('keyId', 'key') },
  responses: { 200: jsonResponse(apiKeySchema, 'The revoked key.'), 404: notFound, 409: errorResponse('The key was already revoked.') },
});

export function registerApiKeyRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(scopesRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    return c.json({ data: scopeOptions(app, c.get('entitlement'), actor.role) as z.infer<typeof scopeOptionSchema>[] }, 200);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listApiKeys(c.get('services').db, c.get('principal').workspaceId, { after: decodeCursor(query.cursor), limit: query.limit }), 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const actor = memberActor(c.get('principal'));
    const request = c.get('idempotency');
    if (request) await refuseIdempotentApiKey(c.get('services').db, actor.workspaceId, request);
    const key = await createApiKey(
      c.get('services').db,
      actor,
      { name: body.name, scopes: body.scopes, expiresAt: body.expiresAt ? new Date(body.expiresAt) : undefined },
      scopeOptions(app, c.get('entitlement'), actor.role),
      request,
    );
    return c.json(key, 201);
  });

  app.openapi(getRoute, async (c) =>
    c.json(apiKeyView(await getApiKey(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').keyId)), 200),
  );

  app.openapi(revokeRoute, async (c) =>
    c.json(await revokeApiKey(c.env, c.get('services').db, memberActor(c.get('principal')), c.req.valid('param').keyId), 200),
  );
}
