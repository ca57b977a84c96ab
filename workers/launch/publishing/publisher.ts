import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { channelConnections, linkPreviews, postDeliveries, posts, publishingEndpoints } from '../../../shared/db/schema';
import { loadLaunchEntitlement } from '../../../shared/platform/entitlements';
import { retrySchedule } from '../../../shared/webhooks/retry';
import { workspaceUse } from '../auth/operation';
import type { Channel } from '../domain/channels';
import { normalizePreviewUrl } from '../domain/link-metadata';
import { postTransitions, type PostAction } from '../domain/post-status';
import { recordChanges, type Actor } from '../services/audit';
import { notifyPublishOutcome } from '../notifications/outbox';
import { approvedVisuals, type ApprovedVisual } from './approved-visuals';
import { PublishError, type ChannelAdapter, type LinkCard, type PublishRequest, type PublishResult } from './channel-adapter';

const BATCH_SIZE = 25;
/** A run stops claiming new batches after this long, well inside a cron invocation's limits. */
const RUN_BUDGET_MS = 20_000;
/** A run that dies holding a claim loses it after this long, and a later run takes the delivery. */
const CLAIM_MS = 2 * 60_000;
/** Wait before attempt n+1: 1 min, 5 min, 15 min, 1 h; 5 attempts in all. */
const PUBLISH_RETRIES = retrySchedule([60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]);
export const MAX_ATTEMPTS = PUBLISH_RETRIES.maxAttempts;
export const BACKOFF_MS = PUBLISH_RETRIES.delaysMs;

const publisher: Actor = { type: 'system', id: 'publisher' };

type DeliveryRow = typeof postDeliveries.$inferSelect;
type Outcome = 'published' | 'retrying' | 'failed' | 'withdrawn' | 'unknown';

export interface PublisherRunResult {
  claimed: number;
  published: number;
  retrying: number;
  failed: number;
  /** Claimed, but the post had been cancelled in the meantime: nothing was sent. */
  withdrawn: number;
  /** The network may or may not have published it and the adapter could not tell: left for a person. */
  unknown: number;
}

/**
 * Where a delivery goes: through its connected account's network adapter (connections/sessions.ts,
 * which refreshes the account's access first), or, with no connection, the workspace's signed endpoint.
 */
export interface Adapters {
  endpoint(endpoint: { url: string; secret: string }): ChannelAdapter;
  connection(connectionId: string): Promise<ChannelAdapter>;
  /** The bytes of a post's visual, for adapters that upload media. */
  visualReader(visuals: ApprovedVisual[]): PublishRequest['readVisual'];
}

/** Whether a workspace may publish now (its subscription live, renewed at a period boundary); asked once per workspace per run. */
type MayPublish = (workspaceId: string) => Promise<boolean>;

/**
 * One cron run: claims due deliveries and publishes each through its workspace's adapter. The
 * claim is a single `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so overlapping runs
 * never take the same delivery.
 */
export async function runPublisher(db: Database, bucket: R2Bucket, adapters: Adapters, now: () => Date = () => new Date()): Promise<PublisherRunResult> {
  const result: PublisherRunResult = { claimed: 0, published: 0, retrying: 0, failed: 0, withdrawn: 0, unknown: 0 };
  const started = now().getTime();
  const asked = new Map<string, Promise<boolean>>();
  const mayPublish: MayPublish = (workspaceId) => {
    let answer = asked.get(workspaceId);
    if (!answer) {
      answer = loadLaunchEntitlement(db, workspaceId, now()).then((entitlement) => entitlement.features.includes(workspaceUse.feature));
      asked.set(workspaceId, answer);
    }
    return answer;
  };
  while (now().getTime() - started < RUN_BUDGET_MS) {
    const claimed = await claimDue(db, now());
    result.claimed += claimed.length;
    // Every delivery of the batch ends (or fails) before the run goes on or gives up, so a failing
    // database never leaves one mid-transaction while the run closes its connections.
    const settled = await Promise.allSettled(claimed.map((delivery) => publishOne(db, bucket, adapters, mayPublish, delivery, now())));
    for (const outcome of settled) if (outcome.status === 'fulfilled') result[outcome.value] += 1;
    const failure = settled.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    if (claimed.length < BATCH_SIZE) break;
  }
  return result;
}

