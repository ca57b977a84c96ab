import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { prefixedId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { consumeQuota, launchQuotaStore, refundQuota } from '../../../shared/limits/quota';
import { defineOperation, workspaceUse } from '../auth/operation';
import { channelNames } from '../domain/channels';
import { campaignStatuses } from '../domain/post-status';
import type { LaunchEnv } from '../env';
import { actorOf, listAudit } from '../services/audit';
import { createCampaign, deleteCampaign, findIdempotentCampaign, getCampaign, listCampaigns, updateCampaign } from '../services/campaigns';
import { requestReview } from '../services/reviews';
import { auditEventSchema, campaignSchema, campaignStatusDescription, idParam, pageSchema, postCountsSchema, visualInput } from './schemas';

const postInput = z
  .object({
    channel: z.enum(channelNames),
    copy: z.string().max(10_000),
    visuals: z.array(visualInput).max(4).optional(),
    variants: z
      .array(z.object({ copy: z.string().max(10_000), visuals: z.array(visualInput).max(4).optional() }).strict())
      .max(5)
      .optional(),
  })
  .strict()
  .openapi('PostInput');

const campaignInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    objective: z.string().trim().min(1).max(2000),
    releaseId: prefixedId('rel').optional().openapi({ description: 'The release this campaign launches.' }),
    posts: z.array(postInput).min(1).max(50).openapi({ description: 'Every post (and variant) is created as `draft`.' }),
  })
  .strict()
  .openapi('CampaignInput');

const campaignChange = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    objective: z.string().trim().min(1).max(2000).optional(),
    releaseId: prefixedId('rel').nullable().optional().openapi({ description: 'Another release of this workspace, or null for none.' }),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one field to change.' })
  .openapi('CampaignUpdate');

const lockRule =
  'Refused with 409 `locked_by_post` (naming `postId`) while one of its posts is `approved`, `scheduled` or `publishing`: cancel it, or edit it back to draft, first. Recorded in the audit trail, which stays readable after a deletion.';

