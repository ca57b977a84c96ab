import type { LaunchRole } from '../../../shared/db/schema';

/** What members choose to hear about (by email) and what the workspace's chat webhook may carry. */
export const memberKinds = ['review_requested', 'review_decided', 'post_published', 'post_failed', 'connection_reconnect_required'] as const;
export type MemberKind = (typeof memberKinds)[number];

/** Every kind the outbox holds; an invitation goes to the invitee only, never to chat (it carries the token). */
export const notificationKinds = [...memberKinds, 'invitation'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const kindLabels: Record<NotificationKind, string> = {
  review_requested: 'A review is requested',
  review_decided: 'A decision on a post (with its note)',
  post_published: 'A post is published (with its URL)',
  post_failed: 'A post failed to publish (with the reason)',
  connection_reconnect_required: 'A connected account needs reconnecting',
  invitation: 'An invitation to the workspace',
};

/**
 * Who a kind concerns, before each person's choice: reviewers hear of requested reviews, the
 * campaign's people (its author, who asked for the review, who scheduled) of decisions and
 * outcomes, owners and admins of connections. The actor never hears of their own act.
 */
export type Audience = { roles: readonly LaunchRole[] } | { people: 'campaign' };

export const audienceOf: Record<MemberKind, Audience> = {
  review_requested: { roles: ['owner', 'admin', 'reviewer'] },
  review_decided: { people: 'campaign' },
  post_published: { people: 'campaign' },
  post_failed: { people: 'campaign' },
  connection_reconnect_required: { roles: ['owner', 'admin'] },
};

/** A member's email choice per kind: what they stored, else on. */
export function emailChoices(stored: Array<{ kind: string; email: boolean }>): Record<MemberKind, boolean> {
  const choices = Object.fromEntries(memberKinds.map((kind) => [kind, true])) as Record<MemberKind, boolean>;
  for (const row of stored) if ((memberKinds as readonly string[]).includes(row.kind)) choices[row.kind as MemberKind] = row.email;
  return choices;
}

/**
 * The people a campaign event goes to: the given candidates who are still members, once each,
 * without the actor, and only those whose choice for the kind is on.
 */
export function recipientsOf(
  candidates: Array<{ userId: string; email: string }>,
  kind: MemberKind,
  options: { actorUserId: string | null; optedOut: ReadonlySet<string> },
): Array<{ userId: string; email: string }> {
  const seen = new Set<string>();
  return candidates.filter((person) => {
    if (seen.has(person.userId) || person.userId === options.actorUserId || options.optedOut.has(`${person.userId}:${kind}`)) return false;
    seen.add(person.userId);
    return true;
  });
}
