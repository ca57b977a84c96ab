import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeTimedCursor, timedPage } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { postStatuses } from '../domain/post-status';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { decide, reviewQueue } from '../services/reviews';
import { decisionSchema, idParam, pageSchema } from './schemas';

const queueRoute = defineOperation({
  method: 'get',
  path: '/api/v1/review-queue',
  operationId: 'listReviewQueue',
  tags: ['Reviews'],
  summary: 'Posts waiting for a decision, oldest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { query: z.object(cursorQuery) },
  responses: {
    200: jsonResponse(
      pageSchema(
        z.object({
          postId: z.string(),
          campaignId: z.string(),
          campaignName: z.string(),
          release: z
            .object({ id: z.string(), version: z.string(), title: z.string() })
            .nullable()
            .openapi({ description: "The campaign's release; null for a campaign made without one." }),
          channel: z.string(),
          copy: z.string(),
          variantOf: z.string().nullable(),
          contentFingerprint: z.string(),
          submittedAt: z.string().datetime(),
          lastDecision: decisionSchema
            .nullable()
            .openapi({ description: 'The decision that sent the post back, with its note, when it is in review again; null on a first review.' }),
        }),
        'ReviewQueue',
      ),
      'The queue.',
    ),
  },
});

const decisionRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/decisions',
  operationId: 'decidePost',
  tags: ['Reviews'],
  summary: 'Approve, reject or request changes on a post in review',
  description:
    'Sessions only: every API key gets 403 whatever its scopes. Needs a role with `review:decide` (owner, admin, reviewer). Send the `contentFingerprint` you reviewed to be sure the approval binds to what you saw. Applies only while the post is `in_review`; a repeated or concurrent decision is 409 and changes nothing.',
  access: { scopes: ['review:decide'], sessionOnly: true, entitlement: workspaceUse },
  request: {
    params: idParam('postId', 'pst'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              decision: z.enum(['approve', 'reject', 'request_changes']),
              note: z
                .string()
                .max(2000)
                .optional()
                .openapi({ description: 'What to change, or why: shown on the post and campaign (`lastDecision`, `latestDecision`) and in the audit trail.' }),
              contentFingerprint: z
                .string()
                .regex(/^[0-9a-f]{64}$/)
                .optional(),
            })
            .strict()
            .openapi('PostDecision'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z.object({ postId: z.string(), status: z.enum(postStatuses), decidedBy: z.string(), decision: decisionSchema }).openapi('PostDecisionResult'),
      'Decided; `decision` is what the post and its campaign now show as their latest decision.',
    ),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse('`invalid_transition`: the post is not in review (already decided), or changed since you opened it.'),
  },
});

export function registerReviewRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(queueRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await reviewQueue(c.get('services').db, c.get('principal').workspaceId, decodeTimedCursor(query.cursor), query.limit);
    return c.json(
      timedPage(rows, query.limit, (row) => ({ at: new Date(row.submittedAt), id: row.postId })),
      200,
    );
  });

  app.openapi(decisionRoute, async (c) => {
    const principal = c.get('principal');
    const actor = actorOf(principal);
    const { post, decision } = await decide(c.get('services').db, principal.workspaceId, actor, c.req.valid('param').postId, c.req.valid('json'));
    return c.json({ postId: post.id, status: post.status as (typeof postStatuses)[number], decidedBy: actor.id, decision }, 200);
  });
}
