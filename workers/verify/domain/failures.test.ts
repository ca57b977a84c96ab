import { describe, expect, it } from 'vitest';
import { causeOf, FAILURE_EXAMPLES, groupFailures, type FailureRow } from './failures';

const row = (email: string, status: FailureRow['status'], reason: FailureRow['reason'], replyClass: FailureRow['replyClass'] = null): FailureRow => ({
  email,
  status,
  reason,
  replyClass,
});

describe('failure grouping', () => {
  it('names the cause from the SMTP reply first, then the reason', () => {
    expect(causeOf({ reason: 'unavailable_smtp', replyClass: 'greylisted' })).toBe('greylisted');
    expect(causeOf({ reason: 'unavailable_smtp', replyClass: 'temporary' })).toBe('temporary_error');
    expect(causeOf({ reason: 'unavailable_smtp', replyClass: 'blocked' })).toBe('blocked');
    expect(causeOf({ reason: 'invalid_smtp', replyClass: 'unknown' })).toBe('unclear_refusal');
    expect(causeOf({ reason: 'no_connect', replyClass: null })).toBe('no_connect');
    expect(causeOf({ reason: 'timeout', replyClass: null })).toBe('timeout');
    expect(causeOf({ reason: 'smtp_skipped', replyClass: null })).toBe('smtp_skipped');
    expect(causeOf({ reason: 'unexpected_error', replyClass: null })).toBe('check_error');
    expect(causeOf({ reason: null, replyClass: null })).toBe('check_error');
  });

  it('counts each cause, what a retry would take, and a few examples, largest group first', () => {
    const groups = groupFailures([
      row('g1@x.test', 'dead_lettered', 'unavailable_smtp', 'greylisted'),
      row('b1@x.test', 'done', 'unavailable_smtp', 'blocked'),
      row('g2@x.test', 'dead_lettered', 'unavailable_smtp', 'greylisted'),
      row('f1@x.test', 'failed', null),
      row('g3@x.test', 'done', 'unavailable_smtp', 'greylisted'),
    ]);
    expect(groups.map(({ cause, count, retryable, examples }) => ({ cause, count, retryable, examples }))).toEqual([
      { cause: 'greylisted', count: 3, retryable: 2, examples: ['g1@x.test', 'g2@x.test', 'g3@x.test'] },
      { cause: 'blocked', count: 1, retryable: 0, examples: ['b1@x.test'] },
      { cause: 'check_error', count: 1, retryable: 1, examples: ['f1@x.test'] },
    ]);
    expect(groups[0]).toMatchObject({ description: expect.stringContaining('greylisted'), action: expect.any(String) });
  });

  it(`keeps at most ${FAILURE_EXAMPLES} examples`, () => {
    const groups = groupFailures(Array.from({ length: 12 }, (_, index) => row(`t${index}@x.test`, 'failed', 'timeout')));
    expect(groups).toEqual([
      expect.objectContaining({ cause: 'timeout', count: 12, retryable: 12, examples: ['t0@x.test', 't1@x.test', 't2@x.test', 't3@x.test', 't4@x.test'] }),
    ]);
  });
});
