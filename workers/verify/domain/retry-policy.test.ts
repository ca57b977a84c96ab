import { describe, expect, it } from 'vitest';
import { CHECK_RETRY_DELAYS_SECONDS, checkRetryDelaySeconds, MAX_CHECK_ATTEMPTS, WEBHOOK_BACKOFF_MS, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from './retry-policy';

describe('retry policy', () => {
  it('waits longer after each deferred check attempt: 1, 5, 15, then 30 minutes', () => {
    expect([1, 2, 3, 4].map(checkRetryDelaySeconds)).toEqual([60, 300, 900, 1800]);
    expect(checkRetryDelaySeconds(9)).toBe(1800);
    expect(checkRetryDelaySeconds(0)).toBe(60);
    expect(MAX_CHECK_ATTEMPTS).toBe(CHECK_RETRY_DELAYS_SECONDS.length + 1);
  });

  it('backs webhook retries off and stops after the last attempt', () => {
    expect(webhookRetryDelayMs(1)).toBe(60_000);
    expect(webhookRetryDelayMs(2)).toBe(300_000);
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS - 1)).toBe(WEBHOOK_BACKOFF_MS.at(-1));
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});
