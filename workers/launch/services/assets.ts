import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import type { Database } from '../../../shared/db/client';
import { isForeignKeyViolation } from '../../../shared/db/errors';
import { assets, postVisuals } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { newId } from '../../../shared/ids';
import type { IdempotentRequest } from '../../../shared/limits/idempotency';
import { earlierCreate, expiredHolders, replayOf } from '../../../shared/limits/idempotent-rows';
import { assetTypes, imageDimensions, MiB, SNIFF_BYTES, sniffType, type AssetType } from '../domain/asset-media';
import { sign, urlSigningKey, verify, type SignedFields } from '../domain/signed-url';
import { launchConfigSchema } from '../config';
import type { LaunchBindings } from '../env';
import type { Actor } from './audit';
import { editPost, getPost, postVisualInputs } from './campaigns';

type AssetRow = typeof assets.$inferSelect;

/** The query of a signed URL as received: either part may be missing or mangled. */
export interface SignedQuery {
  expires?: string;
  signature?: string;
}

export interface AssetDeps {
  db: Database;
  bucket: R2Bucket;
  /** The HMAC key of signed URLs (domain/signed-url.ts). */
  signingKey: CryptoKey;
  /** Where signed URLs point: this Worker's own origin. */
  origin: string;
  now?: Date;
}

/** An upload URL lives long enough to send 90 MiB over a slow link, and no longer. */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_SECONDS = { default: 60 * 60, min: 60, max: 7 * 24 * 60 * 60 } as const;
const MAX_VISUALS = 4;

export function assetView(row: AssetRow) {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType as AssetType,
    size: row.size,
    status: row.status,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
  };
}

const nowSeconds = (deps: AssetDeps) => Math.floor((deps.now ?? new Date()).getTime() / 1000);

/**
 * Records a pending asset and signs the one URL its bytes may be sent to. With an Idempotency-Key,
 * the key is written with the asset, so that a signing whose answer was lost after it committed is
 * found by the retry (findIdempotentUpload) instead of leaving a second pending asset.
 */
export async function createUpload(
  deps: AssetDeps,
  workspaceId: string,
  actor: Actor,
  input: { filename: string; contentType: AssetType; size: number },
  request?: IdempotentRequest,
) {
  const cap = assetTypes[input.contentType].maxBytes;
  if (input.size > cap) {
    throw new ApiError('validation_failed', `size: ${input.contentType} files are accepted up to ${cap / MiB} MiB.`, {
      hint: 'Compress or shorten the file.',
      details: { field: 'size', maxBytes: cap },
    });
  }
  const id = newId('ast');
  const [, [row]] = await deps.db.batch([
    // A key past the idempotency window may be used again: the old asset lets go of it (in the
    // same transaction; without a key the statement matches nothing).
    deps.db
      .update(assets)
      .set({ idempotencyKey: null })
      .where(request ? expiredHolders(uploadKeys, workspaceId, request) : sql`false`),
    deps.db
      .insert(assets)
      .values({
        id,
        workspaceId,
        ...input,
        createdBy: actor.id,
        idempotencyKey: request?.key ?? null,
        idempotencyFingerprint: request?.fingerprint ?? null,
      })
      .returning(),
  ]);
  return signedUpload(deps, row!);
}

const uploadKeys = { owner: assets.workspaceId, key: assets.idempotencyKey, createdAt: assets.createdAt };

/**
 * The asset an earlier signing under this key recorded within the idempotency window, with its
 * upload URL signed again (the first one went out with the lost answer, so its expiry counts from
 * now); another request under the key is a 422.
 */
export async function findIdempotentUpload(deps: AssetDeps, workspaceId: string, request: IdempotentRequest) {
  const [earlier] = await deps.db
    .select()
    .from(assets)
    .where(earlierCreate(uploadKeys, workspaceId, request));
  const row = replayOf(earlier && { id: earlier, fingerprint: earlier.idempotencyFingerprint }, request);
  return row && signedUpload(deps, row);
}

