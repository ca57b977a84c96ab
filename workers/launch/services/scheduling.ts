import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { campaigns, channelConnections, postDeliveries, posts, publishingEndpoints } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import type { TimedPosition } from '../../../shared/http/pagination';
import { newId } from '../../../shared/ids';
import { allowedFrom, type PostStatus } from '../domain/post-status';
import { recordChanges, type Actor } from './audit';
import { usableConnections } from './connections';
import { getPost, invalidTransition } from './campaigns';
import { retryingAt, type DeliveryStatus } from './deliveries';

/** A post can be scheduled up to a year ahead, and not in the past (a minute of clock skew allowed). */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;
const SKEW_MS = 60_000;

/** A post goes out between now (a minute of clock skew allowed) and a year from now. */
export function checkPublishAt(publishAt: Date, now: Date) {
  if (publishAt.getTime() < now.getTime() - SKEW_MS || publishAt.getTime() > now.getTime() + MAX_AHEAD_MS) {
    throw new ApiError('validation_failed', 'publishAt must be between now and a year from now.', {
      details: { field: 'publishAt' },
      hint: 'Send a future ISO 8601 time.',
    });
  }
}

/**
 * Only an approved post whose content is still the content that was approved can be scheduled
 * (`schedule`), and a failed one put back on the schedule (`retry`); the status check and the
 * change are one statement, so concurrent requests schedule it once. A failed post whose latest
 * delivery is `unknown` is not retried: the network may hold it, and a new delivery (with a new
 * record key and Idempotency-Key) could post it twice, so a person settles that delivery instead.
 * A post whose channel has no account that can publish (and no publishing endpoint) is refused
 * here rather than failing when due.
 */
export async function schedulePost(
  db: Database,
  workspaceId: string,
  actor: Actor,
  postId: string,
  publishAt: Date,
  action: 'schedule' | 'retry' = 'schedule',
  now: Date = new Date(),
  via?: string,
) {
  checkPublishAt(publishAt, now);
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
          action === 'retry' ? sql`${latestDeliveryStatus} is distinct from 'unknown'` : undefined,
        ),
      )
      .returning();
    if (!post) return undefined;
    const connectionId = await publishingConnection(tx, workspaceId, post.channel, postId, via);
    const [row] = await tx
      .insert(postDeliveries)
      .values({ id: newId('dlv'), workspaceId, postId, channel: post.channel, connectionId, scheduledFor: publishAt, scheduledBy: actor.id })
      .returning();
    await recordChanges(tx, workspaceId, actor, [{ campaignId: post.campaignId, postId, action, from: from!, to: 'scheduled' }]);
    return row!;
  });
  if (!delivery) throw await refusedSchedule(db, workspaceId, postId, action);
  return delivery;
}

/** The status of the post's latest delivery, read in the guarded update of `posts` (`posts.id` is the row it updates). */
const latestDeliveryStatus = sql`(select ${postDeliveries.status} from ${postDeliveries} where ${postDeliveries.postId} = ${posts.id} order by ${postDeliveries.id} desc limit 1)`;

/** Why the guarded update moved nothing: a retry of an unknown delivery is told where it is settled instead. */
async function refusedSchedule(db: Database, workspaceId: string, postId: string, action: 'schedule' | 'retry'): Promise<ApiError> {
  const post = await getPost(db, workspaceId, postId);
  if (action === 'retry' && post.status === 'failed') {
    const [latest] = await db
      .select({ status: postDeliveries.status })
      .from(postDeliveries)
      .where(eq(postDeliveries.postId, postId))
      .orderBy(desc(postDeliveries.id))
      .limit(1);
    if (latest?.status === 'unknown') {
      return new ApiError(
        'invalid_transition',
        'Whether this post went out is unknown: the network may have published it, so retrying could post it twice; nothing changed.',
        {
          hint: `Look at the account, then say what you found with POST /api/v1/posts/${postId}/delivery-outcome: {"outcome":"published","url":…} or {"outcome":"not_published"}, which tries the same delivery again.`,
          details: { currentStatus: post.status, deliveryStatus: 'unknown', action },
        },
      );
    }
  }
  return invalidTransition(action, post.status);
}

/**
 * Which connection a post goes out through: the one named (`via`, a connected account of the
 * post's channel), else the channel's only connected account, else (no account on the channel)
 * the workspace's publishing endpoint. Refuses, naming what is missing, a channel whose accounts
 * all need reconnecting, one with several accounts and none named, or nothing at all.
 */
