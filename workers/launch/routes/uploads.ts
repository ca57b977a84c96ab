import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { assetTypeNames, capsMarkdown } from '../domain/asset-media';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { assetDeps, createUpload, findIdempotentUpload, receiveUpload, UPLOAD_URL_SECONDS } from '../services/assets';
import { assetSchema, signedQuery } from './asset-schemas';
import { idParam } from './schemas';

const signRoute = defineOperation({
  method: 'post',
  path: '/api/v1/uploads',
  operationId: 'signUpload',
  tags: ['Assets'],
  summary: 'Sign an asset upload',
  description: `Records a \`pending\` asset and returns a URL that takes its bytes with one \`PUT\` for ${UPLOAD_URL_SECONDS / 60} minutes, like an S3/R2 presigned URL. The URL binds the declared content type and exact size. Accepted: ${capsMarkdown()}. Then \`PUT\` the file to \`upload.url\` with \`upload.headers\`, and complete it (\`POST /api/v1/assets/{assetId}/complete\`).`,
  access: { scopes: ['upload:sign'], entitlement: workspaceUse, idempotency: { operation: 'uploads.sign', replayStatus: 200 } },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              filename: z.string().trim().min(1).max(255),
              contentType: z.enum(assetTypeNames),
              size: z.number().int().min(1).openapi({ description: 'Exact size in bytes; the upload must match it.' }),
            })
            .strict()
            .openapi('UploadInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(
      z
        .object({
          asset: assetSchema,
          upload: z.object({
            url: z.string().url(),
            method: z.literal('PUT'),
            headers: z.record(z.string(), z.string()).openapi({ description: 'Send these headers with the bytes.' }),
            expiresAt: z.string().datetime(),
          }),
        })
        .openapi('SignedUpload'),
      'Signed.',
    ),
    200: jsonResponse(
      z.object({}).passthrough(),
      'A replay of an earlier signing with the same Idempotency-Key: the same asset and URL (when the first answer was lost, the URL is signed again with a new expiry).',
    ),
  },
});

const receiveRoute = defineOperation({
  method: 'put',
  path: '/api/v1/uploads/{assetId}',
  operationId: 'receiveUpload',
  tags: ['Assets'],
  summary: 'Send the bytes of a signed upload',
  description:
    "The URL from `POST /api/v1/uploads`, used as given: no API key, the signature is the credential. The body is the raw file with the declared `Content-Type` and exactly the declared `Content-Length`; it streams into storage. Each PUT is stored on its own, and sending again before completion replaces the earlier upload. Once the asset is completed or rejected, a PUT is refused with 409 and what it sent is discarded, also when completion happened while the body was streaming: a ready asset's bytes never change.",
  access: 'public',
  request: { params: idParam('assetId', 'ast'), query: signedQuery },
  responses: {
    200: jsonResponse(assetSchema, 'Stored; the asset is `uploaded` until completed.'),
    403: errorResponse('`url_signature_invalid` (altered, incomplete or not an upload URL) or `url_signature_expired`.'),
    404: errorResponse('No such asset (deleted, or completed as a copy of another).'),
    409: errorResponse('`invalid_transition`: the asset was completed or rejected (before or while the body streamed); the bytes sent were discarded.'),
  },
});
// Declared here rather than in defineOperation, whose body handling would hold a body without a
// Content-Length in memory; this route streams, and refuses a body of any other length itself.
(receiveRoute.request as Record<string, unknown>).body = {
  required: true,
  content: Object.fromEntries(assetTypeNames.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
};

export function registerUploadRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(signRoute, async (c) => {
    const principal = c.get('principal');
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    const request = c.get('idempotency');
    // A signing that committed but whose answer was lost: answered as a replay.
    const earlier = request && (await findIdempotentUpload(deps, principal.workspaceId, request));
    if (earlier) return c.json(earlier, 200);
    return c.json(await createUpload(deps, principal.workspaceId, actorOf(principal), c.req.valid('json'), request), 201);
  });

  app.openapi(receiveRoute, async (c) => {
    const deps = await assetDeps(c.env, c.get('services').db, c.req.url);
    return c.json(await receiveUpload(deps, c.req.valid('param').assetId, c.req.valid('query'), c.req.raw), 200);
  });
}
