/**
 * The post lifecycle. Every post starts as a draft; only a person's approval leads to a state
 * from which it can be scheduled; a transition applies only from the states listed for it, so a
 * repeated or out-of-order request changes nothing (the service answers 409).
 */
export const postStatuses = ['draft', 'in_review', 'changes_requested', 'approved', 'rejected', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const postActions = [
  'submit',
  'approve',
  'reject',
  'request_changes',
  'edit',
  'schedule',
  'cancel',
  'start_publishing',
  'publish_succeeded',
  'publish_failed',
  'publish_deferred',
  'retry',
  'confirm_published',
  'confirm_not_published',
] as const;
export type PostAction = (typeof postActions)[number];

interface Transition {
  from: readonly PostStatus[];
  /** Where the post goes; `same` keeps its status (an edit of a draft stays a draft). */
  to: PostStatus | 'same';
  description: string;
}

export const postTransitions: Record<PostAction, Transition> = {
  submit: {
    from: ['draft', 'changes_requested'],
    to: 'in_review',
    description: 'A review request (`POST /api/v1/campaigns/{campaignId}/review-requests`) puts the drafts in front of reviewers.',
  },
  approve: { from: ['in_review'], to: 'approved', description: 'A reviewer approves the exact content under review (session only).' },
  reject: { from: ['in_review'], to: 'rejected', description: 'A reviewer rejects the post (session only).' },
  request_changes: { from: ['in_review'], to: 'changes_requested', description: 'A reviewer asks for changes (session only).' },
  edit: {
    from: ['draft', 'changes_requested', 'approved', 'rejected'],
    to: 'draft',
    description: 'Changing the copy returns the post to draft; an approval never survives an edit of what it approved.',
  },
  schedule: { from: ['approved'], to: 'scheduled', description: 'An approved post is scheduled for a time.' },
  cancel: { from: ['scheduled'], to: 'approved', description: 'A scheduled post is taken off the schedule; its approval stands.' },
  start_publishing: { from: ['scheduled'], to: 'publishing', description: 'The publisher takes a due post; overlapping runs never both take it.' },
  publish_succeeded: { from: ['publishing'], to: 'published', description: "The workspace's publishing endpoint accepted the post." },
  publish_failed: {
    from: ['publishing'],
    to: 'failed',
    description: 'The delivery failed for good: an answer retrying cannot fix, or the last of 5 attempts.',
  },
  publish_deferred: { from: ['publishing'], to: 'scheduled', description: 'A delivery attempt failed; it is retried later with backoff.' },
  retry: { from: ['failed'], to: 'scheduled', description: 'A person or key puts a failed post back on the schedule (`POST /api/v1/posts/{postId}/retry`).' },
  confirm_published: {
    from: ['failed'],
    to: 'published',
    description:
      'A delivery whose outcome was `unknown` was published after all, at the URL a person or key gives (`POST /api/v1/posts/{postId}/delivery-outcome`).',
  },
  confirm_not_published: {
    from: ['failed'],
    to: 'scheduled',
    description: 'A delivery whose outcome was `unknown` did not go out: the same delivery is tried again (`POST /api/v1/posts/{postId}/delivery-outcome`).',
  },
};

export type TransitionResult = { ok: true; to: PostStatus } | { ok: false; reason: string };

export function transition(from: PostStatus, action: PostAction): TransitionResult {
  const rule = postTransitions[action];
  if (!rule.from.includes(from)) {
    return { ok: false, reason: `A post that is ${from.replace('_', ' ')} cannot be ${pastTense[action]}; that needs ${rule.from.join(' or ')}.` };
  }
  return { ok: true, to: rule.to === 'same' ? from : rule.to };
}

/** The statuses an action may start from, for `UPDATE … WHERE status IN (…)`. */
export function allowedFrom(action: PostAction): readonly PostStatus[] {
  return postTransitions[action].from;
}

const pastTense: Record<PostAction, string> = {
  submit: 'submitted for review',
  approve: 'approved',
  reject: 'rejected',
  request_changes: 'sent back for changes',
  edit: 'edited',
  schedule: 'scheduled',
  cancel: 'cancelled',
  start_publishing: 'published',
  publish_succeeded: 'marked published',
  publish_failed: 'marked failed',
  publish_deferred: 'deferred',
  retry: 'retried',
  confirm_published: 'confirmed published',
  confirm_not_published: 'confirmed not published',
};

export const campaignStatuses = [
  'draft',
  'in_review',
  'changes_requested',
  'approved',
  'rejected',
  'scheduled',
  'published',
  'partially_published',
  'failed',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * A campaign's status is its posts' statuses summed up, so it can never disagree with them. A
 * rejected post never goes out, so it counts only when every post is rejected; once anything is
 * published the campaign says so (`partially_published` until every other post is out), and a
 * failure outranks work still in progress because it needs a person.
 */
export function deriveCampaignStatus(statuses: readonly PostStatus[]): CampaignStatus {
  if (statuses.length === 0) return 'draft';
  const live = statuses.filter((status) => status !== 'rejected');
  const any = (...wanted: PostStatus[]) => live.some((status) => wanted.includes(status));
  if (live.length === 0) return 'rejected';
  if (live.every((status) => status === 'published')) return 'published';
  if (any('published')) return 'partially_published';
  if (any('failed')) return 'failed';
  if (any('scheduled', 'publishing')) return 'scheduled';
  if (any('in_review')) return 'in_review';
  if (any('changes_requested')) return 'changes_requested';
  if (any('draft')) return 'draft';
  return 'approved';
}

/** How many posts (variants included) are in each state, every state present. */
export function countPostStatuses(statuses: readonly PostStatus[]): Record<PostStatus, number> {
  const counts = Object.fromEntries(postStatuses.map((status) => [status, 0])) as Record<PostStatus, number>;
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/**
 * While a post is approved (a person signed off on it as part of this campaign) or on its way out,
 * its campaign and release may not be changed or deleted: the approval was given in that context.
 */
export const lockingStatuses = ['approved', 'scheduled', 'publishing'] as const satisfies readonly PostStatus[];

/** The first post that locks its campaign or release against changes, if any. */
export function firstLockingPost<T extends { status: string }>(posts: readonly T[]): T | undefined {
  return posts.find((post) => (lockingStatuses as readonly string[]).includes(post.status));
}

/** The table as published in the OpenAPI description and docs/launch/campaigns-posts-reviews.md. */
export function transitionTableMarkdown(): string {
  const rows = postActions.map((action) => {
    const rule = postTransitions[action];
    return `| \`${action}\` | ${rule.from.map((status) => `\`${status}\``).join(', ')} | \`${rule.to}\` | ${rule.description} |`;
  });
  return [
    '## Post states and transitions',
    '',
    `States: ${postStatuses.map((status) => `\`${status}\``).join(', ')}. Every post starts as \`draft\`. A request whose post is not in a listed "from" state is 409 \`invalid_transition\` and changes nothing.`,
    '',
    '| action | from | to | meaning |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
