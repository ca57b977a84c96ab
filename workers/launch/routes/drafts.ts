import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { prefixedId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { channelNames } from '../domain/channels';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import {
  copyDraftToCampaign,
  createDraft,
  deleteDraft,
  draftView,
  findIdempotentDraft,
  getDraft,
  listDrafts,
  listRevisions,
  updateDraft,
} from '../services/drafts';
import { campaignSchema, idParam } from './schemas';

const tags = z.array(z.string().trim().min(1).max(50)).max(20).openapi({ description: 'Up to 20 tags; stored lower-cased, each once.' });
const releaseId = prefixedId('rel');
const campaignId = prefixedId('cmp');

const draftFields = {
  title: z.string().trim().max(200).openapi({ description: 'A working title; the body is what gets copied into a post.' }),
  body: z.string().min(1).max(50_000).openapi({ description: 'Markdown, stored as written.' }),
  channel: z.enum(channelNames).nullable().openapi({ description: 'The channel the draft is meant for, if any.' }),
  releaseId: releaseId.nullable().openapi({ description: 'A release of this workspace the draft is about.' }),
  campaignId: campaignId.nullable().openapi({ description: 'A campaign of this workspace the draft is meant for.' }),
  tags,
};

const draftInput = z
  .object({
    ...draftFields,
    title: draftFields.title.optional(),
    channel: draftFields.channel.optional(),
    releaseId: releaseId.optional(),
    campaignId: campaignId.optional(),
    tags: tags.optional(),
  })
  .strict()
  .openapi('DraftInput');

const draftUpdate = z
  .object({
    title: draftFields.title.optional(),
    body: draftFields.body.optional(),
    channel: draftFields.channel.optional(),
    releaseId: draftFields.releaseId.optional(),
    campaignId: draftFields.campaignId.optional(),
    tags: tags.optional(),
    baseRevision: z.number().int().min(1).optional().openapi({
      description: 'The revision this change was made on; if the draft was saved since, the update is refused with 409 and `currentRevision`.',
    }),
  })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'baseRevision'), { message: 'Send at least one field to change.' })
  .openapi('DraftUpdate');

const draftSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    channel: z.enum(channelNames).nullable(),
    releaseId: z.string().nullable(),
    campaignId: z.string().nullable(),
    tags: z.array(z.string()),
    revision: z.number().int().openapi({ description: 'The latest revision; every save adds one.' }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('Draft');

const revisionSchema = z
  .object({
    revision: z.number().int(),
    title: z.string(),
    body: z.string(),
    channel: z.enum(channelNames).nullable(),
    releaseId: z.string().nullable(),
    campaignId: z.string().nullable(),
    tags: z.array(z.string()),
    createdBy: z.string().openapi({ description: 'The key or user id that saved it.' }),
    createdAt: z.string().datetime(),
  })
  .openapi('DraftRevision');

const draftParams = idParam('draftId', 'drf');
const notFound = errorResponse('No such draft in this workspace.');
const tagsDoc = ['Drafts'];

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/drafts',
  operationId: 'createDraft',
  tags: tagsDoc,
  summary: 'Create a content draft',
  description:
    'Free-form content (title, Markdown body, optional channel, release or campaign, tags), saved as revision 1. A draft never schedules anything: to publish it, copy it into a campaign (`POST /api/v1/drafts/{draftId}/campaign-posts`), where it is reviewed like any post.',
  access: { scopes: ['draft:write'], entitlement: workspaceUse, idempotency: { operation: 'drafts.create', replayStatus: 200 } },
  request: { body: { required: true, content: { 'application/json': { schema: draftInput } } } },
  responses: {
    201: jsonResponse(draftSchema, 'Created.'),
    200: jsonResponse(draftSchema, 'A replay of an earlier create with the same Idempotency-Key; nothing new was created.'),
    404: errorResponse('`releaseId` or `campaignId` (named in `field`) is not one of this workspace.'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/drafts',
  operationId: 'listDrafts',
  tags: tagsDoc,
  summary: 'List and search drafts, newest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    query: z.object({
      ...cursorQuery,
      q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Matches title or body, case-insensitively.' }),
      tag: z.string().trim().min(1).max(50).optional().openapi({ description: 'Only drafts carrying this tag.' }),
      channel: z.enum(channelNames).optional(),
      releaseId: releaseId.optional(),
      campaignId: campaignId.optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ data: z.array(draftSchema), nextCursor: z.string().nullable() }).openapi('DraftList'), 'A page of drafts.'),
  },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/drafts/{draftId}',
  operationId: 'getDraft',
  tags: tagsDoc,
  summary: 'Read a draft at its latest revision',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: draftParams },
  responses: { 200: jsonResponse(draftSchema, 'The draft.'), 404: notFound },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/drafts/{draftId}',
  operationId: 'updateDraft',
  tags: tagsDoc,
  summary: 'Change a draft, saving a new revision',
  description: 'Fields left out keep their value; `null` clears channel, releaseId or campaignId. Every save adds a revision; earlier ones stay listable.',
  access: { scopes: ['draft:write'], entitlement: workspaceUse },
  request: { params: draftParams, body: { required: true, content: { 'application/json': { schema: draftUpdate } } } },
  responses: {
    200: jsonResponse(draftSchema, 'The draft at its new revision.'),
    404: errorResponse('No such draft, or a `releaseId` or `campaignId` (named in `field`) not of this workspace.'),
    409: errorResponse('`conflict`: the draft was saved since `baseRevision`; `currentRevision` says which is latest.'),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/drafts/{draftId}',
  operationId: 'deleteDraft',
  tags: tagsDoc,
  summary: 'Delete a draft and its revisions',
  description: 'Posts already copied from the draft are not affected.',
  access: { scopes: ['draft:write'], entitlement: workspaceUse },
  request: { params: draftParams },
  responses: { 204: { description: 'Deleted.' }, 404: notFound },
});

