import { describe, expect, it } from 'vitest';
import {
  CHECK_RETRIES,
  checkRetryDelaySeconds,
  checkRetrySchedule,
  DEFAULT_CHECK_RETRY_DELAYS_SECONDS,
  MAX_CHECK_ATTEMPTS,
  SANDBOX_CHECK_RETRY_DELAYS_SECONDS,
  WEBHOOK_BACKOFF_MS,
  WEBHOOK_MAX_ATTEMPTS,
  webhookRetryDelayMs,
} from './retry-policy';

describe('retry policy', () => {
  it('waits longer after each deferred check attempt: by default 1, 5, 15, then 30 minutes', () => {
    const delay = (attempt: number) => checkRetryDelaySeconds(DEFAULT_CHECK_RETRY_DELAYS_SECONDS, attempt);
    expect([1, 2, 3, 4].map(delay)).toEqual([60, 300, 900, 1800]);
    expect(delay(9)).toBe(1800);
    expect(delay(0)).toBe(60);
    expect(DEFAULT_CHECK_RETRY_DELAYS_SECONDS).toHaveLength(CHECK_RETRIES);
    expect(MAX_CHECK_ATTEMPTS).toBe(CHECK_RETRIES + 1);
  });

  it('follows the schedule it is given', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => checkRetryDelaySeconds([7, 8, 9, 10], attempt))).toEqual([7, 8, 9, 10, 10]);
  });

  it('retries simulated sandbox deferrals after seconds, whatever the configured schedule', () => {
    expect(checkRetrySchedule({ sandbox: true }, DEFAULT_CHECK_RETRY_DELAYS_SECONDS)).toEqual([2, 3, 4, 6]);
    expect(checkRetrySchedule({ sandbox: false }, [7, 8, 9, 10])).toEqual([7, 8, 9, 10]);
    expect(SANDBOX_CHECK_RETRY_DELAYS_SECONDS).toHaveLength(CHECK_RETRIES);
  });

  it('backs webhook retries off and stops after the last attempt', () => {
    expect(webhookRetryDelayMs(1)).toBe(60_000);
    expect(webhookRetryDelayMs(2)).toBe(300_000);
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS - 1)).toBe(WEBHOOK_BACKOFF_MS.at(-1));
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});
