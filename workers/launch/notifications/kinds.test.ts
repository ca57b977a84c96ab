import { describe, expect, it } from 'vitest';
import { emailChoices, memberKinds, recipientsOf } from './kinds';

describe('notification kinds', () => {
  it('emails every kind until a member turns it off, ignoring kinds that no longer exist', () => {
    const choices = emailChoices([
      { kind: 'post_published', email: false },
      { kind: 'gone_kind', email: false },
    ]);
    expect(Object.keys(choices).sort()).toEqual([...memberKinds].sort());
    expect(choices.post_published).toBe(false);
    expect(choices.review_requested).toBe(true);
  });

  it('tells each concerned member once, never the actor, never someone who opted out', () => {
    const people = [
      { userId: 'usr_a', email: 'a@example.test' },
      { userId: 'usr_b', email: 'b@example.test' },
      { userId: 'usr_a', email: 'a@example.test' },
      { userId: 'usr_c', email: 'c@example.test' },
    ];
    const chosen = recipientsOf(people, 'review_decided', { actorUserId: 'usr_b', optedOut: new Set(['usr_c:review_decided', 'usr_a:post_failed']) });
    expect(chosen).toEqual([{ userId: 'usr_a', email: 'a@example.test' }]);
    expect(recipientsOf(people, 'post_failed', { actorUserId: null, optedOut: new Set(['usr_a:post_failed']) }).map((p) => p.userId)).toEqual([
      'usr_b',
      'usr_c',
    ]);
  });
});
