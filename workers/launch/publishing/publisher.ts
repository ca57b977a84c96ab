import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { postDeliveries, posts, publishingEndpoints } from '../../../shared/db/schema';
import { loadLaunchEntitlement } from '../../../shared/platform/entitlements';
import { workspaceUse } from '../auth/operation';
import type { Channel } from '../domain/channels';
import { postTransitions, type PostAction } from '../domain/post-status';
import { recordChanges, type Actor } from '../services/audit';
import { approvedVisuals } from './approved-visuals';
import { PublishError, type ChannelAdapter, type PublishResult } from './channel-adapter';

const BATCH_SIZE = 25;
/** A run stops claiming new batches after this long, well inside a cron invocation's limits. */
const RUN_BUDGET_MS = 20_000;
/** A run that dies holding a claim loses it after this long, and a later run takes the delivery. */
const CLAIM_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 5;
/** Wait before attempt n+1: 1 min, 5 min, 15 min, 1 h. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

const publisher: Actor = { type: 'system', id: 'publisher' };

type DeliveryRow = typeof postDeliveries.$inferSelect;
type Outcome = 'published' | 'retrying' | 'failed' | 'withdrawn';

export interface PublisherRunResult {
  claimed: number;
  published: number;
  retrying: number;
  failed: number;
  /** Claimed, but the post had been cancelled in the meantime: nothing was sent. */
  withdrawn: number;
}

export type AdapterFor = (endpoint: { url: string; secret: string }) => ChannelAdapter;

/** Whether a workspace may publish now (its subscription live, renewed at a period boundary); asked once per workspace per run. */
type MayPublish = (workspaceId: string) => Promise<boolean>;

/**
 * One cron run: claims due deliveries and publishes each through its workspace's adapter. The
 * claim is a single `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so overlapping runs
 * never take the same delivery.
 */
export async function runPublisher(db: Database, bucket: R2Bucket, adapterFor: AdapterFor, now: () => Date = () => new Date()): Promise<PublisherRunResult> {
  const result: PublisherRunResult = { claimed: 0, published: 0, retrying: 0, failed: 0, withdrawn: 0 };
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
    const settled = await Promise.allSettled(claimed.map((delivery) => publishOne(db, bucket, adapterFor, mayPublish, delivery, now())));
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
      sql`(${postDeliveries.status} = 'pending' and ${postDeliveries.scheduledFor} <= ${at}::timestamptz
           and (${postDeliveries.nextAttemptAt} is null or ${postDeliveries.nextAttemptAt} <= ${at}::timestamptz))
          or (${postDeliveries.status} = 'publishing' and ${postDeliveries.claimedUntil} < ${at}::timestamptz)`,
    )
    .orderBy(asc(postDeliveries.scheduledFor))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(postDeliveries)
    .set({ status: 'publishing', attempts: sql`${postDeliveries.attempts} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_MS), updatedAt: now })
    .where(inArray(postDeliveries.id, due))
    .returning();
}

async function publishOne(db: Database, bucket: R2Bucket, adapterFor: AdapterFor, mayPublish: MayPublish, delivery: DeliveryRow, now: Date): Promise<Outcome> {
  const post = await startPublishing(db, delivery);
  if (!post) {
    await db.update(postDeliveries).set({ status: 'cancelled', claimedUntil: null, updatedAt: now }).where(eq(postDeliveries.id, delivery.id));
    return 'withdrawn';
  }
  const [endpoint] = await db.select().from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, delivery.workspaceId));
  let result: PublishResult;
  try {
    if (!(await mayPublish(delivery.workspaceId))) {
      throw new PublishError(
        'The workspace has no active subscription, so nothing was sent; once it is renewed, retry the post (POST /api/v1/posts/{postId}/retry).',
        false,
      );
    }
    if (!endpoint) throw new PublishError('The workspace has no publishing endpoint; set one with PUT /api/v1/publishing-endpoint.', false);
    const visuals = await approvedVisuals(db, bucket, post);
    result = await adapterFor(endpoint).publish({
      deliveryId: delivery.id,
      workspaceId: delivery.workspaceId,
      campaignId: post.campaignId,
      postId: post.id,
      channel: post.channel as Channel,
      copy: post.copy,
      visuals,
      scheduledFor: delivery.scheduledFor.toISOString(),
      attempt: delivery.attempts,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retry = error instanceof PublishError && error.retryable && delivery.attempts < MAX_ATTEMPTS;
    await settleDelivery(
      db,
      delivery,
      post.campaignId,
      retry
        ? {
            status: 'pending',
            lastError: message,
            claimedUntil: null,
            nextAttemptAt: new Date(now.getTime() + BACKOFF_MS[delivery.attempts - 1]!),
            updatedAt: now,
          }
        : { status: 'failed', lastError: message, claimedUntil: null, updatedAt: now },
      retry ? 'publish_deferred' : 'publish_failed',
    );
    return retry ? 'retrying' : 'failed';
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
      updatedAt: now,
    },
    'publish_succeeded',
  );
  return 'published';
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
  });
}
