import { describe, expect, it } from 'vitest';
import { emptyGroups, type GroupCounts } from './quality';
import { groupsForActions, remediationPlan } from './remediation';

const counts = (values: Partial<GroupCounts>): GroupCounts => ({ ...emptyGroups(), ...values });

describe('remediationPlan', () => {
  const now = new Date('2026-05-04T10:00:00Z');
  const plan = remediationPlan(counts({ safe: 70, invalid: 10, catch_all: 10, unknown: 5, full_inbox: 2, disposable: 1, role: 2 }), 4, now);
  const group = (name: string) => plan.groups.find((entry) => entry.group === name)!;

  it('gives every group an action, with a date to check again for those held back', () => {
    expect(plan.groups.map((entry) => [entry.group, entry.count, entry.action])).toEqual([
      ['invalid', 10, 'remove'],
      ['suppressed', 0, 'suppress'],
      ['disposable', 1, 'remove'],
      ['full_inbox', 2, 'reverify_later'],
      ['catch_all', 10, 'send_carefully'],
      ['role', 2, 'segment'],
      ['unknown', 5, 'reverify_later'],
      ['risky', 0, 'send_carefully'],
      ['safe', 70, 'keep'],
      ['duplicates', 4, 'remove'],
    ]);
    expect(group('unknown').reverify_after).toBe('2026-05-05');
    expect(group('full_inbox').reverify_after).toBe('2026-05-11');
    expect(group('invalid').reverify_after).toBeNull();
  });

  it('estimates the bounce rate after each action and after all of them', () => {
    // Now: (70 × 0.01 + 10 × 1 + 10 × 0.25 + 5 × 0.3 + 2 × 0.6 + 1 × 0.2 + 2 × 0.05) / 100 = 16.2 %
    expect(plan.bounce_estimate_percent).toBe(16.2);
    // Without the invalid addresses: 6.2 / 90
    expect(group('invalid').expected_bounce_percent_after).toBe(6.9);
    // Sending carefully still sends: the rate does not move.
    expect(group('catch_all').expected_bounce_percent_after).toBe(16.2);
    expect(group('duplicates').expected_bounce_percent_after).toBe(16.2);
    // Safe, catch-all and role remain: (0.7 + 2.5 + 0.1) / 82
    expect(plan.expected_bounce_percent_after).toBe(4);
    expect(plan.sendable_now).toBe(82);
  });

  it('maps export actions to their groups', () => {
    expect(groupsForActions(['remove'])).toEqual(['invalid', 'disposable', 'duplicates']);
    expect(groupsForActions(['reverify_later', 'segment'])).toEqual(['full_inbox', 'role', 'unknown']);
  });
});
