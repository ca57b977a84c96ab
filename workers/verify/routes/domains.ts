import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { createDomain, deleteDomain, domainView, getDomain, listDomains, requireDomain, updateDomain } from '../account/domains';

const domainSchema = z
  .object({
    domain: z.string().openapi({ description: 'Lower-case ASCII; internationalised names are stored in punycode.' }),
    is_active: z.boolean(),
    notes: z.string().nullable(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .openapi('TenantDomain');

const domainParams = z.object({
  domain: z
    .string()
    .min(1)
    .max(253)
    .openapi({ param: { name: 'domain', in: 'path' }, example: 'example.com' }),
});
const access = { scopes: ['settings'] } as const;
const notFound = errorResponse('The domain is not registered in this workspace.');
const changeSchema = z.object({ is_active: z.boolean().nullable().optional(), notes: z.string().max(2000).nullable().optional() });

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/me/domains',
  operationId: 'v1_list_tenant_domains',
  tags: ['Account'],
  summary: 'Sending domains of the workspace',
  access,
  responses: { 200: jsonResponse(z.object({ domains: z.array(domainSchema) }), 'Domains, alphabetically.') },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/me/domains',
  operationId: 'v1_create_tenant_domain',
  tags: ['Account'],
  summary: 'Register a sending domain',
  access,
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: changeSchema
            .extend({ domain: z.string().min(1).max(253) })
            .strict()
            .openapi('TenantDomainInput'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(domainSchema, 'The registered domain.'), 409: errorResponse('Already registered.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/v1/me/domains/{domain}',
  operationId: 'v1_get_tenant_domain',
  tags: ['Account'],
  summary: 'Read one sending domain',
  access,
  request: { params: domainParams },
  responses: { 200: jsonResponse(domainSchema, 'The domain.'), 404: notFound },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/v1/me/domains/{domain}',
  operationId: 'v1_update_tenant_domain',
  tags: ['Account'],
  summary: 'Activate, deactivate or annotate a domain',
  access,
  request: { params: domainParams, body: { required: true, content: { 'application/json': { schema: changeSchema.strict().openapi('TenantDomainUpdate') } } } },
  responses: { 200: jsonResponse(domainSchema, 'The updated domain.'), 404: notFound },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/me/domains/{domain}',
  operationId: 'v1_delete_tenant_domain',
  tags: ['Account'],
  summary: 'Remove a sending domain',
  access,
  request: { params: domainParams },
  responses: { 200: jsonResponse(domainSchema, 'The removed domain.'), 404: notFound },
});

export function registerDomainRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(listRoute, async (c) => {
    const rows = await listDomains(c.get('services').db, c.get('principal').workspaceId);
    return c.json({ domains: rows.map(domainView) }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await createDomain(c.get('services').db, c.get('principal').workspaceId, {
      domain: requireDomain(body.domain, 'domain'),
      isActive: body.is_active,
      notes: body.notes,
    });
    return c.json(domainView(row), 201);
  });

  app.openapi(getRoute, async (c) => {
    const row = await getDomain(c.get('services').db, c.get('principal').workspaceId, requireDomain(c.req.valid('param').domain, 'domain'));
    return c.json(domainView(row), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await updateDomain(c.get('services').db, c.get('principal').workspaceId, requireDomain(c.req.valid('param').domain, 'domain'), {
      isActive: body.is_active,
      notes: body.notes,
    });
    return c.json(domainView(row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const row = await deleteDomain(c.get('services').db, c.get('principal').workspaceId, requireDomain(c.req.valid('param').domain, 'domain'));
    return c.json(domainView(row), 200);
  });
}
