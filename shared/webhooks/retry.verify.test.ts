import { describe, expect, it } from 'vitest';
import { attemptRecord, attemptResult, retrySchedule } from './retry';

const schedule = retrySchedule([1_000, 5_000, 30_000]);
const now = new Date('2026-11-29T12:00:00.000Z');

describe('a retry schedule', () => {
  it('has one attempt more than it has waits, and waits the nth after the nth attempt', () => {
    expect(schedule.maxAttempts).toBe(4);
    expect([1, 2, 3].map(schedule.delayMs)).toEqual([1_000, 5_000, 30_000]);
  });

  it('has no wait left after the last attempt', () => {
    expect(schedule.delayMs(4)).toBeNull();
    expect(schedule.delayMs(9)).toBeNull();
  });
});

describe('what an answer means for a delivery', () => {
  it('a 2xx delivers', () => {
    expect(attemptResult({ kind: 'answered', status: 204, ok: true, text: '' })).toEqual({ delivered: true, statusCode: 204 });
  });

  it('a URL the SSRF guard refuses is never tried again', () => {
    expect(attemptResult({ kind: 'refused', reason: 'must use https' })).toEqual({
      delivered: false,
      statusCode: null,
      error: 'The webhook URL must use https.',
      retryable: false,
    });
  });

  it('no answer, and any other status, is tried again', () => {
    expect(attemptResult({ kind: 'unreachable', message: 'timed out' })).toMatchObject({
      retryable: true,
      statusCode: null,
      error: 'The webhook did not answer: timed out',
    });
    expect(attemptResult({ kind: 'answered', status: 410, ok: false, text: 'gone' })).toMatchObject({
      retryable: true,
      statusCode: 410,
      error: 'The webhook answered 410.',
    });
  });
});

describe('the row an attempt leaves', () => {
  const failure = { delivered: false, statusCode: 503, error: 'The webhook answered 503.', retryable: true } as const;

  it('a delivery gives up its claim and records when it was delivered', () => {
    expect(attemptRecord({ delivered: true, statusCode: 200 }, schedule, 2, now)).toEqual({
      status: 'delivered',
      lastStatusCode: 200,
      lastError: null,
      claimedUntil: null,
      deliveredAt: now,
    });
  });

  it('a retryable failure waits, pending, for the next attempt of the schedule', () => {
    expect(attemptRecord(failure, schedule, 2, now)).toEqual({
      status: 'pending',
      lastStatusCode: 503,
      lastError: 'The webhook answered 503.',
      claimedUntil: null,
      nextAttemptAt: new Date(now.getTime() + 5_000),
    });
  });

  it('fails on the last attempt, and at once when the failure is not retryable', () => {
    expect(attemptRecord(failure, schedule, 4, now)).toEqual({
      status: 'failed',
      lastStatusCode: 503,
      lastError: 'The webhook answered 503.',
      claimedUntil: null,
    });
    expect(attemptRecord({ ...failure, retryable: false }, schedule, 1, now)).toMatchObject({ status: 'failed' });
  });
});
