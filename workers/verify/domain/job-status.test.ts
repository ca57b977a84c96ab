import { describe, expect, it } from 'vitest';
import { allowedFrom, jobActions, jobLifecycleMarkdown, jobStatuses, jobTransitions, taskStatuses, transition } from './job-status';

describe('job state machine', () => {
  it.each([
    ['queued', 'start', 'running'],
    ['queued', 'complete', 'completed'],
    ['running', 'complete', 'completed'],
    ['queued', 'cancel', 'cancelled'],
    ['running', 'cancel', 'cancelled'],
    ['running', 'retry', 'running'],
    ['completed', 'retry', 'running'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(transition(from, action)).toEqual({ ok: true, to });
  });

  it.each([
    ['running', 'start'],
    ['completed', 'complete'],
    ['cancelled', 'complete'],
    ['completed', 'cancel'],
    ['cancelled', 'cancel'],
    ['queued', 'retry'],
    ['cancelled', 'retry'],
  ] as const)('refuses %s --%s-->, saying what it needs', (from, action) => {
    const result = transition(from, action);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(`A ${from} job cannot be`);
  });

  it('lists only known statuses, and allowedFrom is the table', () => {
    for (const action of jobActions) {
      expect(jobStatuses).toContain(jobTransitions[action].to);
      for (const from of allowedFrom(action)) expect(jobStatuses).toContain(from);
      expect(allowedFrom(action)).toBe(jobTransitions[action].from);
    }
  });

  it('publishes every action and task status in its Markdown table', () => {
    const markdown = jobLifecycleMarkdown();
    for (const action of jobActions) expect(markdown).toContain(`| \`${action}\` |`);
    for (const status of taskStatuses) expect(markdown).toContain(`| \`${status}\` |`);
  });
});
