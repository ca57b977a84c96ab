import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { prefixedId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { CARD_HIGHLIGHTS, cardFormats, cardSizes } from '../domain/card';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { attachVisual } from '../services/assets';
import { editPost, readPost } from '../services/campaigns';
import { cardDeps, renderPostCard } from '../services/cards';
import { assetSchema } from './asset-schemas';
import { campaignSchema, idParam, postDetailSchema, visualInput } from './schemas';

const postCardSchema = z
  .object({
    card: z.object({
      asset: assetSchema,
      cached: z.boolean().openapi({ description: 'True when an earlier rendering of the same template, inputs, size and format was reused.' }),
      altText: z.string().openapi({ description: "The card's words, given to readers of the post as the image's alt text." }),
      attached: z.boolean().openapi({ description: 'False when the post already showed this card: nothing changed.' }),
    }),
    campaign: campaignSchema,
  })
  .openapi('PostCard');

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/posts/{postId}',
  operationId: 'getPost',
  tags: ['Posts'],
  summary: 'Read one post with its visuals, latest decision and delivery',
  description:
    'The post as its campaign shows it, with `campaignId` and `variantOf`: for a script that follows one post from approval to publication (`delivery.status`, `delivery.externalUrl` once it is out, `delivery.lastError` when an attempt failed).',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('postId', 'pst') },
  responses: { 200: jsonResponse(postDetailSchema, 'The post.'), 404: errorResponse('No such post in this workspace.') },
});

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
    409: errorResponse(
      '`invalid_transition`: the post is in review, scheduled or published. `conflict`: another edit changed the post while this one was made; nothing was saved.',
    ),
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
    params: idParam('postId', 'pst'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ assetId: prefixedId('ast'), altText: z.string().trim().min(1).max(1000) })
            .strict()
            .openapi('VisualAttachment'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(campaignSchema, 'The campaign, with the post back in draft showing the asset.'),
    404: errorResponse('No such post, or `assetId` (named in `field`) is not an asset of this workspace.'),
    409: errorResponse(
      '`invalid_transition`: the post is in review or on the schedule, or the asset is not ready. `conflict`: another edit changed the post meanwhile; nothing was saved.',
    ),
  },
});

const cardRoute = defineOperation({
  method: 'post',
  path: '/api/v1/posts/{postId}/card',
  operationId: 'renderPostCard',
  tags: ['Posts', 'Briefs'],
  summary: "Render the post's launch card and show it as its first visual",
  description: `For a post drafted from a brief: an image of the release (product, title, version, the top ${CARD_HIGHLIGHTS} highlights with breaking changes first) in the product profile's logo and colours, at its channel's size (${Object.entries(
    cardSizes,
  )
    .map(([channel, size]) => `${channel} ${size.width}×${size.height}`)
    .join(
      ', ',
    )}), laid out by the browser from an HTML template, encoded as PNG or WebP and stored as an asset. It replaces the post's earlier card and keeps its other visuals. The same template, inputs, size and format give the same asset without rendering again (\`card.cached\`); when that card is already shown, nothing changes and an approval stands (\`card.attached: false\`). Otherwise this is an edit like \`PATCH /api/v1/posts/{postId}\`: the post becomes a \`draft\` again and its \`contentFingerprint\` covers the card's bytes, so an approval never carries over to a new card. The logo is fetched through the SSRF guard; one that cannot be had is left off.`,
  access: { scopes: ['release:create'], entitlement: workspaceUse, idempotency: { operation: 'posts.card.render', replayStatus: 200 } },
  request: {
    params: idParam('postId', 'pst'),
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({ format: z.enum(cardFormats).default('png').openapi({ description: 'PNG (lossless) or WebP (quality 80).' }) })
            .strict()
            .openapi('CardRequest'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(postCardSchema, 'The card, and the campaign with the post showing it.'),
    404: errorResponse('No such post in this workspace.'),
    409: errorResponse(
      '`conflict`: the post was not drafted from a brief (or its release was deleted), or another edit changed the post meanwhile; `invalid_transition`: the post is in review or on the schedule.',
    ),
    503: errorResponse('`service_unavailable`: the browser is unavailable; nothing was stored or changed. Retry after `Retry-After` seconds.'),
  },
});

export function registerPostRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(cardRoute, async (c) => {
    const principal = c.get('principal');
    const format = c.req.header('content-type') ? c.req.valid('json').format : 'png';
    const db = c.get('services').db;
    return c.json(await renderPostCard(cardDeps(c.env, db), principal.workspaceId, actorOf(principal), c.req.valid('param').postId, format), 200);
  });

  app.openapi(attachVisualRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await attachVisual(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').postId, c.req.valid('json'));
    return c.json(campaign, 200);
  });

  app.openapi(getRoute, async (c) => {
    const post = await readPost(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').postId);
    return c.json(post, 200);
  });

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const campaign = await editPost(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').postId, c.req.valid('json'));
    return c.json(campaign, 200);
  });
}
