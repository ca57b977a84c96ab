import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { actorId } from '../../../shared/auth/principal';
import { releaseSources } from '../../../shared/db/schema';
import { pathParams, prefixedId } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { createRelease, getRelease, listReleases, releaseView } from '../services/releases';

export const releaseSchema = z
  .object({
    id: z.string().openapi({ example: 'rel_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    version: z.string().openapi({ description: 'Version or tag, unique within the workspace.', example: 'v2.4.0' }),
    title: z.string(),
    notes: z.string().openapi({ description: 'Release notes in Markdown.' }),
    url: z.string().nullable().openapi({ description: 'Where the release is published (changelog, GitHub release).' }),
    publishedAt: z.string().datetime().nullable(),
    prerelease: z.boolean(),
    source: z.enum(releaseSources).openapi({ description: 'Where the release came from.' }),
    contentHash: z.string().openapi({ description: 'SHA-256 of version, title, notes and url.' }),
    createdAt: z.string().datetime(),
  })
  .openapi('Release');

const releaseInput = z
  .object({
    version: z.string().trim().min(1).max(100),
    title: z.string().trim().min(1).max(300),
    notes: z.string().max(100_000).optional().openapi({ description: 'Markdown, up to 100,000 characters.' }),
    url: z.string().url().max(2048).nullable().optional(),
    publishedAt: z.string().datetime({ offset: true }).nullable().optional(),
    prerelease: z.boolean().optional(),
    source: z.enum(releaseSources).optional().openapi({ description: 'Defaults to `api`.' }),
  })
  .strict()
  .openapi('ReleaseInput');

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/releases',
  operationId: 'listReleases',
  tags: ['Releases'],
  summary: 'List releases, newest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    query: z.object({
      ...cursorQuery,
      prerelease: z.enum(['true', 'false']).optional().openapi({ description: 'Only pre-releases, or only final releases.' }),
      source: z.enum(releaseSources).optional(),
      publishedAfter: z.string().datetime({ offset: true }).optional(),
      publishedBefore: z.string().datetime({ offset: true }).optional(),
      q: z.string().max(200).optional().openapi({ description: 'Matches title or version, case-insensitively.' }),
    }),
  },
  responses: { 200: jsonResponse(z.object({ data: z.array(releaseSchema), nextCursor: z.string().nullable() }).openapi('ReleaseList'), 'A page of releases.') },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/api/v1/releases',
  operationId: 'createRelease',
  tags: ['Releases'],
  summary: 'Record a release',
  access: { scopes: ['release:create'], entitlement: workspaceUse, idempotency: { operation: 'releases.create', replayStatus: 200 } },
  request: { body: { required: true, content: { 'application/json': { schema: releaseInput } } } },
  responses: {
    201: jsonResponse(releaseSchema, 'Created.'),
    200: jsonResponse(releaseSchema, 'A replay of an earlier create with the same Idempotency-Key.'),
    409: errorResponse('A release with this version already exists.'),
  },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/releases/{releaseId}',
  operationId: 'getRelease',
  tags: ['Releases'],
  summary: 'Read one release',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    params: pathParams({ releaseId: prefixedId('rel') }),
  },
  responses: { 200: jsonResponse(releaseSchema, 'The release.'), 404: errorResponse('No such release in this workspace.') },
});

export function registerReleaseRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const rows = await listReleases(
      c.get('services').db,
      c.get('principal').workspaceId,
      {
        prerelease: query.prerelease === undefined ? undefined : query.prerelease === 'true',
        source: query.source,
        publishedAfter: query.publishedAfter ? new Date(query.publishedAfter) : undefined,
        publishedBefore: query.publishedBefore ? new Date(query.publishedBefore) : undefined,
        q: query.q,
      },
      decodeCursor(query.cursor),
      query.limit,
    );
    const { data, nextCursor } = page(rows, query.limit);
    return c.json({ data: data.map(releaseView), nextCursor }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const row = await createRelease(c.get('services').db, principal.workspaceId, actorId(principal), {
      ...body,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : null,
    });
    return c.json(releaseView(row), 201);
  });

  app.openapi(getRoute, async (c) => {
    const row = await getRelease(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').releaseId);
    return c.json(releaseView(row), 200);
  });
}
