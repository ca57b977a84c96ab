import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { channelConnections, postDeliveries, posts } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { Channel } from '../domain/channels';
import { publishedUrlOrigins, publishedUrlProblem } from '../domain/published-url';
import { notifyPublishOutcome, notPublishedReason } from '../notifications/outbox';
import { recordChanges, type Actor } from './audit';
import { checkPublishAt } from './scheduling';

export type DeliveryOutcome = { outcome: 'published'; url: string } | { outcome: 'not_published'; publishAt?: Date };

/**
 * A person settles a delivery whose outcome the publisher could not tell (`unknown`, its post
 * `failed`): published after all, at a URL on the network's own host (`confirm_published`), or
 * not published, and the same delivery is tried again, at once or at `publishAt`, under the
 * schedule's rules (`confirm_not_published`). Keeping the delivery keeps its Bluesky record key and
 * Mastodon Idempotency-Key, so a person who was wrong about "not published" still gets one post
 * there. The post's latest delivery must be `unknown` (409 otherwise); the change, its trail and
 * the notice (to the people a publish or failure is told to) are one transaction.
 */
export async function settleUnknownDelivery(
  db: Database,
  blueskyAppUrl: string,
  workspaceId: string,
  actor: Actor,
  postId: string,
  input: DeliveryOutcome,
  now: Date = new Date(),
) {
  if (input.outcome === 'not_published' && input.publishAt) checkPublishAt(input.publishAt, now);
  // Interactive: the post and its latest delivery are read locked, and what they are decides the change.
  return db.interactive(async (tx) => {
    const [post] = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)))
      .for('update');
    if (!post) throw new ApiError('not_found', 'No post with this id in this workspace.', { hint: 'Read the campaign to see its posts.' });
    const [delivery] = await tx.select().from(postDeliveries).where(eq(postDeliveries.postId, postId)).orderBy(desc(postDeliveries.id)).limit(1).for('update');
    if (!delivery || delivery.status !== 'unknown' || post.status !== 'failed') {
      throw new ApiError(
        'invalid_transition',
        `Only a delivery whose outcome is unknown can be settled; this post is ${post.status} and its delivery ${delivery?.status ?? 'absent'}.`,
        {
          hint: 'Read the post (GET /api/v1/posts/{postId}) for its delivery; a failed one is retried with POST /api/v1/posts/{postId}/retry.',
          details: { currentStatus: post.status, deliveryStatus: delivery?.status ?? null },
        },
      );
    }
    const [connection] = delivery.connectionId ? await tx.select().from(channelConnections).where(eq(channelConnections.id, delivery.connectionId)) : [];
    const about = { campaignId: post.campaignId, postId, from: 'failed' } as const;

    if (input.outcome === 'published') {
      const origins = publishedUrlOrigins(post.channel as Channel, {
        viaConnection: delivery.connectionId !== null,
        blueskyAppUrl,
        serviceUrl: connection?.serviceUrl ?? null,
      });
      const problem = publishedUrlProblem(input.url, origins);
      if (problem) {
        throw new ApiError('validation_failed', `url ${problem}.`, {
          details: { field: 'url' },
          hint: "Give the address of the post's page on the network, as its share link shows it.",
        });
      }
      const [settled] = await tx
        .update(postDeliveries)
        .set({
          status: 'published',
          externalUrl: input.url,
          publishedAt: now,
          lastError: null,
          claimedUntil: null,
          previousAttemptUnknown: false,
          updatedAt: now,
        })
        .where(eq(postDeliveries.id, delivery.id))
        .returning();
      await tx.update(posts).set({ status: 'published', updatedAt: now }).where(eq(posts.id, postId));
      await recordChanges(tx, workspaceId, actor, [{ ...about, action: 'confirm_published', to: 'published', note: input.url }]);
      await notifyPublishOutcome(tx, delivery, { published: true, url: input.url }, actor);
      return { status: 'published' as const, delivery: settled! };
    }

    if (post.approvedFingerprint !== post.contentFingerprint) {
      throw new ApiError('invalid_transition', 'The post changed since it was approved, so it cannot go out again as it is.', {
        hint: 'Submit it for review again.',
        details: { currentStatus: post.status },
      });
    }
    if (connection && connection.status !== 'connected') {
      throw new ApiError(
        'connection_required',
        `${connection.accountName} is ${connection.status.replace('_', ' ')}, so the post could not go out; nothing changed.`,
        {
          hint: 'An owner or admin reconnects it (Settings → Connections), then settles the delivery again.',
          details: { postId, channel: post.channel, missing: [`reconnect ${connection.accountName}`] },
        },
      );
    }
    const [settled] = await tx
      .update(postDeliveries)
      .set({
        status: 'pending',
        scheduledFor: input.publishAt ?? now,
        attempts: 0,
        nextAttemptAt: null,
        previousAttemptUnknown: false,
        claimedUntil: null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(postDeliveries.id, delivery.id))
      .returning();
    await tx.update(posts).set({ status: 'scheduled', updatedAt: now }).where(eq(posts.id, postId));
    await recordChanges(tx, workspaceId, actor, [{ ...about, action: 'confirm_not_published', to: 'scheduled' }]);
    await notifyPublishOutcome(tx, delivery, { published: false, reason: await notPublishedReason(tx, actor), retryAt: settled!.scheduledFor }, actor);
    return { status: 'scheduled' as const, delivery: settled! };
  });
}
