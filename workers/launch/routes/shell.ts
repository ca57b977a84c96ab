import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { SessionPrincipal } from '../../../shared/auth/principal';
import { launchRoles } from '../../../shared/db/schema';
import { defineOperation } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { describeMe, listOrganizations } from '../services/members';
import { meSchema } from './me';

const organizationSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), role: z.enum(launchRoles) }).openapi('Organization');

const organizationsRoute = defineOperation({
  method: 'get',
  path: '/api/v1/organizations',
  operationId: 'listOrganizations',
  tags: ['Shell'],
  summary: 'The workspaces the signed-in user belongs to, with the role in each',
  access: { sessionOnly: true },
  responses: {
    200: { description: 'Workspaces.', content: { 'application/json': { schema: z.object({ organizations: z.array(organizationSchema) }) } } },
  },
});

const bootstrapRoute = defineOperation({
  method: 'get',
  path: '/api/v1/bootstrap',
  operationId: 'getBootstrap',
  tags: ['Shell'],
  summary: 'Everything the app shell needs at start: user, role, plan and workspaces',
  access: { sessionOnly: true },
  responses: {
    200: {
      description: 'Shell context.',
      content: {
        'application/json': {
          schema: z
            .object({
              me: meSchema,
              plan: z.object({ id: z.string().nullable(), features: z.array(z.string()) }),
              organizations: z.array(organizationSchema),
            })
            .openapi('Bootstrap'),
        },
      },
    },
  },
});

export function registerShellRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(organizationsRoute, async (c) => {
    const principal = c.get('principal') as SessionPrincipal;
    return c.json({ organizations: await listOrganizations(c.get('services').db, principal.userId) }, 200);
  });

  app.openapi(bootstrapRoute, async (c) => {
    const { db } = c.get('services');
    const principal = c.get('principal') as SessionPrincipal;
    const entitlement = c.get('entitlement');
    const [me, organizations] = await Promise.all([describeMe(db, principal), listOrganizations(db, principal.userId)]);
    return c.json({ me, plan: { id: entitlement.planId, features: entitlement.features }, organizations }, 200);
  });
}
