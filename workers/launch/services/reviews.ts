import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { campaigns, postDecisions, postDeliveries, postVisuals, posts, releases, reviewRequests } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { TimedPosition } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { allowedFrom, postTransitions, type PostAction } from '../domain/post-status';
import { recordChanges, type Actor } from './audit';
import { getCampaign, getPost, invalidTransition } from './campaigns';
import { decisionView, latestDecisions, type Decision } from './decisions';
import { deliveryView } from './deliveries';
import { notifyReviewDecided, notifyReviewRequested } from '../notifications/outbox';

/** Puts every draft (and every post sent back for changes) of the campaign in front of reviewers. */
export async function requestReview(db: Database, workspaceId: string, actor: Actor, campaignId: string, note: string | undefined) {
  const campaign = await getCampaign(db, workspaceId, campaignId);
  const requestId = newId('rvr');
  // Interactive: the open posts are locked and read, and exactly those move and are recorded.
  const submitted = await db.interactive(async (tx) => {
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
    await notifyReviewRequested(tx, workspaceId, actor, { campaignId, campaignName: campaign.name, postCount: before.length, note: note ?? null });
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
    .select({ post: posts, campaignName: campaigns.name, release: { id: releases.id, version: releases.version, title: releases.title } })
    .from(posts)
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .leftJoin(releases, eq(releases.id, campaigns.releaseId))
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
  return rows.map(({ post, campaignName, release }) => ({
    postId: post.id,
    campaignId: post.campaignId,
    campaignName,
    release: release?.id ? release : null,
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
  // Interactive: whether the guarded update moved the post decides the trail and what follows.
  const post = await db.interactive(async (tx) => {
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
    const seen = await tx
      .select({ url: postVisuals.url, altText: postVisuals.altText })
      .from(postVisuals)
      .where(eq(postVisuals.postId, postId))
      .orderBy(asc(postVisuals.position));
    const [decision] = await tx
      .insert(postDecisions)
      .values({
        id: newId('dec'),
        workspaceId,
        postId,
        decision: input.decision,
        contentFingerprint: updated.contentFingerprint,
        copy: updated.copy,
        visuals: seen,
        note: input.note ?? null,
        decidedBy: actor.id,
        createdAt: now,
      })
      .returning();
    await recordChanges(tx, workspaceId, actor, [{ campaignId: updated.campaignId, postId, action, from: 'in_review', to, note: input.note ?? null }]);
    await notifyReviewDecided(tx, workspaceId, actor, { postId, decision: input.decision, note: input.note ?? null });
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

/**
 * Everything a reviewer looks at for one post: its copy and visuals, campaign and release, the
 * newest delivery, and the previous decision with the copy and visuals it was made on, so the page
 * can show what changed since.
 */
export async function reviewDetail(db: Database, workspaceId: string, postId: string) {
  const post = await getPost(db, workspaceId, postId);
  const [[context], visuals, [previous], [delivery]] = await Promise.all([
    db
      .select({ campaign: { id: campaigns.id, name: campaigns.name }, release: { id: releases.id, version: releases.version, title: releases.title } })
      .from(campaigns)
      .leftJoin(releases, eq(releases.id, campaigns.releaseId))
      .where(eq(campaigns.id, post.campaignId)),
    db.select().from(postVisuals).where(eq(postVisuals.postId, post.id)).orderBy(asc(postVisuals.position)),
    db.select().from(postDecisions).where(eq(postDecisions.postId, post.id)).orderBy(desc(postDecisions.id)).limit(1),
    db.select().from(postDeliveries).where(eq(postDeliveries.postId, post.id)).orderBy(desc(postDeliveries.id)).limit(1),
  ]);
  return {
    post,
    campaign: context!.campaign,
    release: context?.release?.id ? context.release : null,
    visuals: visuals.map((visual) => ({ url: visual.url, altText: visual.altText, assetId: visual.assetId })),
    previousDecision: previous ? { ...decisionView(previous), copy: previous.copy, visuals: previous.visuals } : null,
    delivery: delivery ? deliveryView(delivery) : null,
  };
}
