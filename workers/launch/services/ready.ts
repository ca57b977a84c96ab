import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { campaigns, posts, releases } from '../../../shared/db/schema';

/**
 * Approved posts waiting for a time: out of the review queue, not yet on the schedule. Only posts
 * whose content is still what was approved (the only ones scheduling accepts), longest-approved first.
 * One extra row tells whether more follow.
 */
export async function readyToSchedule(db: Database, workspaceId: string, limit: number) {
  const rows = await db
    .select({ post: posts, campaignName: campaigns.name, release: { id: releases.id, version: releases.version, title: releases.title } })
    .from(posts)
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .leftJoin(releases, eq(releases.id, campaigns.releaseId))
    .where(and(eq(posts.workspaceId, workspaceId), eq(posts.status, 'approved'), sql`${posts.approvedFingerprint} = ${posts.contentFingerprint}`))
    .orderBy(asc(posts.approvedAt), asc(posts.id))
    .limit(limit + 1);
  return rows.map(({ post, campaignName, release }) => ({
    postId: post.id,
    campaignId: post.campaignId,
    campaignName,
    release: release?.id ? release : null,
    channel: post.channel,
    copy: post.copy,
    variantOf: post.variantOf,
    approvedBy: post.approvedBy,
    approvedAt: post.approvedAt?.toISOString() ?? null,
  }));
}
