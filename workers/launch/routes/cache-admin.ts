import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { requireInternalSecret } from '../../../shared/auth/internal-secret';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { launchConfigSchema } from '../config';
import { colorSchemes, devices, normalizeCaptureUrl, SCREENSHOT_CACHE_TTL_SECONDS } from '../domain/screenshot';
import type { LaunchEnv } from '../env';
import { lookupCounts } from '../editor/cache-stats';
import { captureStats, purgeCaptures } from '../editor/screenshot-cache';
import { purgeSocialPost, SOCIAL_POST_MISSING_TTL_SECONDS, SOCIAL_POST_TTL_SECONDS, socialPostEntries } from '../editor/social-posts';

/**
 * Internal cache maintenance for operators, behind the shared secret (`X-Internal-Secret`).
 * Declared like every other route, so input is validated the same way, but hidden from the
 * published OpenAPI document on purpose (the spec keeps them out of the public description).
 */
const operatorOnly = requireInternalSecret((c) => readConfig(launchConfigSchema, c.env).INTERNAL_SECRET);

const purgeScreenshotsRoute = createRoute({
  method: 'post',
  path: '/api/internal/cache/screenshots/purge',
  hide: true,
  middleware: [operatorOnly],
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ url: z.string().min(1).max(2048), device: z.enum(devices).optional(), colorScheme: z.enum(colorSchemes).optional() }).strict(),
        },
      },
    },
  },
  responses: { 200: jsonResponse(z.object({ url: z.string(), purged: z.array(z.string()) }), 'The variants deleted (device.scheme.extent).') },
});

const purgeSocialPostRoute = createRoute({
  method: 'delete',
  path: '/api/internal/cache/social-posts/{id}',
  hide: true,
  middleware: [operatorOnly],
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^[0-9]+$/)
        .max(40),
    }),
  },
  responses: { 200: jsonResponse(z.object({ id: z.string(), purged: z.boolean() }), 'Whether an entry was deleted.') },
});

const statsRoute = createRoute({
  method: 'get',
  path: '/api/internal/cache/stats',
  hide: true,
  middleware: [operatorOnly],
  responses: { 200: jsonResponse(z.object({}).passthrough(), 'Entries, sizes and hit counts per cache.') },
});

export function registerCacheAdminRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(purgeScreenshotsRoute, async (c) => {
    const body = c.req.valid('json');
    const url = normalizeCaptureUrl(body.url);
    if (!url) throw new ApiError('validation_failed', 'url must be an absolute http(s) URL.', { details: { field: 'url' } });
    const purged = await purgeCaptures(c.env.SCREENSHOTS, url.toString(), { device: body.device, colorScheme: body.colorScheme });
    return c.json({ url: url.toString(), purged }, 200);
  });

  app.openapi(purgeSocialPostRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ id, purged: await purgeSocialPost(c.get('services').redis, id) }, 200);
  });

  app.openapi(statsRoute, async (c) => {
    const now = new Date();
    const redis = c.get('services').redis;
    const [screenshots, socialPosts, lookups] = await Promise.all([captureStats(c.env.SCREENSHOTS, now), socialPostEntries(redis, now), lookupCounts(redis)]);
    return c.json(
      {
        screenshots: { ...screenshots, ...lookups.screenshots, ttlSeconds: SCREENSHOT_CACHE_TTL_SECONDS, store: 'r2' },
        socialPosts: {
          entries: socialPosts,
          ...lookups.socialPosts,
          ttlSeconds: SOCIAL_POST_TTL_SECONDS,
          missingTtlSeconds: SOCIAL_POST_MISSING_TTL_SECONDS,
          store: 'redis',
        },
      },
      200,
    );
  });
}
