import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import type { LaunchEnv } from '../env';
import { syndicationSource } from '../editor/social-post-source';
import { getSocialPost, SOCIAL_POST_MISSING_TTL_SECONDS, SOCIAL_POST_TTL_SECONDS } from '../editor/social-posts';

const authorSchema = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string().openapi({ description: 'Without the @.' }),
  avatarUrl: z.string().nullable(),
  verified: z.boolean(),
});

const mediaSchema = z
  .object({
    type: z.enum(['photo', 'video', 'animated_gif']),
    url: z.string().openapi({ description: 'The image; for a video or GIF, its poster frame. Load it through `/api/image-proxy`.' }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    altText: z.string().nullable(),
    variants: z
      .array(z.object({ contentType: z.string(), url: z.string(), bitrate: z.number().int().nullable() }))
      .openapi({ description: 'Playable files of a video or GIF: MP4 by descending bitrate, then streaming playlists. Empty for photos.' }),
    durationMs: z.number().int().nullable(),
  })
  .openapi('SocialPostMedia');

const summaryFields = {
  id: z.string(),
  url: z.string().openapi({ description: 'The post on the network.' }),
  text: z.string().openapi({ description: 'As displayed: short links expanded, leading @-replies and media links removed.' }),
  lang: z.string().nullable(),
  createdAt: z.string().datetime(),
  author: authorSchema,
  media: z.array(mediaSchema),
  counts: z.object({ likes: z.number().int().nullable(), replies: z.number().int().nullable(), reposts: z.number().int().nullable() }),
  edited: z.boolean(),
  sensitive: z.boolean().openapi({ description: 'The network marks the media as possibly sensitive.' }),
};

const quotedSchema = z.object(summaryFields).openapi('QuotedSocialPost');

const socialPostSchema = z
  .object({
    ...summaryFields,
    quoted: quotedSchema.nullable(),
    inReplyTo: z.object({ id: z.string(), handle: z.string().nullable() }).nullable(),
    fetchedAt: z.string().datetime().openapi({ description: 'When it was read from the network.' }),
    cached: z.boolean(),
  })
  .openapi('SocialPost');

const getRoute = defineOperation({
  method: 'get',
  path: '/api/social-post/{id}',
  operationId: 'getSocialPost',
  tags: ['Editor utilities'],
  summary: 'Read the public payload of a social post',
  description: `Reads the post from the network's public syndication endpoint and returns it normalized. Found posts are cached for ${SOCIAL_POST_TTL_SECONDS / 60} minutes, missing or withheld ones for ${SOCIAL_POST_MISSING_TTL_SECONDS / 60}. Not metered.`,
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^[0-9]+$/)
        .max(40)
        .openapi({
          param: { name: 'id', in: 'path' },
          description: 'The numeric status id: the number at the end of the post URL.',
          example: '1790000000000000001',
        }),
    }),
  },
  responses: {
    200: jsonResponse(socialPostSchema, 'The post.'),
    404: errorResponse('`not_found`: no public post has this id, or it is withheld (`reason`: `not_found` or `withheld`).'),
    502: errorResponse('`upstream_error`: the network answered with an error or an unreadable payload.'),
    503: errorResponse('`service_unavailable`: the network did not answer in time, or is limiting our requests; see `Retry-After`.'),
  },
});

export function registerSocialPostRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(getRoute, async (c) => {
    const result = await getSocialPost(
      {
        redis: c.get('services').redis,
        source: syndicationSource(readConfig(launchConfigSchema, c.env).SOCIAL_POST_UPSTREAM_URL),
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      },
      c.req.valid('param').id,
    );
    return c.json({ ...result.post, fetchedAt: result.fetchedAt, cached: result.cached }, 200);
  });
}