async function signedUpload(deps: AssetDeps, row: AssetRow) {
  const contentType = row.contentType as AssetType;
  const expires = nowSeconds(deps) + UPLOAD_URL_SECONDS;
  const signature = await sign(deps.signingKey, { purpose: 'upload', assetId: row.id, workspaceId: row.workspaceId, contentType, size: row.size, expires });
  return {
    asset: assetView(row),
    upload: {
      url: `${deps.origin}/api/v1/uploads/${row.id}?expires=${expires}&signature=${signature}`,
      method: 'PUT' as const,
      headers: { 'content-type': contentType, 'content-length': String(row.size) },
      expiresAt: new Date(expires * 1000).toISOString(),
    },
  };
}

/**
 * Takes the signed upload: the signature, then the body's declared type and exact length, then
 * the bytes straight into R2 through a fixed-length stream (never held whole; a body longer or
 * shorter than declared fails the write). Each PUT writes an object of its own and then names it
 * the asset's latest upload, only while the asset is still unchecked: a PUT that lands after
 * completion removes what it wrote and is refused, so it can never change a ready asset's bytes.
 * Sending again before completion replaces the upload (the one before is removed).
 */
export async function receiveUpload(deps: AssetDeps, assetId: string, query: SignedQuery, request: Request) {
  const row = await signedAsset(deps, assetId, query, (asset) => ({ purpose: 'upload', contentType: asset.contentType, size: asset.size }));
  // Refused before any byte is stored; the guarded update below is what makes it hold.
  if (!acceptsUploads(row.status)) throw invalidAssetState(row.status, 'upload');
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== row.contentType) {
    throw new ApiError('validation_failed', `content-type: this upload URL was signed for ${row.contentType}.`, {
      hint: `Send Content-Type: ${row.contentType}, or sign a new upload for the other type.`,
      details: { field: 'content-type', location: 'header', expected: row.contentType },
    });
  }
  const length = Number(request.headers.get('content-length'));
  if (!request.body || !Number.isSafeInteger(length) || length !== row.size) {
    throw new ApiError('validation_failed', `content-length: this upload URL was signed for exactly ${row.size} bytes.`, {
      hint: 'Send the file you declared, with its Content-Length, or sign a new upload for its real size.',
      details: { field: 'content-length', location: 'header', expected: row.size },
    });
  }
  const uploadKey = `${objectPrefix(row)}/${newId('upl')}`;
  await deps.bucket.put(uploadKey, request.body.pipeThrough(new FixedLengthStream(row.size)), { httpMetadata: { contentType: row.contentType } });
  const [recorded] = await recordUpload(deps, row.id, uploadKey);
  if (!recorded) {
    await deps.bucket.delete(uploadKey);
    const [now] = await deps.db.select({ status: assets.status }).from(assets).where(eq(assets.id, row.id));
    if (!now) throw new ApiError('not_found', 'No such asset; it was deleted, or completed as a copy of another.', { hint: 'Sign a new upload.' });
    throw invalidAssetState(now.status, 'upload');
  }
  const { replaced, ...updated } = recorded;
  if (replaced) await deps.bucket.delete(replaced);
  return assetView(updated);
}

const acceptsUploads = (status: AssetRow['status']) => status === 'pending' || status === 'uploaded';

/** Where an asset's objects live: one key per upload under it, so that no two writes share a key. */
const objectPrefix = (row: Pick<AssetRow, 'workspaceId' | 'id'>) => `workspaces/${row.workspaceId}/assets/${row.id}`;

/**
 * Names `uploadKey` the asset's latest upload if it still takes uploads, in one statement that also
 * answers the upload it replaced (read under the row lock, so two PUTs never both miss the other's).
 */
function recordUpload(deps: AssetDeps, assetId: string, uploadKey: string) {
  const prior = deps.db.select({ id: assets.id, uploadKey: assets.uploadKey }).from(assets).where(eq(assets.id, assetId)).for('update').as('prior');
  return deps.db
    .update(assets)
    .set({ status: 'uploaded', uploadKey, uploadedAt: deps.now ?? new Date() })
    .from(prior)
    .where(and(eq(assets.id, prior.id), inArray(assets.status, ['pending', 'uploaded'])))
    .returning({ ...getTableColumns(assets), replaced: prior.uploadKey });
}

