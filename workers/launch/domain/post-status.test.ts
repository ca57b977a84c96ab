import { describe, expect, it } from 'vitest';
import { allowedFrom, countPostStatuses, firstLockingPost, deriveCampaignStatus, postActions, postStatuses, postTransitions, transition } from './post-status';

describe('post state machine', () => {
  const expected: Record<string, Record<string, string>> = {
    submit: { draft: 'in_review', changes_requested: 'in_review' },
    approve: { in_review: 'approved' },
    reject: { in_review: 'rejected' },
    request_changes: { in_review: 'changes_requested' },
    edit: { draft: 'draft', changes_requested: 'draft', approved: 'draft', rejected: 'draft' },
    schedule: { approved: 'scheduled' },
    cancel: { scheduled: 'approved' },
    start_publishing: { scheduled: 'publishing' },
    publish_succeeded: { publishing: 'published' },
    publish_failed: { publishing: 'failed' },
    publish_deferred: { publishing: 'scheduled' },
    retry: { failed: 'scheduled' },
    confirm_published: { failed: 'published' },
    confirm_not_published: { failed: 'scheduled' },
  };

  for (const action of postActions) {
    for (const from of postStatuses) {
      const to = expected[action]![from];
      it(`${action} from ${from} → ${to ?? 'refused'}`, () => {
        const result = transition(from, action);
        if (to) expect(result).toEqual({ ok: true, to });
        else expect(result).toMatchObject({ ok: false, reason: expect.stringContaining(from.replace('_', ' ')) });
      });
    }
  }

  it('rule 1: every post starts as a draft, and only drafts and posts with changes requested can be submitted', () => {
    expect(postStatuses[0]).toBe('draft');
    expect(allowedFrom('submit')).toEqual(['draft', 'changes_requested']);
  });

  it('rule 2: nothing unapproved can be scheduled', () => {
    expect(allowedFrom('schedule')).toEqual(['approved']);
    for (const status of postStatuses.filter((status) => status !== 'approved')) expect(transition(status, 'schedule').ok).toBe(false);
  });

  it('rule 5: a repeated transition is refused', () => {
    const first = transition('in_review', 'approve');
    expect(first).toEqual({ ok: true, to: 'approved' });
    expect(transition('approved', 'approve').ok).toBe(false);
    expect(transition('approved', 'cancel').ok).toBe(false);
  });

  it('an edit of an approved post voids the approval', () => {
    expect(transition('approved', 'edit')).toEqual({ ok: true, to: 'draft' });
    expect(postTransitions.edit.from).not.toContain('in_review');
  });
});

describe('campaign status', () => {
  it.each([
    [['draft', 'draft'], 'draft'],
    [['draft', 'in_review'], 'in_review'],
    [['approved', 'changes_requested'], 'changes_requested'],
    [['approved', 'approved'], 'approved'],
    [['approved', 'rejected'], 'approved'],
    [['scheduled', 'approved'], 'scheduled'],
    [['published', 'published'], 'published'],
    [['published', 'failed'], 'partially_published'],
    [['failed', 'rejected'], 'failed'],
    [['published', 'published', 'published', 'approved'], 'partially_published'],
    [['published', 'scheduled'], 'partially_published'],
    [['published', 'rejected'], 'published'],
    [['rejected', 'rejected'], 'rejected'],
    [['failed', 'approved'], 'failed'],
    [['failed', 'scheduled'], 'failed'],
    [['draft', 'approved'], 'draft'],
    [['publishing', 'approved'], 'scheduled'],
    [[], 'draft'],
  ] as const)('%j → %s', (statuses, status) => {
    expect(deriveCampaignStatus(statuses)).toBe(status);
  });

  it('counts every state, zeros included', () => {
    const counts = countPostStatuses(['published', 'published', 'published', 'approved']);
    expect(counts).toMatchObject({ published: 3, approved: 1, draft: 0, failed: 0 });
    expect(Object.keys(counts)).toEqual([...postStatuses]);
  });
});

describe('locking posts', () => {
  it('approved, scheduled and publishing posts lock their campaign and release; the rest do not', () => {
    const locking = postStatuses.filter((status) => firstLockingPost([{ status }]));
    expect(locking).toEqual(['approved', 'scheduled', 'publishing']);
    expect(
      firstLockingPost([
        { id: 'a', status: 'published' },
        { id: 'b', status: 'scheduled' },
      ]),
    ).toEqual({ id: 'b', status: 'scheduled' });
  });
});