const campaignParams = idParam('campaignId', 'cmp');
const campaignEntitlement = { ...workspaceUse, quota: 'campaigns' };

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/campaigns',
  operationId: 'createCampaign',
  tags: ['Campaigns'],
  summary: 'Create a draft campaign with its posts',
  description: 'Each post is checked against its channel (400 `channel_limit_exceeded` names the channel, limit and length). Consumes one `campaigns` credit.',
  access: { scopes: ['release:create'], entitlement: campaignEntitlement, idempotency: { operation: 'campaigns.create', replayStatus: 200 } },
  request: { body: { required: true, content: { 'application/json': { schema: campaignInput } } } },
  responses: {
    201: jsonResponse(campaignSchema, 'Created; every post is a draft.'),
    200: jsonResponse(campaignSchema, 'A replay of an earlier create with the same Idempotency-Key; nothing new was created.'),
    404: errorResponse('`releaseId` names no release of this workspace.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/campaigns',
  operationId: 'listCampaigns',
  tags: ['Campaigns'],
  summary: 'List campaigns, newest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { query: z.object(cursorQuery) },
  responses: {
    200: jsonResponse(
      pageSchema(
        z.object({
          id: z.string(),
          name: z.string(),
          objective: z.string(),
          releaseId: z.string().nullable(),
          status: z.enum(campaignStatuses).openapi({ description: campaignStatusDescription }),
          postCounts: postCountsSchema,
          createdAt: z.string().datetime(),
        }),
        'CampaignList',
      ),
      'A page of campaigns.',
    ),
  },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/campaigns/{campaignId}',
  operationId: 'getCampaign',
  tags: ['Campaigns'],
  summary: 'Read a campaign with its posts, variants, visuals and deliveries',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: campaignParams },
  responses: { 200: jsonResponse(campaignSchema, 'The campaign.'), 404: errorResponse('No such campaign in this workspace.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/campaigns/{campaignId}',
  operationId: 'updateCampaign',
  tags: ['Campaigns'],
  summary: "Correct a campaign's name, objective or release",
  description: `Changes only the fields sent; posts are edited with PATCH /api/v1/posts/{postId}. ${lockRule}`,
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: { params: campaignParams, body: { required: true, content: { 'application/json': { schema: campaignChange } } } },
  responses: {
    200: jsonResponse(campaignSchema, 'The campaign as it is now.'),
    404: errorResponse('No such campaign (or `releaseId` names no release) in this workspace.'),
    409: errorResponse('`locked_by_post`: one of its posts is approved, scheduled or publishing.'),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/campaigns/{campaignId}',
  operationId: 'deleteCampaign',
  tags: ['Campaigns'],
  summary: 'Delete a campaign with its posts',
  description: `Its posts, variants, visuals, decisions and deliveries go with it; the \`campaigns\` credit is not returned. ${lockRule}`,
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: { params: campaignParams },
  responses: {
    204: { description: 'Deleted.' },
    404: errorResponse('No such campaign in this workspace.'),
    409: errorResponse('`locked_by_post`: one of its posts is approved, scheduled or publishing.'),
  },
});

const reviewRequestRoute = defineOperation({
  method: 'post',
  path: '/api/v1/campaigns/{campaignId}/review-requests',
  operationId: 'createReviewRequest',
  tags: ['Reviews'],
  summary: "Submit the campaign's drafts for review",
  description: 'Moves every `draft` and `changes_requested` post to `in_review`. Approvers then decide in the app (sessions only).',
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: {
    params: campaignParams,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({ note: z.string().max(2000).optional() })
            .strict()
            .openapi('ReviewRequestInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      z.object({ id: z.string(), campaignId: z.string(), postIds: z.array(z.string()), note: z.string().nullable() }).openapi('ReviewRequest'),
      'Submitted.',
    ),
    404: errorResponse('No such campaign in this workspace.'),
    409: errorResponse('`invalid_transition`: nothing to submit (no drafts).'),
  },
});

const auditRoute = defineOperation({
  method: 'get',
  path: '/api/v1/campaigns/{campaignId}/audit',
  operationId: 'listCampaignAudit',
  tags: ['Campaigns'],
  summary: 'Every change of the campaign and its posts: who, when, from, to and the note given',
  description: 'Oldest first. The trail outlives the campaign: it stays readable after a deletion.',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: campaignParams, query: z.object(cursorQuery) },
  responses: {
    200: jsonResponse(pageSchema(auditEventSchema, 'AuditTrail'), 'Oldest first.'),
    404: errorResponse('No such campaign in this workspace.'),
  },
});

/**
 * A campaign create (typed, or drafted from a brief) charged once against the workspace's
 * campaigns quota: a create that committed but whose answer was lost is found by its
 * Idempotency-Key and answered as a replay before any quota is taken; a create that fails gives
 * its unit back.
 */
export async function createCampaignCharged(
  c: Context<LaunchEnv>,
  create: (request: IdempotentRequest | undefined) => Promise<Campaign>,
): Promise<{ campaign: Campaign; replayed: boolean }> {
  const { db } = c.get('services');
  const principal = c.get('principal');
  const request = c.get('idempotency');
  const earlier = request && (await findIdempotentCampaign(db, principal.workspaceId, request));
  if (earlier) return { campaign: await getCampaign(db, principal.workspaceId, earlier), replayed: true };
  const use = {
    ownerId: principal.workspaceId,
    quota: 'campaigns',
    amount: 1,
    entitlement: c.get('entitlement'),
    requestId: c.get('requestId'),
    apiKeyId: principal.kind === 'key' ? principal.keyId : null,
  };
  await consumeQuota(db, launchQuotaStore, use);
  try {
    return { campaign: await create(request), replayed: false };
  } catch (error) {
    await refundQuota(db, launchQuotaStore, use);
    throw error;
  }
}

type Campaign = Awaited<ReturnType<typeof getCampaign>>;

export function registerCampaignRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(createRoute, async (c) => {
    const { db } = c.get('services');
    const principal = c.get('principal');
    const made = await createCampaignCharged(c, (request) => createCampaign(db, principal.workspaceId, actorOf(principal), c.req.valid('json'), request));
    return c.json(made.campaign, made.replayed ? 200 : 201);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await listCampaigns(c.get('services').db, c.get('principal').workspaceId, decodeCursor(query.cursor), query.limit);
    return c.json(page(rows, query.limit), 200);
  });

  app.openapi(getRoute, async (c) => c.json(await getCampaign(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').campaignId), 200));

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await updateCampaign(
      c.get('services').db,
      principal.workspaceId,
      actorOf(principal),
      c.req.valid('param').campaignId,
      c.req.valid('json'),
    );
    return c.json(campaign, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const principal = c.get('principal');
    await deleteCampaign(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').campaignId);
    return c.body(null, 204);
  });

  app.openapi(reviewRequestRoute, async (c) => {
    const principal = c.get('principal');
    const body = c.req.header('content-type') ? c.req.valid('json') : {};
    const request = await requestReview(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').campaignId, body.note);
    return c.json(request, 201);
  });

  app.openapi(auditRoute, async (c) => {
    const { db } = c.get('services');
    const workspaceId = c.get('principal').workspaceId;
    const campaignId = c.req.valid('param').campaignId;
    const query = c.req.valid('query');
    const rows = await listAudit(db, workspaceId, { campaignId }, decodeCursor(query.cursor), query.limit);
    // Every campaign records its creation, so no event at all means no such campaign, ever.
    if (rows.length === 0 && !query.cursor) await getCampaign(db, workspaceId, campaignId);
    return c.json(page(rows, query.limit), 200);
  });
}
