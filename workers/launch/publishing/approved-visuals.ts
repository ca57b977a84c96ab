import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { assets, type posts, postVisuals } from '../../../shared/db/schema';
import { storedSha256 } from '../services/assets';
import { contentFingerprint, type VisualInput } from '../services/campaigns';
import { PublishError } from './channel-adapter';

type PostRow = typeof posts.$inferSelect;

/**
 * The post's visuals as they go out, once what is stored still is what was approved: the bytes of
 * every asset are read and hashed again, and must give the SHA-256 the approval was bound to
 * (through the post's fingerprint). Anything else is refused for good: nothing is sent, and the
 * delivery fails saying which visual and why. A storage read that fails is worth retrying.
 */
export async function approvedVisuals(db: Database, bucket: R2Bucket, post: PostRow): Promise<ApprovedVisual[]> {
  const rows = await db
    .select({
      url: postVisuals.url,
      altText: postVisuals.altText,
      assetId: postVisuals.assetId,
      objectKey: assets.objectKey,
      sha256: assets.sha256,
      contentType: assets.contentType,
    })
    .from(postVisuals)
    .leftJoin(assets, eq(assets.id, postVisuals.assetId))
    .where(eq(postVisuals.postId, post.id))
    .orderBy(asc(postVisuals.position));
  const visuals: VisualInput[] = await Promise.all(
    rows.map(async (row, index) => {
      if (!row.assetId) return { url: row.url, altText: row.altText };
      const visual = `Visual ${index + 1} (asset ${row.assetId})`;
      const stored = row.objectKey ? await readSha256(bucket, row.objectKey, visual) : null;
      if (stored === null) throw new PublishError(`${visual} has no stored file, so nothing was sent. ${reapprove}`, false);
      if (stored !== row.sha256) {
        throw new PublishError(
          `${visual}: the stored file hashes to SHA-256 ${stored}, not ${row.sha256} as approved; it changed after approval, so nothing was sent. ${reapprove}`,
          false,
        );
      }
      return { url: row.url, altText: row.altText, assetId: row.assetId, contentHash: stored };
    }),
  );
  if ((await contentFingerprint(post.channel, post.copy, visuals)) !== post.approvedFingerprint) {
    throw new PublishError(`The post's copy or visuals are not what was approved, so nothing was sent. ${reapprove}`, false);
  }
  return rows.map((row) => ({
    url: row.url,
    altText: row.altText,
    stored:
      row.assetId && row.objectKey && row.sha256
        ? { objectKey: row.objectKey, sha256: row.sha256, contentType: row.contentType ?? 'application/octet-stream' }
        : null,
  }));
}

/** A visual as approved; `stored` when it is an uploaded asset (its object and approved hash), null for a link. */
export interface ApprovedVisual {
  url: string;
  altText: string;
  stored: { objectKey: string; sha256: string; contentType: string } | null;
}

const reapprove = 'Upload the file again, show it on the post (POST /api/v1/posts/{postId}/visuals) and have the post approved again.';

async function readSha256(bucket: R2Bucket, key: string, visual: string): Promise<string | null> {
  try {
    return await storedSha256(bucket, key);
  } catch (error) {
    throw new PublishError(`${visual} could not be read from storage: ${error instanceof Error ? error.message : String(error)}`, true);
  }
}
