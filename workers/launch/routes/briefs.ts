import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import { cardFormats } from '../domain/card';
import { channelNames } from '../domain/channels';
import { MAX_BRIEF_NOTES_CHARS } from '../domain/brief/generate';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { briefWriterFor } from '../services/brief-writer';
import { cardDeps } from '../services/cards';
import { createBrief, draftCampaignFromBrief, findIdempotentBrief, getBrief, getBriefMarkdown, getPostSources, listBriefs } from '../services/briefs';
import { briefSchema, postSourcesSchema } from './brief-schemas';
import { createCampaignCharged } from './campaigns';
import { campaignSchema, idParam, pageSchema } from './schemas';

const grounding =
  'Every sentence cites its sources: line ranges of the release notes (with the pull requests, issues, commits and pages those lines link to), or the release or product-profile field it uses. A checker refuses any sentence without a citation, or with a number or name not found in what it cites. Generation is deterministic: the same release and profile make the same brief.';

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/releases/{releaseId}/briefs',
  operationId: 'createBrief',
  tags: ['Briefs'],
  summary: "Make the release's cited brief",
  description: `Reads the notes' structure (headings, bullets, Keep a Changelog sections, Conventional Commit prefixes, references) and the workspace's product profile (name, audience, voice) into a headline, a summary, ranked highlights (every breaking change first, then features, fixes, performance, security), who it matters to and the call to action. ${grounding} Notes that are empty, longer than ${MAX_BRIEF_NOTES_CHARS.toLocaleString('en')} characters, or list only internal work are refused with 422 \`release_not_briefable\` and nothing is stored.`,
  access: { scopes: ['release:create'], entitlement: workspaceUse, idempotency: { operation: 'briefs.create', replayStatus: 200 } },
  request: { params: idParam('releaseId', 'rel') },
  responses: {
    201: jsonResponse(briefSchema, 'Made and stored.'),
    200: jsonResponse(briefSchema, 'A replay of an earlier create with the same Idempotency-Key; nothing new was made.'),
    404: errorResponse('No such release in this workspace.'),
    422: errorResponse('`release_not_briefable`: `reason` says why (`notes_empty`, `notes_too_long`, `nothing_to_cite`).'),
  },
});

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/releases/{releaseId}/briefs',
  operationId: 'listBriefs',
  tags: ['Briefs'],
  summary: 'List the briefs of a release, newest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('releaseId', 'rel'), query: z.object(cursorQuery) },
  responses: { 200: jsonResponse(pageSchema(briefSchema, 'BriefList'), 'A page of briefs.'), 404: errorResponse('No such release in this workspace.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/briefs/{briefId}',
  operationId: 'getBrief',
  tags: ['Briefs'],
  summary: 'Read a brief with its citations',
  description: grounding,
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('briefId', 'brf') },
  responses: { 200: jsonResponse(briefSchema, 'The brief.'), 404: errorResponse('No such brief in this workspace.') },
});

const markdownRoute = defineOperation({
  method: 'get',
  path: '/api/v1/briefs/{briefId}/markdown',
  operationId: 'getBriefMarkdown',
  tags: ['Briefs'],
  summary: 'Read a brief as Markdown with footnotes',
  description:
    'Each sentence is followed by footnote markers; each footnote names the cited lines (quoting the first), with their links, or the release or profile field.',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('briefId', 'brf') },
  responses: {
    200: { description: 'The brief in Markdown.', content: { 'text/markdown': { schema: z.string() } } },
    404: errorResponse('No such brief in this workspace.'),
  },
});

