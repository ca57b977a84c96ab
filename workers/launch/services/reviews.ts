import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { campaigns, postDecisions, posts, reviewRequests } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { TimedPosition } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { allowedFrom, postTransitions, type PostAction } from '../domain/post-status';
import { recordChanges, type Actor } from './audit';
import { getCampaign, getPost, invalidTransition } from './campaigns';
import { decisionView, latestDecisions, type Decision } from './decisions';

/** Puts every draft (and every post sent back for changes) of the campaign in front of reviewers. */
export async function requestReview(db: Database, workspaceId: string, actor: Actor, campaignId: string, note: string | undefined) {
  await getCampaign(db, workspaceId, campaignId);
  const requestId = newId('rvr');
  const submitted = await db.transaction(async (tx) => {
    const before = await tx
      .select({ id: posts.id, status: posts.status })
      .from(posts)
      .where(and(eq(posts.campaignId, campaignId), inArray(posts.status, [...allowedFrom('submit')])))
      .orderBy(asc(posts.position), asc(posts.id))
      .for('update');
    if (before.length === 0) return [];
    await tx
      .update(posts)
      .set({ status: 'in_review', updatedAt: new Date() })
      .where(
        inArray(
          posts.id,
          before.map((post) => post.id),
        ),
      );
    await tx
      .insert(reviewRequests)
      .values({ id: requestId, workspaceId, campaignId, postIds: before.map((post) => post.id), note: note ?? null, requestedBy: actor.id });
    await recordChanges(
      tx,
      workspaceId,
      actor,
      before.map((post) => ({ campaignId, postId: post.id, action: 'submit', from: post.status, to: 'in_review', note: note ?? null })),
    );
    return before;
  });
  if (submitted.length === 0) {
    throw new ApiError('invalid_transition', 'This campaign has no drafts to submit for review.', {
      hint: 'Only drafts and posts with changes requested can be submitted; edit a post to make it a draft again.',
    });
  }
  return { id: requestId, campaignId, postIds: submitted.map((post) => post.id), note: note ?? null };
}

/** Posts waiting for a decision, longest-waiting first, with their campaign; one extra row tells whether more follow. */
export async function reviewQueue(db: Database, workspaceId: string, after: TimedPosition | undefined, limit: number) {
  // Positions compare at millisecond precision, the precision a cursor carries.
  const submittedAt = sql`date_trunc('milliseconds', ${posts.updatedAt})`;
  const rows = await db
    .select({ post: posts, campaignName: campaigns.name })
    .from(posts)
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.status, 'in_review'),
        after ? sql`(${submittedAt}, ${posts.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(submittedAt), asc(posts.id))
    .limit(limit + 1);
  const decisions = await latestDecisions(
    db,
    rows.map(({ post }) => post.id),
  );
  return rows.map(({ post, campaignName }) => ({
    postId: post.id,
    campaignId: post.campaignId,
    campaignName,
    channel: post.channel,
    copy: post.copy,
    variantOf: post.variantOf,
    contentFingerprint: post.contentFingerprint,
    submittedAt: post.updatedAt.toISOString(),
    lastDecision: decisions.get(post.id) ?? null,
  }));
}

/**
 * A reviewer's decision, applied only while the post is in review and only to the content they
 * saw: if `contentFingerprint` is given and the copy changed since, nothing happens (409).
 * Concurrent decisions on one post: exactly one wins; the rest find it no longer in review.
 */
export async function decide(
  db: Database,
  workspaceId: string,
  actor: Actor,
  postId: string,
  input: { decision: Decision; note?: string; contentFingerprint?: string },
) {
  const action: PostAction = input.decision;
  const to = postTransitions[action].to;
  const now = new Date();
  const post = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(posts)
      .set({
        status: to,
        updatedAt: now,
        ...(input.decision === 'approve' ? { approvedFingerprint: sql`${posts.contentFingerprint}`, approvedBy: actor.id, approvedAt: now } : {}),
      })
      .where(
        and(
          eq(posts.id, postId),
          eq(posts.workspaceId, workspaceId),
          inArray(posts.status, [...allowedFrom(action)]),
          input.contentFingerprint ? eq(posts.contentFingerprint, input.contentFingerprint) : undefined,
        ),
      )
      .returning();
    if (!updated) return undefined;
    const [decision] = await tx
      .insert(postDecisions)
      .values({
        id: newId('dec'),
        workspaceId,
        postId,
        decision: input.decision,
        contentFingerprint: updated.contentFingerprint,
        note: input.note ?? null,
        decidedBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordChanges(tx, workspaceId, actor, [{ campaignId: updated.campaignId, postId, action, from: 'in_review', to, note: input.note ?? null }]);
    return { post: updated, decision: decisionView(decision!) };
  });
  if (post) return post;
  const current = await getPost(db, workspaceId, postId);
  if (current.status === 'in_review' && input.contentFingerprint) {
    throw new ApiError('invalid_transition', 'The post changed after you opened it; review the current copy.', {
      hint: 'Reload the post and decide on its current content.',
      details: { currentStatus: current.status, currentFingerprint: current.contentFingerprint },
    });
  }
  throw invalidTransition(action, current.status);
}
