import { z } from '@hono/zod-openapi';
import { assetStatuses } from '../../../shared/db/schema';
import { assetTypeNames } from '../domain/asset-media';

export const assetSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    contentType: z.enum(assetTypeNames).openapi({ description: 'The declared type; completion checks the bytes against it.' }),
    size: z.number().int().openapi({ description: 'Bytes, as declared when the upload was signed.' }),
    status: z.enum(assetStatuses).openapi({
      description:
        '`pending` (signed, nothing received), `uploaded` (bytes stored, unchecked), `ready` (checked; can be attached and downloaded), `rejected` (bytes were not the declared type; removed).',
    }),
    width: z.number().int().nullable().openapi({ description: 'Pixels, read from an image header on completion.' }),
    height: z.number().int().nullable(),
    sha256: z.string().nullable().openapi({
      description:
        'Hex SHA-256 of the bytes, set on completion: the file served is exactly these bytes, and publishing hashes it again before a post goes out.',
    }),
    rejectionReason: z.string().nullable(),
    createdAt: z.string().datetime(),
    readyAt: z.string().datetime().nullable(),
  })
  .openapi('Asset');

/** The query of a signed URL, as the signing operation returned it. */
/** Optional here so that a URL missing either is the same 403 as an altered one, as S3 answers. */
export const signedQuery = z.object({
  expires: z.string().max(20).optional().openapi({ description: 'Unix seconds after which the URL is refused.' }),
  signature: z.string().max(128).optional().openapi({ description: 'HMAC-SHA256 of what the URL grants; any change invalidates it.' }),
});