async function publishingConnection(tx: Executor, workspaceId: string, channel: string, postId: string, via: string | undefined): Promise<string | null> {
  const accounts = await usableConnections(tx, workspaceId, channel);
  const reconnectHint = (names: string[]) => ({
    hint: `An owner or admin reconnects ${names.join(', ')} (Settings → Connections, or POST /api/v1/connections/{connectionId}/reconnect); then schedule the post again.`,
  });
  if (via) {
    const chosen = accounts.find((account) => account.id === via);
    if (!chosen) {
      throw new ApiError('not_found', `No ${channel} account ${via} is connected in this workspace.`, {
        details: { field: 'connectionId', connectionId: via },
      });
    }
    if (chosen.status !== 'connected') {
      throw new ApiError(
        'connection_required',
        `${chosen.accountName} needs reconnecting (${chosen.statusReason ?? 'the network refused it'}), so the post could not go out.`,
        {
          ...reconnectHint([chosen.accountName]),
          details: { postId, channel, missing: [`reconnect ${chosen.accountName}`] },
        },
      );
    }
    return chosen.id;
  }
  const connected = accounts.filter((account) => account.status === 'connected');
  if (connected.length === 1) return connected[0]!.id;
  if (connected.length > 1) {
    throw new ApiError('validation_failed', `Several ${channel} accounts are connected: name the one to publish through in connectionId.`, {
      details: { field: 'connectionId', choices: connected.map((account) => ({ id: account.id, accountName: account.accountName })) },
      hint: `One of: ${connected.map((account) => `${account.id} (${account.accountName})`).join(', ')}.`,
    });
  }
  if (accounts.length > 0) {
    const names = accounts.map((account) => account.accountName);
    throw new ApiError(
      'connection_required',
      `Every ${channel} account connected here needs reconnecting (${names.join(', ')}), so the post could not go out.`,
      {
        ...reconnectHint(names),
        details: { postId, channel, missing: names.map((name) => `reconnect ${name}`) },
      },
    );
  }
  const [endpoint] = await tx.select({ url: publishingEndpoints.url }).from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, workspaceId));
  if (endpoint) return null;
  throw new ApiError(
    'publishing_endpoint_required',
    `No ${channel} account is connected and the workspace has no publishing endpoint, so the post could never be published.`,
    {
      hint: `An owner or admin connects a ${channel} account (Settings → Connections, /api/v1/connections) or sets a publishing endpoint (PUT /api/v1/publishing-endpoint); then schedule the post again.`,
      details: { postId, channel, missing: [`a connected ${channel} account`, 'or a publishing endpoint'] },
    },
  );
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
 * or unknown delivery of every post that is still failed, with the route that puts it back or
 * settles it.
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
    : or(inArray(postDeliveries.status, ['pending', 'publishing']), and(inArray(postDeliveries.status, ['failed', 'unknown']), eq(posts.status, 'failed')));
  const rows = await db
    .select({
      delivery: postDeliveries,
      campaignId: posts.campaignId,
      campaignName: campaigns.name,
      copy: posts.copy,
      postStatus: posts.status,
      connection: {
        id: channelConnections.id,
        accountName: channelConnections.accountName,
        status: channelConnections.status,
        statusReason: channelConnections.statusReason,
      },
    })
    .from(postDeliveries)
    .innerJoin(posts, eq(posts.id, postDeliveries.postId))
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .leftJoin(channelConnections, eq(channelConnections.id, postDeliveries.connectionId))
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
  return rows.map(({ delivery, campaignId, campaignName, copy, postStatus, connection }) => ({
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
    connection: connection?.id
      ? { id: connection.id, accountName: connection.accountName, status: connection.status, statusReason: connection.statusReason }
      : null,
    /** A waiting delivery whose account the network refused: it is not attempted until reconnected. */
    blockedBy: delivery.status === 'pending' && connection?.status === 'reconnect_required' ? ('reconnect_required' as const) : null,
    retryPath: delivery.status === 'failed' && postStatus === 'failed' ? `/api/v1/posts/${delivery.postId}/retry` : null,
    /** An unknown delivery is not retried but settled by a person who looked at the account. */
    outcomePath: delivery.status === 'unknown' && postStatus === 'failed' ? `/api/v1/posts/${delivery.postId}/delivery-outcome` : null,
  }));
}
