import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '../../../shared/db/client';
import { intakeSourceKinds, releaseSources } from '../../../shared/db/schema';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { actorOf, listAudit } from '../services/audit';
import {
  createRelease,
  deleteRelease,
  findIdempotentRelease,
  getRelease,
  listReleases,
  releaseProvenance,
  releaseView,
  updateRelease,
} from '../services/releases';
import { auditEventSchema, idParam, pageSchema } from './schemas';

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
    revision: z.number().int().openapi({
      description: '1, or the revision made when a source edited this version while a campaign used the previous one (see Sources).',
    }),
    previousRevisionId: z.string().nullable().openapi({ description: 'The revision this one follows.' }),
    provenance: z
      .array(
        z.object({
          sourceId: z.string().nullable().openapi({ description: 'Null once the source is deleted.' }),
          kind: z.enum(intakeSourceKinds),
          externalId: z.string().openapi({ description: "The entry's id at its source: GitHub's release id, a feed item's id, a changelog heading's anchor." }),
          url: z.string().nullable(),
          firstSeenAt: z.string().datetime(),
        }),
      )
      .openapi({ description: 'The release-intake entries this release came from, oldest first; empty for releases recorded by hand or API.' }),
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

const releaseChange = z
  .object({
    version: z.string().trim().min(1).max(100).optional(),
    title: z.string().trim().min(1).max(300).optional(),
    notes: z.string().max(100_000).optional(),
    url: z.string().url().max(2048).nullable().optional(),
    publishedAt: z.string().datetime({ offset: true }).nullable().optional(),
    prerelease: z.boolean().optional(),
    source: z.enum(releaseSources).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one field to change.' })
  .openapi('ReleaseUpdate');

const lockRule =
  'Refused with 409 `locked_by_post` (naming `postId`) while a post of a campaign of this release is `approved`, `scheduled` or `publishing`: cancel it, or edit it back to draft, first. Recorded in the audit trail (`GET /api/v1/releases/{releaseId}/audit`).';

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
  responses: { 200: jsonResponse(pageSchema(releaseSchema, 'ReleaseList'), 'A page of releases.') },
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
  request: { params: idParam('releaseId', 'rel') },
  responses: { 200: jsonResponse(releaseSchema, 'The release.'), 404: errorResponse('No such release in this workspace.') },
});

const updateRoute = defineOperation({
  method: 'patch',
  path: '/api/v1/releases/{releaseId}',
  operationId: 'updateRelease',
  tags: ['Releases'],
  summary: 'Correct a release',
  description: `Changes only the fields sent; \`contentHash\` follows. ${lockRule}`,
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: { params: idParam('releaseId', 'rel'), body: { required: true, content: { 'application/json': { schema: releaseChange } } } },
  responses: {
    200: jsonResponse(releaseSchema, 'The release as it is now.'),
    404: errorResponse('No such release in this workspace.'),
    409: errorResponse('`locked_by_post`: a post of its campaigns is approved, scheduled or publishing; `conflict`: another release has this version.'),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/releases/{releaseId}',
  operationId: 'deleteRelease',
  tags: ['Releases'],
  summary: 'Delete a release',
  description: `Its campaigns stay, without a release (\`releaseId\` null). ${lockRule}`,
  access: { scopes: ['release:create'], entitlement: workspaceUse },
  request: { params: idParam('releaseId', 'rel') },
  responses: {
    204: { description: 'Deleted.' },
    404: errorResponse('No such release in this workspace.'),
    409: errorResponse('`locked_by_post`: a post of its campaigns is approved, scheduled or publishing.'),
  },
});

const auditRoute = defineOperation({
  method: 'get',
  path: '/api/v1/releases/{releaseId}/audit',
  operationId: 'listReleaseAudit',
  tags: ['Releases'],
  summary: "The release's trail: created, updated (which fields), deleted; who and when",
  description: 'Oldest first. The trail outlives the release: it stays readable after a deletion.',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: idParam('releaseId', 'rel'), query: z.object(cursorQuery) },
  responses: {
    200: jsonResponse(pageSchema(auditEventSchema, 'ReleaseAuditTrail'), 'Oldest first.'),
    404: errorResponse('No such release in this workspace, and none ever recorded.'),
  },
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
    return c.json({ data: data.map((row) => ({ ...releaseView(row), provenance: row.provenance })), nextCursor }, 200);
  });

  app.openapi(createRoute, async (c) => {
    const { db } = c.get('services');
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const request = c.get('idempotency');
    // A create that committed but whose answer was lost: answered as a replay.
    const earlier = request && (await findIdempotentRelease(db, principal.workspaceId, request));
    if (earlier) {
      return c.json(await withProvenance(db, earlier), 200);
    }
    const row = await createRelease(
      db,
      principal.workspaceId,
      actorOf(principal),
      { ...body, publishedAt: body.publishedAt ? new Date(body.publishedAt) : null },
      request,
    );
    return c.json({ ...releaseView(row), provenance: [] }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const row = await getRelease(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').releaseId);
    return c.json(await withProvenance(c.get('services').db, row), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const principal = c.get('principal');
    const { publishedAt, ...body } = c.req.valid('json');
    const change = { ...body, ...(publishedAt === undefined ? {} : { publishedAt: publishedAt === null ? null : new Date(publishedAt) }) };
    const row = await updateRelease(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').releaseId, change);
    return c.json(await withProvenance(c.get('services').db, row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const principal = c.get('principal');
    await deleteRelease(c.get('services').db, principal.workspaceId, actorOf(principal), c.req.valid('param').releaseId);
    return c.body(null, 204);
  });

  app.openapi(auditRoute, async (c) => {
    const query = c.req.valid('query');
    const workspaceId = c.get('principal').workspaceId;
    const releaseId = c.req.valid('param').releaseId;
    const rows = await listAudit(c.get('services').db, workspaceId, { releaseId }, decodeCursor(query.cursor), query.limit);
    // Events exist only for releases of this workspace; none at all means no such release, ever.
    if (rows.length === 0 && !query.cursor) await getRelease(c.get('services').db, workspaceId, releaseId);
    return c.json(page(rows, query.limit), 200);
  });
}

/** A single release as the API shows it, with where it came from. */
async function withProvenance(db: Database, row: Parameters<typeof releaseView>[0]) {
  return { ...releaseView(row), provenance: await releaseProvenance(db, row) };
}
