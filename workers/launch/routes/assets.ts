import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { assetStatuses } from '../../../shared/db/schema';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { cursorQuery, decodeCursor, page } from '../../../shared/http/pagination';
import { defineOperation, workspaceUse } from '../auth/operation';
import type { LaunchEnv } from '../env';
import { assetDeps, assetView, completeAsset, deleteAsset, DOWNLOAD_URL_SECONDS, getAsset, listAssets, serveDownload, signDownload } from '../services/assets';
import { assetSchema, signedQuery } from './asset-schemas';
import { idParam } from './schemas';

const assetParams = idParam('assetId', 'ast');
const notFound = errorResponse('No such asset in this workspace.');
const tags = ['Assets'];

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/assets',
  operationId: 'listAssets',
  tags,
  summary: 'List assets, newest first',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { query: z.object({ ...cursorQuery, status: z.enum(assetStatuses).optional() }) },
  responses: { 200: jsonResponse(z.object({ data: z.array(assetSchema), nextCursor: z.string().nullable() }).openapi('AssetList'), 'A page of assets.') },
});

const getRoute = defineOperation({
  method: 'get',
  path: '/api/v1/assets/{assetId}',
  operationId: 'getAsset',
  tags,
  summary: 'Read an asset',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: { params: assetParams },
  responses: { 200: jsonResponse(assetSchema, 'The asset.'), 404: notFound },
});

const completeRoute = defineOperation({
  method: 'post',
  path: '/api/v1/assets/{assetId}/complete',
  operationId: 'completeAssetUpload',
  tags,
  summary: 'Complete an upload: check the bytes and make the asset ready',
  description:
    "Reads the latest upload received: its signature must match the declared type (else 400 `asset_type_mismatch`, and the asset is `rejected` and its bytes removed); an image's width and height come from its header; the SHA-256 of the whole file is computed as it streams. The file checked is the one the asset serves and publishes from then on: a `PUT` that lands later is refused and cannot change it. If a newer upload lands while the check runs, that one is checked instead. If the workspace already has a ready asset with the same bytes, this upload is dropped and that asset is returned with `existing: true`, so a file is stored once.",
  access: { scopes: ['asset:write'], entitlement: workspaceUse },
  request: { params: assetParams },
  responses: {
    200: jsonResponse(
      assetSchema
        .extend({
          existing: z.boolean().openapi({ description: 'True when identical bytes were already an asset: that asset is returned, and this upload is gone.' }),
        })
        .openapi('CompletedAsset'),
      'Ready.',
    ),
    404: notFound,
    409: errorResponse(
      '`invalid_transition`: nothing uploaded yet, or already completed or rejected. `conflict`: new uploads kept landing while the check ran; complete again once the upload has finished.',
    ),
  },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/assets/{assetId}',
  operationId: 'deleteAsset',
  tags,
  summary: 'Delete an asset and its stored bytes',
  description: 'Signed download URLs stop working at once. An asset shown as a post visual cannot be deleted (409 names the post).',
  access: { scopes: ['asset:write'], entitlement: workspaceUse },
  request: { params: assetParams },
  responses: { 204: { description: 'Deleted.' }, 404: notFound, 409: errorResponse('`conflict`: the asset is a visual of the post named in `postId`.') },
});

const signDownloadRoute = defineOperation({
  method: 'post',
  path: '/api/v1/assets/{assetId}/download-url',
  operationId: 'signAssetDownload',
  tags,
  summary: 'Sign a download URL for a ready asset',
  description: `Returns a GET URL that serves the file to anyone holding it until \`expiresAt\` (default ${DOWNLOAD_URL_SECONDS.default} s, ${DOWNLOAD_URL_SECONDS.min} s to ${DOWNLOAD_URL_SECONDS.max / 86_400} days).`,
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  request: {
    params: assetParams,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z
            .object({
              expiresIn: z
                .number()
                .int()
                .min(DOWNLOAD_URL_SECONDS.min)
                .max(DOWNLOAD_URL_SECONDS.max)
                .optional()
                .openapi({ description: 'Seconds the URL works.' }),
            })
            .strict()
            .openapi('DownloadUrlInput'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(z.object({ url: z.string().url(), expiresAt: z.string().datetime() }).openapi('SignedDownload'), 'Signed.'),
    404: notFound,
    409: errorResponse('`invalid_transition`: the asset is not ready.'),
  },
});

const contentRoute = defineOperation({
  method: 'get',
  path: '/api/v1/assets/{assetId}/content',
  operationId: 'downloadAsset',
  tags,
  summary: 'Download an asset through a signed URL',
  description: 'The URL from `POST /api/v1/assets/{assetId}/download-url`, used as given: no API key, the signature is the credential.',
  access: 'public',
  request: { params: assetParams, query: signedQuery },
  responses: {
    200: { description: 'The file, with its content type.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    403: errorResponse('`url_signature_invalid` or `url_signature_expired`.'),
    404: errorResponse('The asset was deleted.'),
  },
});

export function registerAssetRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(listRoute, async (c) => {
    const { limit, cursor, status } = c.req.valid('query');
    const rows = await listAssets(c.get('services').db, c.get('principal').workspaceId, { status }, decodeCursor(cursor), limit);
    return c.json(page(rows, limit), 200);
  });

  app.openapi(getRoute, async (c) =>
    c.json(assetView(await getAsset(c.get('services').db, c.get('principal').workspaceId, c.req.valid('param').assetId)), 200),
  );

  app.openapi(completeRoute, async (c) => {
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    return c.json(await completeAsset(deps, c.get('principal').workspaceId, c.req.valid('param').assetId), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    await deleteAsset(deps, c.get('principal').workspaceId, c.req.valid('param').assetId);
    return c.body(null, 204);
  });

  app.openapi(signDownloadRoute, async (c) => {
    const body = c.req.header('content-type') ? c.req.valid('json') : {};
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    const signed = await signDownload(deps, c.get('principal').workspaceId, c.req.valid('param').assetId, body.expiresIn ?? DOWNLOAD_URL_SECONDS.default);
    return c.json(signed, 200);
  });

  app.openapi(contentRoute, async (c) => {
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    return serveDownload(deps, c.req.valid('param').assetId, c.req.valid('query'));
  });
}