const revisionsRoute = defineOperation({
  method: 'get',
  path: '/api/v1/drafts/{draftId}/revisions',
  operationId: 'listDraftRevisions',
  tags: tagsDoc,
  summary: "List a draft's revisions, newest first",
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    params: draftParams,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_SIZE)
        .default(DEFAULT_PAGE_SIZE)
        .openapi({ description: `Page size, 1–${MAX_PAGE_SIZE}.` }),
      before: z.coerce.number().int().min(1).optional().openapi({ description: 'The `nextBefore` of the previous page: revisions older than this one.' }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ data: z.array(revisionSchema), nextBefore: z.number().int().nullable() }).openapi('DraftRevisionList'),
      'A page of revisions, each a full copy of the draft as saved.',
    ),
    404: notFound,
  },
});

const copyRoute = defineOperation({
  method: 'post',
  path: '/api/v1/drafts/{draftId}/campaign-posts',
  operationId: 'copyDraftToCampaign',
  tags: tagsDoc,
  summary: 'Copy a draft into a campaign as a new draft post',
  description:
    "The only way forward from a draft: the body becomes a `draft` post of the campaign (on the draft's channel unless `channel` is sent), checked against the channel's length limit. The post then goes through review before anything can be scheduled; the draft is left unchanged. Writing a campaign takes `release:create`.",
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: {
    params: draftParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ campaignId, channel: z.enum(channelNames).optional().openapi({ description: 'Required when the draft has no channel.' }) })
            .strict()
            .openapi('DraftCopyInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      z.object({ postId: z.string(), draftId: z.string(), campaign: campaignSchema }).openapi('DraftCopy'),
      'The new post (status `draft`) and its campaign.',
    ),
    404: errorResponse('No such draft, or `campaignId` names no campaign of this workspace.'),
  },
});

export function registerDraftRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(createRoute, async (c) => {
    const { db } = c.get('services');
    const principal = c.get('principal');
    const request = c.get('idempotency');
    // A create that committed but whose answer was lost: answered as a replay.
    const earlier = request && (await findIdempotentDraft(db, principal.workspaceId, request));
    if (earlier) return c.json(draftView(earlier), 200);
    return c.json(await createDraft(db, principal.workspaceId, actorOf(principal), c.req.valid('json'), request), 201);
  });

  app.openapi(listRoute, async (c) => {
    const { limit, cursor, ...filters } = c.req.valid('query');
    const rows = await listDrafts(c.get('services').db, c.get('principal').workspaceId, filters, decodeCursor(cursor), limit);
    return c.json(page(rows, limit), 200);
  });

  app.openapi(getRoute, async (c) =>
    c.json(draftView(await getDraft(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').draftId)), 200),
  );

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const draft = await updateDraft(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').draftId, c.req.valid('json'));
    return c.json(draft, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteDraft(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').draftId);
    return c.body(null, 204);
  });

  app.openapi(revisionsRoute, async (c) => {
    const { limit, before } = c.req.valid('query');
    return c.json(await listRevisions(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').draftId, before, limit), 200);
  });

  app.openapi(copyRoute, async (c) => {
    const principal = c.get('principal');
    const copy = await copyDraftToCampaign(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').draftId, c.req.valid('json'));
    return c.json(copy, 201);
  });
}
