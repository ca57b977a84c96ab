import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../shared/db/client';
import {
  campaigns,
  launchApiKeys,
  launchMemberships,
  launchUsers,
  notificationPreferences,
  notifications,
  notificationWebhooks,
  postDeliveries,
  posts,
  reviewRequests,
  workspaces,
  type LaunchRole,
} from '../../../shared/db/schema';
import { newId } from '../../../shared/ids';
import type { Actor } from '../services/audit';
import { audienceOf, recipientsOf, type MemberKind } from './kinds';
import { subjectOf, type NotificationEvent } from './render';

type Person = { userId: string; email: string };
type EventOf<K extends NotificationEvent['kind']> = Extract<NotificationEvent, { kind: K }>;
type Unnamed<K extends NotificationEvent['kind']> = Omit<EventOf<K>, 'kind' | 'workspaceName'>;

/*
 * Each notify* function runs inside the transaction of the change it tells about, so a message is
 * queued exactly when the change commits; the launch cron sends it (delivery.ts).
 */

/** Reviewers (owners, admins, reviewers) hear that a campaign's posts wait for them. */
export async function notifyReviewRequested(tx: Executor, workspaceId: string, actor: Actor, input: Omit<Unnamed<'review_requested'>, 'actorName'>) {
  const event: EventOf<'review_requested'> = {
    kind: 'review_requested',
    workspaceName: await workspaceName(tx, workspaceId),
    actorName: await actorName(tx, actor),
    ...input,
  };
  await fanOut(tx, workspaceId, event, await membersInRoles(tx, workspaceId, rolesOf('review_requested')), actor);
}

/** The campaign's author and whoever asked for its review hear of a decision and its note. */
export async function notifyReviewDecided(
  tx: Executor,
  workspaceId: string,
  actor: Actor,
  input: { postId: string; decision: EventOf<'review_decided'>['decision']; note: string | null },
) {
  const post = await postContext(tx, input.postId);
  const requesters = await tx
    .select({ userId: reviewRequests.requestedBy })
    .from(reviewRequests)
    .where(eq(reviewRequests.campaignId, post.campaignId))
    .orderBy(desc(reviewRequests.createdAt))
    .limit(1);
  const event: EventOf<'review_decided'> = {
    kind: 'review_decided',
    workspaceName: await workspaceName(tx, workspaceId),
    actorName: await actorName(tx, actor),
    campaignId: post.campaignId,
    campaignName: post.campaignName,
    postId: input.postId,
    channel: post.channel,
    decision: input.decision,
    note: input.note,
  };
  await fanOut(tx, workspaceId, event, await membersAmong(tx, workspaceId, [post.createdBy, ...requesters.map((row) => row.userId)]), actor);
}

/**
 * The campaign's author and whoever scheduled the post hear how its delivery ended: published with
 * its URL, or failed with the reason (a retry to come is not an ending, so it is not told). A person
 * settling an unknown delivery ends it too: "published" is told as a publish, "not published" as a
 * failure with `retryAt`, when the same delivery is tried again; that person, the actor, is not told.
 */
export async function notifyPublishOutcome(
  tx: Executor,
  delivery: { id: string; workspaceId: string; postId: string },
  outcome: { published: true; url: string | null } | { published: false; reason: string; retryAt?: Date },
  actor: Actor = { type: 'system', id: 'publisher' },
) {
  const post = await postContext(tx, delivery.postId);
  const [scheduled] = await tx.select({ by: postDeliveries.scheduledBy }).from(postDeliveries).where(eq(postDeliveries.id, delivery.id));
  const about = {
    workspaceName: await workspaceName(tx, delivery.workspaceId),
    campaignId: post.campaignId,
    campaignName: post.campaignName,
    postId: delivery.postId,
    channel: post.channel,
  };
  const event: NotificationEvent = outcome.published
    ? { kind: 'post_published', ...about, url: outcome.url }
    : { kind: 'post_failed', ...about, reason: outcome.reason, ...(outcome.retryAt ? { retryAt: outcome.retryAt.toISOString() } : {}) };
  const people = await membersAmong(tx, delivery.workspaceId, [post.createdBy, ...(scheduled ? [scheduled.by] : [])]);
  await fanOut(tx, delivery.workspaceId, event, people, actor);
}

/** Why a settled delivery did not go out, in the words of the person who looked. */
export async function notPublishedReason(tx: Executor, actor: Actor): Promise<string> {
  return `${await actorName(tx, actor)} looked at the account and found the post was not published.`;
}

/**
 * For connected accounts (issue 40, item 1): call it in the transaction that marks a connection
 * `reconnect_required`. Owners and admins hear which account, on which channel, and why.
 */
