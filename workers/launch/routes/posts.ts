import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
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

export function registerPostRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await editPost(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').postId, c.req.valid('json'));
    return c.json(campaign, 200);
  });
}
