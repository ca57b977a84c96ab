import { describe, expect, it } from 'vitest';
import { analysePush, batchIsDue, nextScheduledAt, pipelineTransition, secondsUntilDue } from './rules';

describe('pipeline transitions', () => {
  it('pauses only an active pipeline and resumes only a paused one', () => {
    expect(pipelineTransition('active', 'pause')).toEqual({ ok: true, next: 'paused' });
    expect(pipelineTransition('paused', 'resume')).toEqual({ ok: true, next: 'active' });
    expect(pipelineTransition('paused', 'pause')).toMatchObject({ ok: false, reason: expect.stringContaining('paused') });
    expect(pipelineTransition('active', 'resume')).toMatchObject({ ok: false });
  });
});

describe('analysePush', () => {
  it('accepts rows with an address, names invalid ones and repeats by index', () => {
    const result = analysePush(
      [
        { email: ' Jane@Example.com ', plan: 'pro' },
        { email: '' },
        { name: 'no address' },
        { email: 'not-an-address' },
        { email: 'jane@example.COM' },
        { email: 'john@example.com' },
        { email: 42 },
      ],
      'email',
    );
    expect(result.accepted.map((row) => [row.index, row.email, row.emailKey])).toEqual([
      [0, 'Jane@Example.com', 'jane@example.com'],
      [5, 'john@example.com', 'john@example.com'],
    ]);
    expect(result.accepted[0]!.data).toEqual({ email: ' Jane@Example.com ', plan: 'pro' });
    expect(result.duplicates).toEqual([{ index: 4, email: 'jane@example.COM', duplicate_of: 0 }]);
    expect(result.invalid.map((row) => row.index)).toEqual([1, 2, 3, 6]);
    expect(result.invalid[0]!.reason).toBe('missing_email');
    expect(result.invalid[2]!.reason).not.toBe('missing_email');
  });

  it('reads the address from the named column', () => {
    expect(analysePush([{ work_email: 'jane@example.com', email: 'x' }], 'work_email').accepted[0]!.email).toBe('jane@example.com');
  });
});

describe('batching', () => {
  const now = new Date('2026-01-01T00:00:10Z');
  const pushedAt = new Date('2026-01-01T00:00:07Z');

  it('runs a full batch at once and a partial one after the longest wait', () => {
    expect(batchIsDue({ maxRows: 3, maxWaitSeconds: 60 }, { count: 3, oldestPushedAt: pushedAt }, now)).toBe(true);
    expect(batchIsDue({ maxRows: 3, maxWaitSeconds: 5 }, { count: 1, oldestPushedAt: pushedAt }, now)).toBe(false);
    expect(batchIsDue({ maxRows: 3, maxWaitSeconds: 3 }, { count: 1, oldestPushedAt: pushedAt }, now)).toBe(true);
    expect(batchIsDue({ maxRows: 3, maxWaitSeconds: null }, { count: 2, oldestPushedAt: pushedAt }, now)).toBe(false);
    expect(batchIsDue({ maxRows: 3, maxWaitSeconds: 0 }, { count: 0, oldestPushedAt: null }, now)).toBe(false);
  });

  it('says when the batch a push joined is due', () => {
    expect(secondsUntilDue({ maxRows: 3, maxWaitSeconds: 5 }, { count: 1, oldestPushedAt: pushedAt }, now)).toBe(2);
    expect(secondsUntilDue({ maxRows: 3, maxWaitSeconds: 5 }, { count: 3, oldestPushedAt: pushedAt }, now)).toBe(0);
    expect(secondsUntilDue({ maxRows: 3, maxWaitSeconds: 0 }, { count: 1, oldestPushedAt: now }, now)).toBe(0);
    expect(secondsUntilDue({ maxRows: 3, maxWaitSeconds: null }, { count: 1, oldestPushedAt: pushedAt }, now)).toBeNull();
  });

  it('keeps a schedule on its phase after missed ticks', () => {
    const previous = new Date('2026-01-01T00:00:00Z');
    expect(nextScheduledAt(previous, 15, new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:15:00.000Z');
    expect(nextScheduledAt(previous, 15, new Date('2026-01-01T00:47:00Z')).toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });
});
