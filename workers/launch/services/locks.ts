import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import { campaigns, posts } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { firstLockingPost } from '../domain/post-status';

/** The posts of one campaign. */
export function postsOfCampaign(campaignId: string): SQL {
  return eq(posts.campaignId, campaignId);
}

/** The posts of every campaign of a release. */
export function postsOfRelease(tx: Executor, workspaceId: string, releaseId: string): SQL {
  const ofRelease = tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.releaseId, releaseId)));
  return inArray(posts.campaignId, ofRelease);
}

/**
 * Locks every post matching `which` for the rest of the transaction, then refuses
 * (409 `locked_by_post`, naming the post) if one is approved, scheduled or publishing. Locking them
 * all, not only the matching ones, makes a concurrent approval or schedule wait for this change.
 */
export async function requireNoLockingPost(tx: Executor, which: SQL, subject: 'campaign' | 'release', action: 'changed' | 'deleted'): Promise<void> {
  const rows = await tx.select({ id: posts.id, status: posts.status }).from(posts).where(which).orderBy(asc(posts.id)).for('update');
  const locking = firstLockingPost(rows);
  if (!locking) return;
  throw new ApiError('locked_by_post', `Post ${locking.id} is ${locking.status}, so this ${subject} cannot be ${action}.`, {
    hint: 'Cancel the scheduled post, or edit the approved one back to draft, then try again.',
    details: { postId: locking.id, currentStatus: locking.status },
  });
}
