import { describe, expect, it } from 'vitest';
import { MIN_JOB_WAIT_ANSWER_SECONDS, SUGGESTED_POLL_SECONDS, suggestedPollSeconds, waitIsOver } from './job-polling';

const now = new Date('2026-01-01T00:00:00Z');
const inSeconds = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('following a job', () => {
  it('suggests no poll once the job has ended', () => {
    expect(suggestedPollSeconds({ open: false, pending: 0, retrying: 0, nextRetryAt: null }, now)).toBeNull();
  });

  it('suggests the steady interval while tasks are pending', () => {
    expect(suggestedPollSeconds({ open: true, pending: 3, retrying: 2, nextRetryAt: inSeconds(600) }, now)).toBe(SUGGESTED_POLL_SECONDS);
  });

  it('suggests waiting for the next retry when only retries are left, within bounds', () => {
    expect(suggestedPollSeconds({ open: true, pending: 0, retrying: 2, nextRetryAt: inSeconds(299.2) }, now)).toBe(300);
    expect(suggestedPollSeconds({ open: true, pending: 0, retrying: 1, nextRetryAt: inSeconds(1) }, now)).toBe(SUGGESTED_POLL_SECONDS);
    expect(suggestedPollSeconds({ open: true, pending: 0, retrying: 1, nextRetryAt: inSeconds(-30) }, now)).toBe(SUGGESTED_POLL_SECONDS);
    expect(suggestedPollSeconds({ open: true, pending: 0, retrying: 1, nextRetryAt: inSeconds(7200) }, now)).toBe(900);
  });

  it('answers a waiting read at once when the job has ended, else on a change after the shortest wait, else at the end', () => {
    const min = MIN_JOB_WAIT_ANSWER_SECONDS * 1000;
    expect(waitIsOver({ open: false, changed: false, waitedMs: 0, waitMs: 60_000 })).toBe(true);
    expect(waitIsOver({ open: true, changed: true, waitedMs: min - 1, waitMs: 60_000 })).toBe(false);
    expect(waitIsOver({ open: true, changed: true, waitedMs: min, waitMs: 60_000 })).toBe(true);
    expect(waitIsOver({ open: true, changed: false, waitedMs: 59_999, waitMs: 60_000 })).toBe(false);
    expect(waitIsOver({ open: true, changed: false, waitedMs: 60_000, waitMs: 60_000 })).toBe(true);
    // A wait shorter than the shortest answer time answers on a change within it.
    expect(waitIsOver({ open: true, changed: true, waitedMs: 2_000, waitMs: 2_000 })).toBe(true);
  });
});
