import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import { MEDIA_HOSTS, PROXIED_IMAGE_TYPES } from '../domain/media-url';
import type { LaunchEnv } from '../env';
import { fetchMediaImage, MAX_MEDIA_BYTES, MAX_REDIRECTS } from '../editor/image-proxy';

/** Media URLs on these hosts never change content, so browsers may keep them for a year. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const proxyRoute = defineOperation({
  method: 'get',
  path: '/api/image-proxy',
  operationId: 'proxySocialImage',
  tags: ['Editor utilities'],
  summary: "Proxy an image from the social network's media hosts",
  description: [
    `Fetches an image from ${MEDIA_HOSTS.map((host) => `\`${host}\``).join(' or ')} so the editor can show it from its own origin (the media hosts set cookies and refuse some referrers).`,
    `**Rules.** https only, exactly those hosts, the default port, no credentials in the URL. Up to ${MAX_REDIRECTS} redirects are followed, each checked against the same rules. Only ${PROXIED_IMAGE_TYPES.join(', ')} answers up to ${MAX_MEDIA_BYTES} bytes are passed on (SVG is refused: it can carry script). Your cookies and headers are never sent upstream, and upstream cookies never reach you.`,
    `**Caching.** \`Cache-Control: ${CACHE_CONTROL}\`. Not metered.`,
    'Everything the rules refuse is 400 in the envelope; an image the host does not have is 404, a host error 502.',
  ].join('\n\n'),
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    query: z.object({
      url: z.string().min(1).max(2048).openapi({ description: 'The image URL.', example: 'https://pbs.twimg.com/media/GBefore01AAAbcd.jpg' }),
    }),
  },
  responses: {
    200: {
      description: 'The image bytes with their type.',
      content: Object.fromEntries(PROXIED_IMAGE_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }])),
    },
    400: errorResponse(
      '`url_not_allowed` (host, scheme, port, credentials, or a redirect that breaks them), `image_unsupported` (not an image), `media_too_large`, `validation_failed`.',
    ),
    404: errorResponse('`not_found`: the media host has no image at this URL.'),
    502: errorResponse('`upstream_error`: the media host failed or did not answer.'),
  },
});

export function registerImageProxyRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(proxyRoute, async (c) => {
    const image = await fetchMediaImage(c.req.valid('query').url, readConfig(launchConfigSchema, c.env).IMAGE_PROXY_UPSTREAM_URL);
    return c.body(image.bytes, 200, {
      'Content-Type': image.contentType,
      'Cache-Control': CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      ...(image.etag ? { ETag: image.etag } : {}),
      ...(image.lastModified ? { 'Last-Modified': image.lastModified } : {}),
    });
  });
}