/** How many times completion starts over when a newer upload lands while it checks one. */
const COMPLETE_ATTEMPTS = 3;

/**
 * Checks what arrived and makes it usable: the bytes' signature must be the declared type, an
 * image's pixel size is read from its header, and the SHA-256 of the whole object is computed as
 * it streams out of R2. That object, and only it, becomes the one served: the promotion holds only
 * while it is still the asset's latest upload, and when a newer one landed meanwhile the check
 * starts over on it. A workspace keeps identical bytes once: completing a copy of a ready asset
 * drops the copy and answers with the original (`existing: true`).
 */
export async function completeAsset(deps: AssetDeps, workspaceId: string, assetId: string) {
  for (let attempt = 0; attempt < COMPLETE_ATTEMPTS; attempt++) {
    const row = await getAsset(deps.db, workspaceId, assetId);
    if (row.status !== 'uploaded' || !row.uploadKey) throw invalidAssetState(row.status, 'complete');
    const outcome = await completeUpload(deps, row, row.uploadKey);
    if (outcome !== 'superseded') return outcome;
  }
  throw new ApiError('conflict', 'New bytes kept arriving while this upload was being checked; nothing was completed.', {
    hint: 'Wait for the upload (PUT) to finish, then complete the asset again.',
    details: { assetId },
  });
}

/** Checks and promotes one upload; `superseded` when a newer upload replaced it before it was promoted or rejected. */
async function completeUpload(deps: AssetDeps, row: AssetRow, uploadKey: string) {
  const unchanged = and(eq(assets.id, row.id), eq(assets.status, 'uploaded'), eq(assets.uploadKey, uploadKey));
  const checked = await checkUpload(deps, row, uploadKey);
  if (checked === 'gone') return 'superseded';
  if (!checked.ok) {
    const [rejected] = await deps.db.update(assets).set({ status: 'rejected', rejectionReason: checked.reason, uploadKey: null }).where(unchanged).returning();
    if (!rejected) return 'superseded';
    await deps.bucket.delete(uploadKey);
    throw new ApiError('asset_type_mismatch', `Declared ${row.contentType}, but ${checked.reason}.`, {
      hint: 'Sign a new upload with the real content type of the file.',
      details: { declaredType: row.contentType, detectedType: checked.detected },
    });
  }
  const { sha256, dimensions } = checked;
  // Interactive: an advisory lock, then a read that decides between keeping this upload and the existing one.
  const outcome = await deps.db.interactive(async (tx) => {
    // Two completions of the same bytes in one workspace take turns, so exactly one keeps them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${row.workspaceId}:${sha256}`}))`);
    const [original] = await tx
      .select()
      .from(assets)
      .where(and(eq(assets.workspaceId, row.workspaceId), eq(assets.sha256, sha256), eq(assets.status, 'ready')));
    if (original) {
      const [dropped] = await tx.delete(assets).where(unchanged).returning({ id: assets.id });
      return dropped ? { row: original, existing: true } : null;
    }
    const [ready] = await tx
      .update(assets)
      .set({
        status: 'ready',
        objectKey: uploadKey,
        uploadKey: null,
        sha256,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        readyAt: deps.now ?? new Date(),
      })
      .where(unchanged)
      .returning();
    return ready ? { row: ready, existing: false } : null;
  });
  if (!outcome) return 'superseded';
  if (outcome.existing) await deps.bucket.delete(uploadKey);
  return { ...assetView(outcome.row), existing: outcome.existing };
}

type UploadCheck =
  | { ok: true; sha256: string; dimensions: { width: number; height: number } | null }
  | { ok: false; reason: string; detected: AssetType | null }
  | 'gone';

