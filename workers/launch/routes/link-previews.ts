import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import type { LaunchEnv } from '../env';
import { PREVIEW_LIMITS, PREVIEW_TTL_SECONDS, previewLink } from '../services/link-previews';

const previewSchema = z
  .object({
    normalizedUrl: z.string().openapi({ description: 'The cache key: no fragment, no `utm_*` or click-id parameters, lower-case host.' }),
    finalUrl: z.string().openapi({ description: 'Where the redirects ended.' }),
    contentType: z.string().nullable(),
    title: z.string().nullable().openapi({ description: '`og:title`, else `twitter:title`, else `<title>`.' }),
    description: z.string().nullable().openapi({ description: '`og:description`, else `twitter:description`, else `<meta name="description">`.' }),
    siteName: z.string().nullable(),
    image: z
      .object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable(), alt: z.string().nullable() })
      .nullable()
      .openapi({ description: '`og:image` (with its declared size and alt), else `twitter:image`; the URL itself for an image link.' }),
    favicon: z.string().nullable().openapi({ description: 'The largest `<link rel="icon">`, else an apple-touch-icon, else `/favicon.ico`.' }),
    canonicalUrl: z.string().nullable(),
    themeColor: z.string().nullable(),
    oembed: z
      .object({
        url: z.string().openapi({ description: 'The JSON oEmbed endpoint the page announces.' }),
        data: z
          .object({
            type: z.string().nullable(),
            title: z.string().nullable(),
            authorName: z.string().nullable(),
            providerName: z.string().nullable(),
            thumbnailUrl: z.string().nullable(),
            html: z.string().nullable().openapi({ description: "The provider's embed markup, as it sent it: sandbox it before showing it." }),
            width: z.number().nullable(),
            height: z.number().nullable(),
          })
          .nullable()
          .openapi({ description: 'Its answer; null when it could not be fetched or read.' }),
      })
      .nullable(),
    truncated: z.boolean().openapi({ description: `True when the page was longer than ${PREVIEW_LIMITS.htmlBytes / 1024} KiB and only its start was read.` }),
    cached: z.boolean(),
    fetchedAt: z.string().datetime(),
    expiresAt: z.string().datetime(),
  })
  .openapi('LinkPreview');

const previewRoute = defineOperation({
  method: 'get',
  path: '/api/v1/link-previews',
  operationId: 'getLinkPreview',
  tags: ['Link previews'],
  summary: 'Preview a link for the editor',
  description: `Title, description, image, site name, favicon, canonical URL, theme colour and the site's oEmbed answer, read from Open Graph, Twitter card and HTML tags. The URL, every redirect (at most ${PREVIEW_LIMITS.redirects}) and the oEmbed endpoint pass the SSRF guard before they are requested. At most ${PREVIEW_LIMITS.htmlBytes / 1024} KiB of the page are read, in its declared charset, and everything takes at most ${PREVIEW_LIMITS.timeoutMs / 1000} s. A preview is cached per workspace and normalized URL for ${PREVIEW_TTL_SECONDS / 3600} hours; \`refresh=true\` fetches it again.`,
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    query: z.object({
      url: z.string().trim().min(1).max(2048).url().openapi({ description: 'The http(s) page to preview.' }),
      refresh: z
        .enum(['true', 'false'])
        .default('false')
        .transform((value) => value === 'true')
        .openapi({ description: 'Ignore the cache and fetch the page now.' }),
    }),
  },
  responses: {
    200: jsonResponse(previewSchema, 'The preview.'),
    400: errorResponse('Invalid URL (`field`), `url_not_allowed` (the URL or a redirect points at a private address; `blockedUrl`), or `page_unreachable`.'),
    408: errorResponse(`\`page_load_timeout\`: no preview within ${PREVIEW_LIMITS.timeoutMs / 1000} s.`),
  },
});

export function registerLinkPreviewRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(previewRoute, async (c) => {
    const { url, refresh } = c.req.valid('query');
    const deps = {
      db: c.get('services').db,
      policy: userUrlPolicy(readConfig(launchConfigSchema, c.env), { httpsOnly: false }),
      fetch: (target: string, init: RequestInit) => fetch(target, init),
    };
    return c.json(await previewLink(deps, c.get('principal').workspaceId, url, { refresh }), 200);
  });
}
