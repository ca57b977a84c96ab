import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { attachVisual } from '../services/assets';
import { editPost } from '../services/campaigns';
import { campaignSchema, idParam, visualInput } from './schemas';

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/posts/{postId}',
  operationId: 'updatePost',
  tags: ['Posts'],
  summary: "Edit a post's copy or visuals",
  description:
    'Allowed while the post is `draft`, `changes_requested`, `approved` or `rejected`; the post becomes a `draft` again, so an approval never survives a change to what it approved. A post in review or on the schedule cannot be edited (409).',
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: {
    params: idParam('postId', 'pst'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ copy: z.string().max(10_000).optional(), visuals: z.array(visualInput).max(4).optional() })
            .strict()
            .refine((body) => body.copy !== undefined || body.visuals !== undefined, { message: 'Send copy or visuals.' })
            .openapi('PostUpdate'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(campaignSchema, 'The campaign, with the edited post back in draft.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse('`invalid_transition`: the post is in review, scheduled or published.'),
  },
});

const attachVisualRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/visuals',
  operationId: 'attachPostVisual',
  tags: ['Posts'],
  summary: 'Show a ready asset as the next visual of a post',
  description:
    "An edit like `PATCH /api/v1/posts/{postId}`: allowed from the same states, and the post becomes a `draft` again. The post's `contentFingerprint` covers the asset's bytes (its SHA-256), so an approval never carries over to new visuals. At most 4 visuals per post.",
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: {
    params: idParam('postId'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ assetId: z.string().max(64), altText: z.string().trim().min(1).max(1000) })
            .strict()
            .openapi('VisualAttachment'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(campaignSchema, 'The campaign, with the post back in draft showing the asset.'),
    404: errorResponse('No such post, or `assetId` (named in `field`) is not an asset of this workspace.'),
    409: errorResponse('`invalid_transition`: the post is in review or on the schedule, or the asset is not ready.'),
  },
});

export function registerPostRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(attachVisualRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await attachVisual(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').postId, c.req.valid('json'));
    return c.json(campaign, 200);
  });

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await editPost(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').postId, c.req.valid('json'));
    return c.json(campaign, 200);
  });
}