/** Sniffs the type and hashes the whole of one stored upload; `gone` when a newer upload removed it first. */
async function checkUpload(deps: AssetDeps, row: AssetRow, uploadKey: string): Promise<UploadCheck> {
  const head = await deps.bucket.get(uploadKey, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!head) return 'gone';
  const bytes = new Uint8Array(await head.arrayBuffer());
  const detected = sniffType(bytes);
  const dimensions = detected ? imageDimensions(detected, bytes) : null;
  if (detected !== row.contentType || (assetTypes[detected].kind === 'image' && !dimensions)) {
    const reason = detected === row.contentType ? `the ${detected} header is unreadable` : `the bytes are ${detected ?? 'not a supported image or video'}`;
    return { ok: false, reason, detected };
  }
  const sha256 = await storedSha256(deps.bucket, uploadKey);
  return sha256 === null ? 'gone' : { ok: true, sha256, dimensions };
}

/** The hex SHA-256 of a stored object, streamed (never held whole); null when there is no such object. */
export async function storedSha256(bucket: R2Bucket, key: string): Promise<string | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const digest = new crypto.DigestStream('SHA-256');
  await object.body.pipeTo(digest);
  return [...new Uint8Array(await digest.digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Removes the record and its stored objects; an asset shown on a post stays until the post drops it. */
export async function deleteAsset(deps: AssetDeps, workspaceId: string, assetId: string): Promise<void> {
  const row = await getAsset(deps.db, workspaceId, assetId);
  const shownOn = async () => {
    const [used] = await deps.db.select({ postId: postVisuals.postId }).from(postVisuals).where(eq(postVisuals.assetId, row.id)).limit(1);
    return used?.postId;
  };
  const postId = await shownOn();
  if (postId) throw assetShown(postId);
  // The keys are those the row holds as it goes: an upload recorded a moment before is removed too,
  // and one recorded after finds no row and removes its own object.
  const deleted = await deps.db
    .delete(assets)
    .where(and(eq(assets.workspaceId, workspaceId), eq(assets.id, row.id)))
    .returning({ objectKey: assets.objectKey, uploadKey: assets.uploadKey })
    .catch(async (error: unknown) => {
      // The post_visuals foreign key refused it: a post took the asset as a visual since the check above.
      if (isForeignKeyViolation(error)) throw assetShown(await shownOn());
      throw error;
    });
  const keys = deleted.flatMap((keys) => [keys.objectKey, keys.uploadKey]).filter((key): key is string => key !== null);
  if (keys.length) await deps.bucket.delete(keys);
}

function assetShown(postId: string | undefined): ApiError {
  return new ApiError('conflict', 'The asset is a visual of a post.', {
    hint: "Remove it from the post's visuals (PATCH /api/v1/posts/{postId}), then delete it.",
    details: postId ? { postId } : {},
  });
}

export async function signDownload(deps: AssetDeps, workspaceId: string, assetId: string, expiresIn: number) {
  const row = await getAsset(deps.db, workspaceId, assetId);
  if (row.status !== 'ready') throw invalidAssetState(row.status, 'download');
  const expires = nowSeconds(deps) + expiresIn;
  const signature = await sign(deps.signingKey, { purpose: 'download', assetId: row.id, workspaceId, expires });
  return { url: `${deps.origin}/api/v1/assets/${row.id}/content?expires=${expires}&signature=${signature}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Streams a ready asset to whoever holds a valid download URL. */
export async function serveDownload(deps: AssetDeps, assetId: string, query: SignedQuery): Promise<Response> {
  const row = await signedAsset(deps, assetId, query, () => ({ purpose: 'download' }));
  const object = row.status === 'ready' && row.objectKey ? await deps.bucket.get(row.objectKey) : null;
  if (!object) throw new ApiError('not_found', 'The asset is no longer available.', { hint: 'It was deleted; upload it again.' });
  const headers = new Headers({
    'content-type': row.contentType,
    'content-length': String(object.size),
    etag: object.httpEtag,
    'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
    'cache-control': `private, max-age=${Math.max(0, Number(query.expires) - nowSeconds(deps))}`,
    'x-content-type-options': 'nosniff',
  });
  return new Response(object.body, { status: 200, headers });
}

/** The asset a signed URL names, once the signature holds: a deleted asset is 404, anything wrong with the URL one 403. */
async function signedAsset(
  deps: AssetDeps,
  assetId: string,
  query: SignedQuery,
  bound: (row: AssetRow) => Pick<SignedFields, 'purpose' | 'contentType' | 'size'>,
): Promise<AssetRow> {
  const [row] = await deps.db.select().from(assets).where(eq(assets.id, assetId));
  if (!row) throw new ApiError('not_found', 'No such asset; it may have been deleted.', { hint: 'Upload it again.' });
  const expires = /^[0-9]{1,12}$/.test(query.expires ?? '') ? Number(query.expires) : Number.NaN;
  const check = await verify(
    deps.signingKey,
    { ...bound(row), assetId: row.id, workspaceId: row.workspaceId, expires },
    query.signature ?? '',
    nowSeconds(deps),
  );
  if (check.ok) return row;
  if (check.reason === 'expired') throw new ApiError('url_signature_expired', 'This signed URL has expired.', { hint: 'Ask for a new signed URL.' });
  throw new ApiError('url_signature_invalid', 'This signed URL is not valid.', { hint: 'Use the URL exactly as it was returned, or ask for a new one.' });
}

export async function getAsset(db: Database, workspaceId: string, assetId: string): Promise<AssetRow> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.workspaceId, workspaceId), eq(assets.id, assetId)));
  if (!row) throw new ApiError('not_found', 'No asset with this id in this workspace.', { hint: 'List assets with GET /api/v1/assets.' });
  return row;
}

export async function listAssets(db: Database, workspaceId: string, filters: { status?: AssetRow['status'] }, after: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.workspaceId, workspaceId), filters.status ? eq(assets.status, filters.status) : undefined, after ? lt(assets.id, after) : undefined))
    .orderBy(desc(assets.id))
    .limit(limit + 1);
  return rows.map(assetView);
}

/**
 * Shows a ready asset as the post's next visual. This is an edit: the post returns to draft and
 * its fingerprint now covers the asset's bytes, so an earlier approval does not carry over.
 */
export async function attachVisual(db: Database, workspaceId: string, actor: Actor, postId: string, input: { assetId: string; altText: string }) {
  const asset = await getAsset(db, workspaceId, input.assetId).catch((error: unknown) => {
    throw error instanceof ApiError ? new ApiError('not_found', error.message, { hint: error.hint, details: { field: 'assetId' } }) : error;
  });
  if (asset.status !== 'ready') throw invalidAssetState(asset.status, 'attach');
  await getPost(db, workspaceId, postId);
  const current = await postVisualInputs(db, postId);
  if (current.length >= MAX_VISUALS) {
    throw new ApiError('validation_failed', `A post shows at most ${MAX_VISUALS} visuals.`, {
      hint: 'Remove a visual first (PATCH /api/v1/posts/{postId} with the visuals to keep).',
      details: { field: 'assetId', maxVisuals: MAX_VISUALS },
    });
  }
  return editPost(db, workspaceId, actor, postId, {
    visuals: [...current, { url: `asset:${asset.id}`, altText: input.altText, assetId: asset.id, contentHash: asset.sha256 }],
  });
}

function invalidAssetState(status: string, action: string): ApiError {
  const hints: Record<string, string> = {
    upload: 'The asset was already completed or rejected; sign a new upload.',
    complete: 'Upload the bytes to the signed URL first; an asset is completed once.',
    download: 'Complete the upload first (POST /api/v1/assets/{assetId}/complete).',
    attach: 'Complete the upload first (POST /api/v1/assets/{assetId}/complete).',
  };
  return new ApiError('invalid_transition', `This asset is ${status}; ${action} does not apply.`, {
    hint: hints[action],
    details: { currentStatus: status, action },
  });
}

/** The asset services of one request: the bucket, the URL signing key and this Worker's origin. */
export async function assetDeps(env: LaunchBindings, db: Database, requestUrl: string): Promise<AssetDeps> {
  const { INTERNAL_SECRET } = readConfig(launchConfigSchema, env);
  return { db, bucket: env.ASSET_FILES, signingKey: await urlSigningKey(INTERNAL_SECRET), origin: new URL(requestUrl).origin };
}
