import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { methodProbe } from '../../../shared/http/method-not-allowed';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { ipRateLimit } from '../../../shared/limits/ip-rate-limit';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import {
  colorSchemes,
  DEFAULT_TIMEOUT_MS,
  devicePresets,
  devices,
  MAX_CAPTURE_DEVICE_HEIGHT,
  MAX_TIMEOUT_MS,
  MIN_TIMEOUT_MS,
  SCREENSHOT_CACHE_TTL_SECONDS,
} from '../domain/screenshot';
import type { LaunchEnv } from '../env';
import { takeScreenshot } from '../editor/screenshots';

export const SCREENSHOTS_PER_IP_PER_MINUTE = 20;

const deviceTable = devices
  .map((name) => {
    const preset = devicePresets[name];
    return `\`${name}\`: ${preset.width}×${preset.height} CSS px at ${preset.deviceScaleFactor}×${preset.isMobile ? ', mobile (touch, meta viewport, Safari user agent)' : ''}`;
  })
  .join('; ');

const screenshotRequest = z
  .object({
    url: z.string().min(1).max(2048).openapi({
      description:
        'The page: an absolute http(s) URL. It is normalized (lower-case host, default port dropped, query parameters sorted) before capture and caching.',
      example: 'https://example.com/pricing',
    }),
    device: z
      .enum(devices)
      .default('desktop')
      .openapi({ description: `Viewport preset. ${deviceTable}.` }),
    colorScheme: z.enum(colorSchemes).default('light').openapi({ description: 'The `prefers-color-scheme` the page sees.' }),
    fullPage: z
      .boolean()
      .default(false)
      .openapi({
        description: `Capture the whole page rather than the viewport; cut at ${MAX_CAPTURE_DEVICE_HEIGHT} device pixels of height.`,
      }),
    forceRefresh: z.boolean().default(false).openapi({ description: 'Capture again even if a cached capture exists, and replace it.' }),
    timeoutMs: z.number().int().min(MIN_TIMEOUT_MS).max(MAX_TIMEOUT_MS).default(DEFAULT_TIMEOUT_MS).openapi({
      description: 'How long the page may take to load (its `load` event) before the request fails with 408.',
    }),
  })
  .strict()
  .openapi('ScreenshotRequest');

const screenshotSchema = z
  .object({
    image: z.string().openapi({ description: 'The PNG, base64-encoded.' }),
    mimeType: z.literal('image/png'),
    width: z.number().int().openapi({ description: 'Device pixels (CSS width × scale factor).' }),
    height: z.number().int(),
    url: z.string().openapi({ description: 'The normalized URL that was captured (the cache key).' }),
    device: z.enum(devices),
    colorScheme: z.enum(colorSchemes),
    fullPage: z.boolean(),
    cached: z.boolean().openapi({ description: 'Served from the cache rather than captured for this request.' }),
    capturedAt: z.string().datetime(),
    expiresAt: z.string().datetime().openapi({ description: 'When the cached capture stops being served.' }),
    pageStatus: z.number().int().nullable().openapi({ description: 'HTTP status of the page itself (an error page is captured too).' }),
    blockedRequests: z.number().int().openapi({ description: 'Requests of the page refused by the SSRF guard (private or reserved addresses).' }),
  })
  .openapi('Screenshot');

const captureRoute = defineOperation({
  method: 'post',
  path: '/api/screenshot',
  operationId: 'captureScreenshot',
  tags: ['Editor utilities'],
  summary: 'Capture a web page as a PNG',
  description: [
    'Loads the page in a headless browser with the chosen device preset and colour scheme and returns a PNG.',
    `**Cache.** Captures are cached per normalized URL, device, colour scheme and full page for ${SCREENSHOT_CACHE_TTL_SECONDS / 3600} hours; \`cached\` says which you got, \`forceRefresh\` captures again and replaces the entry.`,
    `**Limits.** ${SCREENSHOTS_PER_IP_PER_MINUTE} requests per minute per IP address (429 \`rate_limited\` with \`Retry-After\` and \`X-RateLimit-*\`), besides the per-key limit. The per-IP limit is counted in Redis and fails open: while Redis is unreachable it is not applied, and the per-key limit (a Durable Object, independent of Redis) and the plan still bound captures.`,
    '**Safety.** The URL, every request the page makes (images, scripts, frames) and every redirect go through the SSRF guard: private, loopback, link-local and metadata addresses are refused. A page that redirects there fails with 400 `url_not_allowed`; a subresource there is not loaded and counted in `blockedRequests`. WebSocket and WebRTC are unavailable to captured pages.',
  ].join('\n\n'),
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  middleware: [
    ipRateLimit({ name: 'Screenshots', limit: SCREENSHOTS_PER_IP_PER_MINUTE, window: '1 m', documentationPath: '/api/reference', whenRedisDown: 'open' }),
  ],
  request: { body: { required: true, content: { 'application/json': { schema: screenshotRequest } } } },
  responses: {
    200: jsonResponse(screenshotSchema, 'The capture, cached or fresh.'),
    400: errorResponse(
      '`validation_failed` (invalid URL or option, or a private address), `url_not_allowed` (the page redirected to a private address), `page_unreachable`.',
    ),
    408: errorResponse('`page_load_timeout`: the page did not load within `timeoutMs`.'),
    429: errorResponse(`\`rate_limited\`: more than ${SCREENSHOTS_PER_IP_PER_MINUTE} screenshots a minute from this IP address, or the key's limit.`),
    500: errorResponse('`screenshot_failed`: the page loaded but no image was produced.'),
    503: errorResponse('`service_unavailable`: the capture service is down or out of browser sessions; retry after `Retry-After`.'),
  },
});

const probeRoute = defineOperation({
  method: 'get',
  path: '/api/screenshot',
  operationId: 'captureScreenshotMethodProbe',
  tags: ['Editor utilities'],
  summary: 'Method probe: screenshots are taken with POST',
  access: 'public',
  responses: { 405: errorResponse('`method_not_allowed`, with `Allow: POST`.') },
});

export function registerScreenshotRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(captureRoute, async (c) => {
    const config = readConfig(launchConfigSchema, c.env);
    const shot = await takeScreenshot(
      {
        env: c.env,
        redis: c.get('services').redis,
        urlPolicy: userUrlPolicy(config, { httpsOnly: false }),
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      },
      c.req.valid('json'),
    );
    return c.json(
      {
        image: toBase64(shot.png),
        mimeType: 'image/png' as const,
        width: shot.width,
        height: shot.height,
        url: shot.identity.url,
        device: shot.identity.device,
        colorScheme: shot.identity.colorScheme,
        fullPage: shot.identity.fullPage,
        cached: shot.cached,
        capturedAt: shot.capturedAt.toISOString(),
        expiresAt: shot.expiresAt.toISOString(),
        pageStatus: shot.pageStatus,
        blockedRequests: shot.blockedRequests,
      },
      200,
    );
  });
  app.openapi(probeRoute, methodProbe(['POST']));
}

/** In slices: spreading a multi-megabyte array into one call would overflow the stack. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}