async function claimDue(db: Database, now: Date): Promise<DeliveryRow[]> {
  const at = now.toISOString();
  const due = db
    .select({ id: postDeliveries.id })
    .from(postDeliveries)
    .where(
      sql`((${postDeliveries.status} = 'pending' and ${postDeliveries.scheduledFor} <= ${at}::timestamptz
           and (${postDeliveries.nextAttemptAt} is null or ${postDeliveries.nextAttemptAt} <= ${at}::timestamptz))
          or (${postDeliveries.status} = 'publishing' and ${postDeliveries.claimedUntil} < ${at}::timestamptz))
          and not exists (select 1 from ${channelConnections} where ${channelConnections.id} = ${postDeliveries.connectionId}
                          and ${channelConnections.status} = 'reconnect_required')`,
    )
    .orderBy(asc(postDeliveries.scheduledFor))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(postDeliveries)
    .set({
      status: 'publishing',
      attempts: sql`${postDeliveries.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + CLAIM_MS),
      // SET reads the row as it was: a delivery still `publishing` is one whose run died mid-attempt.
      previousAttemptUnknown: sql`${postDeliveries.previousAttemptUnknown} or ${postDeliveries.status} = 'publishing'`,
      updatedAt: now,
    })
    .where(inArray(postDeliveries.id, due))
    .returning();
}

async function publishOne(db: Database, bucket: R2Bucket, adapters: Adapters, mayPublish: MayPublish, delivery: DeliveryRow, now: Date): Promise<Outcome> {
  const post = await startPublishing(db, delivery);
  if (!post) {
    await db.update(postDeliveries).set({ status: 'cancelled', claimedUntil: null, updatedAt: now }).where(eq(postDeliveries.id, delivery.id));
    return 'withdrawn';
  }
  let result: PublishResult;
  try {
    if (!(await mayPublish(delivery.workspaceId))) {
      throw new PublishError(
        'The workspace has no active subscription, so nothing was sent; once it is renewed, retry the post (POST /api/v1/posts/{postId}/retry).',
        false,
      );
    }
    const adapter = await adapterOf(db, adapters, delivery);
    const visuals = await approvedVisuals(db, bucket, post);
    result = await adapter.publish({
      deliveryId: delivery.id,
      workspaceId: delivery.workspaceId,
      campaignId: post.campaignId,
      postId: post.id,
      channel: post.channel as Channel,
      copy: post.copy,
      visuals: visuals.map(({ url, altText }) => ({ url, altText })),
      readVisual: adapters.visualReader(visuals),
      linkCard: delivery.connectionId ? await linkCardOf(db, delivery.workspaceId, post.copy) : null,
      scheduledFor: delivery.scheduledFor.toISOString(),
      attempt: delivery.attempts,
      previousAttemptUnknown: delivery.previousAttemptUnknown,
    });
  } catch (error) {
    const [changes, action, outcome] = afterFailure(error, delivery, now);
    await settleDelivery(db, delivery, post.campaignId, changes, action);
    return outcome;
  }
  await settleDelivery(
    db,
    delivery,
    post.campaignId,
    {
      status: 'published',
      externalId: result.externalId,
      externalUrl: result.externalUrl,
      publishedAt: now,
      lastError: null,
      claimedUntil: null,
      previousAttemptUnknown: false,
      updatedAt: now,
    },
    'publish_succeeded',
  );
  return 'published';
}

async function adapterOf(db: Database, adapters: Adapters, delivery: DeliveryRow): Promise<ChannelAdapter> {
  if (delivery.connectionId) return adapters.connection(delivery.connectionId);
  const [endpoint] = await db.select().from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, delivery.workspaceId));
  if (!endpoint) throw new PublishError('The workspace has no publishing endpoint; set one with PUT /api/v1/publishing-endpoint.', false);
  return adapters.endpoint(endpoint);
}

/**
 * How a failed attempt leaves the delivery: a rate limit waits for the network's reset without
 * using up an attempt; a refused account waits, pending, for the connection to be reconnected
 * (claimDue skips it meanwhile); an outcome no one can tell stops as `unknown`; a retryable
 * failure backs off; anything else fails the post with the network's reason.
 */
function afterFailure(error: unknown, delivery: DeliveryRow, now: Date): [Partial<typeof postDeliveries.$inferInsert>, PostAction, Outcome] {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof PublishError ? error : undefined;
  const waiting = { status: 'pending', lastError: message, claimedUntil: null, updatedAt: now } as const;
  if (known?.retryAt && known.retryable) {
    const at = new Date(Math.max(known.retryAt.getTime(), now.getTime()));
    return [{ ...waiting, attempts: delivery.attempts - 1, nextAttemptAt: at, previousAttemptUnknown: known.maybeSent }, 'publish_deferred', 'retrying'];
  }
  if (known?.reconnect)
    return [{ ...waiting, attempts: delivery.attempts - 1, nextAttemptAt: null, previousAttemptUnknown: false }, 'publish_deferred', 'retrying'];
  if (known?.outcome === 'unknown') return [{ status: 'unknown', lastError: message, claimedUntil: null, updatedAt: now }, 'publish_failed', 'unknown'];
  const delay = known?.retryable ? PUBLISH_RETRIES.delayMs(delivery.attempts) : null;
  if (known && delay !== null) {
    return [{ ...waiting, nextAttemptAt: new Date(now.getTime() + delay), previousAttemptUnknown: known.maybeSent }, 'publish_deferred', 'retrying'];
  }
  return [{ status: 'failed', lastError: message, claimedUntil: null, updatedAt: now }, 'publish_failed', 'failed'];
}

const FIRST_URL = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’]/;

/** The card of the copy's first link as the workspace previewed it, for networks that show one (Bluesky). */
async function linkCardOf(db: Database, workspaceId: string, copy: string): Promise<LinkCard | null> {
  const url = copy.match(FIRST_URL)?.[0];
  if (!url) return null;
  let normalizedUrl: string;
  try {
    normalizedUrl = normalizePreviewUrl(url);
  } catch {
    return null;
  }
  const [row] = await db
    .select({ preview: linkPreviews.preview })
    .from(linkPreviews)
    .where(and(eq(linkPreviews.workspaceId, workspaceId), eq(linkPreviews.normalizedUrl, normalizedUrl)));
  if (!row) return null;
  const preview = row.preview as { title?: string | null; description?: string | null; image?: { url: string } | null };
  return { url, title: preview.title ?? null, description: preview.description ?? null, imageUrl: preview.image?.url ?? null };
}

/**
 * Moves the post from `scheduled` to `publishing`. A post already `publishing` is a delivery whose
 * earlier run died after this step and is taken over. Any other status means the post was cancelled
 * after the claim: undefined, and nothing may be sent.
 */
async function startPublishing(db: Database, delivery: DeliveryRow) {
  // Interactive: the post is locked and its status read to decide whether this delivery publishes it.
  return db.interactive(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, delivery.postId)).for('update');
    if (post?.status === 'publishing') return post;
    if (post?.status !== 'scheduled') return undefined;
    await tx.update(posts).set({ status: 'publishing', updatedAt: new Date() }).where(eq(posts.id, post.id));
    await recordChanges(tx, delivery.workspaceId, publisher, [
      { campaignId: post.campaignId, postId: post.id, action: 'start_publishing', from: 'scheduled', to: 'publishing' },
    ]);
    return post;
  });
}

/**
 * Records how the delivery ended and moves its publishing post to match, with the trail, in one
 * transaction: a cut between the two would leave a post `publishing` whose delivery no run takes again.
 */
async function settleDelivery(
  db: Database,
  delivery: DeliveryRow,
  campaignId: string,
  changes: Partial<typeof postDeliveries.$inferInsert>,
  action: PostAction,
): Promise<void> {
  const to = postTransitions[action].to;
  // Interactive: the trail is written only when the guarded update moved the post.
  await db.interactive(async (tx) => {
    await tx.update(postDeliveries).set(changes).where(eq(postDeliveries.id, delivery.id));
    const [moved] = await tx
      .update(posts)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(posts.id, delivery.postId), eq(posts.status, 'publishing')))
      .returning({ id: posts.id });
    if (moved) await recordChanges(tx, delivery.workspaceId, publisher, [{ campaignId, postId: delivery.postId, action, from: 'publishing', to }]);
    // A delivery that ended is told in the same transaction (a deferred one is not an ending).
    if (moved && to !== 'scheduled') {
      await notifyPublishOutcome(
        tx,
        delivery,
        to === 'published' ? { published: true, url: changes.externalUrl ?? null } : { published: false, reason: changes.lastError ?? 'unknown' },
      );
    }
  });
}