const draftRoute = defineOperation({
  method: 'post',
  path: '/api/v1/briefs/{briefId}/campaigns',
  operationId: 'createCampaignFromBrief',
  tags: ['Briefs', 'Campaigns'],
  summary: 'Draft a campaign from a brief: one post per channel',
  description:
    "Each post is made from the brief's sentences within its channel's rule (X's weighted length with URLs as 23, Bluesky graphemes, Mastodon's URL counting, Threads, LinkedIn): the headline, the highlights in the brief's order (breaking changes first) as long as they fit, and the link. Each post keeps the citations of its sentences (`GET /api/v1/posts/{postId}/sources`). The posts are drafts and go through review; nothing is scheduled. Consumes one `campaigns` credit.",
  access: {
    scopes: ['release:create'],
    entitlement: { ...workspaceUse, quota: 'campaigns' },
    idempotency: { operation: 'briefs.campaigns.create', replayStatus: 200 },
  },
  request: {
    params: idParam('briefId', 'brf'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              channels: z
                .array(z.enum(channelNames))
                .min(1)
                .max(channelNames.length)
                .refine((channels) => new Set(channels).size === channels.length, { message: 'Name each channel once.' })
                .openapi({ description: 'One post is drafted for each.' }),
              name: z.string().trim().min(1).max(200).optional().openapi({ description: 'Defaults to "Launch of <product> <version>".' }),
              objective: z.string().trim().min(1).max(2000).optional().openapi({ description: "Defaults to the brief's headline." }),
              cards: z
                .object({ format: z.enum(cardFormats).default('png').openapi({ description: 'PNG (lossless) or WebP (quality 80).' }) })
                .strict()
                .optional()
                .openapi({
                  description:
                    "Also render each post's launch card (see `POST /api/v1/posts/{postId}/card`) and show it as the post's visual. Cards are rendered before anything is created: if the browser is unavailable the request fails with 503 and no campaign is made (cards already rendered stay as assets and are reused by the retry).",
                }),
            })
            .strict()
            .openapi('BriefCampaignInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(campaignSchema, 'Created; every post is a draft.'),
    200: jsonResponse(campaignSchema, 'A replay of an earlier create with the same Idempotency-Key; nothing new was created.'),
    404: errorResponse('No such brief in this workspace.'),
    503: errorResponse('`service_unavailable`: cards were asked for and the browser is unavailable; nothing was created. Retry after `Retry-After` seconds.'),
  },
});

const sourcesRoute = defineOperation({
  method: 'get',
  path: '/api/v1/posts/{postId}/sources',
  operationId: 'getPostSources',
  tags: ['Briefs', 'Posts'],
  summary: "Where a post's sentences come from",
  description:
    "For a post drafted from a brief: each sentence of its current copy with its citations. A sentence as drafted keeps the citations of the brief sentence it came from; once the copy is edited (`edited: true`), a deleted sentence is gone, a sentence written or reworded since is matched by the grounding checker to the brief's cited lines that support it (`supported`), or marked `unsupported` with the checker's reasons when none do. Unsupported sentences are marked for the reviewer, not refused. A post typed by hand has none.",
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('postId', 'pst') },
  responses: { 200: jsonResponse(postSourcesSchema, "The post's sources."), 404: errorResponse('No such post in this workspace.') },
});

export function registerBriefRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(createRoute, async (c) => {
    const { db } = c.get('services');
    const principal = c.get('principal');
    const request = c.get('idempotency');
    // A create that committed but whose answer was lost: answered as a replay.
    const earlier = request && (await findIdempotentBrief(db, principal.workspaceId, request));
    if (earlier) return c.json(await getBrief(db, principal.workspaceId, earlier), 200);
    return c.json(await createBrief(db, principal.workspaceId, actorOf(principal), c.req.valid('param').releaseId, request, briefWriterFor(c.env)), 201);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await listBriefs(
      c.get('services').db,
      c.get('principal').workspaceId,
      c.req.valid('param').releaseId,
      decodeCursor(query.cursor),
      query.limit,
    );
    return c.json(page(rows, query.limit), 200);
  });

  app.openapi(getRoute, async (c) => c.json(await getBrief(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').briefId), 200));

  app.openapi(markdownRoute, async (c) => {
    const markdown = await getBriefMarkdown(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').briefId);
    return c.body(markdown, 200, { 'content-type': 'text/markdown; charset=utf-8' });
  });

  app.openapi(draftRoute, async (c) => {
    const { db } = c.get('services');
    const principal = c.get('principal');
    const input = c.req.valid('json');
    const made = await createCampaignCharged(c, (request) =>
      draftCampaignFromBrief(
        db,
        principal.workspaceId,
        actorOf(principal),
        c.req.valid('param').briefId,
        input,
        input.cards ? cardDeps(c.env, db) : undefined,
        request,
      ),
    );
    return c.json(made.campaign, made.replayed ? 200 : 201);
  });

  app.openapi(sourcesRoute, async (c) => c.json(await getPostSources(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').postId), 200));
}