export async function notifyConnectionReconnectRequired(tx: Executor, workspaceId: string, input: Unnamed<'connection_reconnect_required'>) {
  const event: EventOf<'connection_reconnect_required'> = {
    kind: 'connection_reconnect_required',
    workspaceName: await workspaceName(tx, workspaceId),
    ...input,
  };
  await fanOut(tx, workspaceId, event, await membersInRoles(tx, workspaceId, rolesOf('connection_reconnect_required')), { type: 'system', id: 'connections' });
}

/** The invitee, by email: the only message with a secret in it, and never sent to chat. */
export async function notifyInvitation(
  tx: Executor,
  workspaceId: string,
  input: { email: string; role: string; inviterUserId: string; token: string; expiresAt: Date },
) {
  const event: EventOf<'invitation'> = {
    kind: 'invitation',
    workspaceName: await workspaceName(tx, workspaceId),
    role: input.role,
    inviterName: await actorName(tx, { type: 'user', id: input.inviterUserId }),
    token: input.token,
    expiresAt: input.expiresAt.toISOString(),
  };
  await tx.insert(notifications).values({
    id: newId('ntf'),
    workspaceId,
    kind: 'invitation',
    channel: 'email',
    userId: null,
    recipient: input.email,
    subject: subjectOf(event),
    payload: event,
  });
}

/** One email row per person whose choice for the kind is on, and one chat row when the workspace's webhook takes the kind. */
async function fanOut(tx: Executor, workspaceId: string, event: Exclude<NotificationEvent, { kind: 'invitation' }>, people: Person[], actor: Actor) {
  const kind = event.kind;
  const optedOut =
    people.length === 0
      ? []
      : await tx
          .select({ userId: notificationPreferences.userId, kind: notificationPreferences.kind })
          .from(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.workspaceId, workspaceId),
              eq(notificationPreferences.kind, kind),
              eq(notificationPreferences.email, false),
              inArray(
                notificationPreferences.userId,
                people.map((person) => person.userId),
              ),
            ),
          );
  const recipients = recipientsOf(people, kind, {
    actorUserId: actor.type === 'user' ? actor.id : null,
    optedOut: new Set(optedOut.map((row) => `${row.userId}:${row.kind}`)),
  });
  const [webhook] = await tx.select({ kinds: notificationWebhooks.kinds }).from(notificationWebhooks).where(eq(notificationWebhooks.workspaceId, workspaceId));
  const subject = subjectOf(event);
  const rows = [
    ...recipients.map((person) => ({
      id: newId('ntf'),
      workspaceId,
      kind,
      channel: 'email',
      userId: person.userId,
      recipient: person.email,
      subject,
      payload: event,
    })),
    ...(webhook?.kinds.includes(kind)
      ? [{ id: newId('ntf'), workspaceId, kind, channel: 'chat', userId: null, recipient: 'chat', subject, payload: event }]
      : []),
  ];
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

function rolesOf(kind: MemberKind): readonly LaunchRole[] {
  const audience = audienceOf[kind];
  return 'roles' in audience ? audience.roles : [];
}

async function membersInRoles(tx: Executor, workspaceId: string, roles: readonly LaunchRole[]): Promise<Person[]> {
  return tx
    .select({ userId: launchUsers.id, email: launchUsers.email })
    .from(launchMemberships)
    .innerJoin(launchUsers, eq(launchUsers.id, launchMemberships.userId))
    .where(and(eq(launchMemberships.workspaceId, workspaceId), inArray(launchMemberships.role, [...roles])))
    .orderBy(launchUsers.id);
}

/** Of the given ids (users, or keys that made or scheduled something), the people who are members now. */
async function membersAmong(tx: Executor, workspaceId: string, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ userId: launchUsers.id, email: launchUsers.email })
    .from(launchMemberships)
    .innerJoin(launchUsers, eq(launchUsers.id, launchMemberships.userId))
    .where(and(eq(launchMemberships.workspaceId, workspaceId), inArray(launchMemberships.userId, ids)));
}

async function postContext(tx: Executor, postId: string) {
  const [row] = await tx
    .select({ campaignId: posts.campaignId, channel: posts.channel, campaignName: campaigns.name, createdBy: campaigns.createdBy })
    .from(posts)
    .innerJoin(campaigns, eq(campaigns.id, posts.campaignId))
    .where(eq(posts.id, postId));
  if (!row) throw new Error(`notifications: post ${postId} not found`);
  return row;
}

async function workspaceName(tx: Executor, workspaceId: string): Promise<string> {
  const [row] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? 'your workspace';
}

async function actorName(tx: Executor, actor: Actor): Promise<string> {
  if (actor.type === 'user') {
    const [user] = await tx.select({ name: launchUsers.name, email: launchUsers.email }).from(launchUsers).where(eq(launchUsers.id, actor.id));
    return user?.name || user?.email || 'Someone';
  }
  if (actor.type === 'key') {
    const [key] = await tx.select({ name: launchApiKeys.name }).from(launchApiKeys).where(eq(launchApiKeys.id, actor.id));
    return key ? `The API key “${key.name}”` : 'An API key';
  }
  return 'Launch';
}
