import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { campaigns, postDeliveries, posts, publishingEndpoints } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { TimedPosition } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { allowedFrom, type PostStatus } from '../domain/post-status';
import { recordChanges, type Actor } from './audit';
import { getPost, invalidTransition } from './campaigns';
import { retryingAt, type DeliveryStatus } from './deliveries';

/** A post can be scheduled up to a year ahead, and not in the past (a minute of clock skew allowed). */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
const SKEW_MS = 60_000;

/**
 * Only an approved post whose content is still the content that was approved can be scheduled
 * (`schedule`), and a failed one put back on the schedule (`retry`); the status check and the
 * change are one statement, so concurrent requests schedule it once. A workspace without a
 * publishing endpoint is refused here rather than failing the post when it falls due.
 */
export async function schedulePost(
  db: Database,
  workspaceId: string,
  actor: Actor,
  postId: string,
  publishAt: Date,
  action: 'schedule' | 'retry' = 'schedule',
  now: Date = new Date(),
) {
  if (publishAt.getTime() < now.getTime() - SKEW_MS || publishAt.getTime() > now.getTime() + MAX_AHEAD_MS) {
    throw new ApiError('validation_failed', 'publishAt must be between now and a year from now.', {
      details: { field: 'publishAt' },
      hint: 'Send a future ISO 8601 time.',
    });
  }
  const [from] = allowedFrom(action);
  // Interactive: whether the guarded update moved the post decides the delivery written for it.
  const delivery = await db.interactive(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ status: 'scheduled', updatedAt: now })
      .where(
        and(
          eq(posts.id, postId),
          eq(posts.workspaceId, workspaceId),
          inArray(posts.status, [...allowedFrom(action)]),
          sql`${posts.approvedFingerprint} = ${posts.contentFingerprint}`,
        ),
      )
      .returning();
    if (!post) return undefined;
    const [endpoint] = await tx.select({ url: publishingEndpoints.url }).from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, workspaceId));
    if (!endpoint) {
      throw new ApiError('publishing_endpoint_required', 'This workspace has no publishing endpoint, so the post could never be published.', {
        hint: 'An owner or admin sets one with PUT /api/v1/publishing-endpoint; then schedule the post again.',
        details: { postId },
      });
    }
    const [row] = await tx
      .insert(postDeliveries)
      .values({ id: newId('dlv'), workspaceId, postId, channel: post.channel, scheduledFor: publishAt, scheduledBy: actor.id })
      .returning();
    await recordChanges(tx, workspaceId, actor, [{ campaignId: post.campaignId, postId, action, from: from!, to: 'scheduled' }]);
    return row!;
  });
  if (!delivery) throw invalidTransition(action, (await getPost(db, workspaceId, postId)).status);
  return delivery;
}

/** Takes a scheduled post off the schedule before it is published; its approval stands. */
export async function cancelPost(db: Database, workspaceId: string, actor: Actor, postId: string) {
  // Interactive: whether the guarded update moved the post decides which deliveries are cancelled.
  const cancelled = await db.interactive(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ status: 'approved', updatedAt: new Date() })
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId), inArray(posts.status, [...allowedFrom('cancel')])))
      .returning();
    if (!post) return undefined;
    const deliveries = await tx
      .update(postDeliveries)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(postDeliveries.postId, postId), eq(postDeliveries.status, 'pending')))
      .returning();
    await recordChanges(tx, workspaceId, actor, [{ campaignId: post.campaignId, postId, action: 'cancel', from: 'scheduled', to: 'approved' }]);
    return deliveries[0];
  });
  if (!cancelled) throw invalidTransition('cancel', (await getPost(db, workspaceId, postId)).status);
  return cancelled;
}

/**
 * The publishing schedule: deliveries in a time window, soonest first. Without a status it shows
 * what still needs attention: deliveries waiting (including retries) or under way, and the failed
 * delivery of every post that is still failed, with the route that puts it back.
 */
export async function listSchedule(
  db: Database,
  workspaceId: string,
  window: { from: Date; to: Date; status: DeliveryStatus | undefined },
  after: TimedPosition | undefined,
  limit: number,
) {
  const { from, to, status } = window;
  // Positions compare at millisecond precision, the precision a cursor carries.
  const due = sql`date_trunc('milliseconds', ${postDeliveries.scheduledFor})`;
  const which = status
    ? eq(postDeliveries.status, status)
    : or(inArray(postDeliveries.status, ['pending', 'publishing']), and(eq(postDeliveries.status, 'failed'), eq(posts.status, 'failed')));
  const rows = await db
    .select({ delivery: postDeliveries, campaignId: posts.campaignId, campaignName: campaigns.name, copy: posts.copy, postStatus: posts.status })
    .from(postDeliveries)
    .innerJoin(posts, eq(posts.id, postDeliveries.postId))
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .where(
      and(
        eq(postDeliveries.workspaceId, workspaceId),
        gte(postDeliveries.scheduledFor, from),
        lt(postDeliveries.scheduledFor, to),
        which,
        after ? sql`(${due}, ${postDeliveries.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(due), asc(postDeliveries.id))
    .limit(limit + 1);
  return rows.map(({ delivery, campaignId, campaignName, copy, postStatus }) => ({
    deliveryId: delivery.id,
    postId: delivery.postId,
    campaignId,
    campaignName,
    channel: delivery.channel,
    copy,
    status: delivery.status as DeliveryStatus,
    postStatus: postStatus as PostStatus,
    scheduledFor: delivery.scheduledFor.toISOString(),
    attempts: delivery.attempts,
    nextAttemptAt: retryingAt(delivery),
    lastError: delivery.lastError,
    externalUrl: delivery.externalUrl,
    retryPath: delivery.status === 'failed' && postStatus === 'failed' ? `/api/v1/posts/${delivery.postId}/retry` : null,
  }));
}
