import type { OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { editProfile, readProfile } from '../services/profile-edits';
import { productProfileChange, productProfileView } from './profile-schemas';

const tags = ['Onboarding'];

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/product-profile',
  operationId: 'getProductProfile',
  tags,
  summary: "Read the workspace's product profile",
  description:
    'What the workspace knows about its product, built by onboarding runs and edited by people; the brief and the visuals read it. Before anything was written every field is empty and `updatedAt` is null.',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  responses: { 200: jsonResponse(productProfileView, 'The profile.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/product-profile',
  operationId: 'updateProductProfile',
  tags,
  summary: 'Edit the product profile',
  description:
    'Changes the fields sent and keeps the others; `null` or an empty list clears a field. A later onboarding run fills only fields that are empty unless it is started with `overwrite: true`, so edits survive a new crawl. Colours are stored lower-case.',
  access: { scopes: ['onboarding:run'], entitlement: workspaceUse },
  request: { body: { required: true, content: { 'application/json': { schema: productProfileChange } } } },
  responses: { 200: jsonResponse(productProfileView, 'The profile as it is now.') },
});

export function registerProductProfileRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(getRoute, async (c) => c.json(await readProfile(c.get('services').db, c.get('principal').workspaceId), 200));

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    return c.json(await editProfile(c.get('services').db, principal.workspaceId, actorOf(principal).id, c.req.valid('json')), 200);
  });
}
