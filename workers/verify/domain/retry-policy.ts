/**
 * When deferred work is tried again. Greylisting servers (RFC 6647) accept a retry after a few
 * minutes and remember a sender for hours, so a check waits minutes between attempts rather
 * than reconnecting at once, which would only be deferred again.
 */

/** Delay before check attempt n+1 after attempt n was deferred: 1, 5, 15 and 30 minutes. */
export const CHECK_RETRY_DELAYS_SECONDS = [60, 300, 900, 1800] as const;

/**
 * Attempts in all; after the last one the queue moves the task to the dead-letter queue.
 * wrangler.toml sets the consumer's `max_retries` to CHECK_RETRY_DELAYS_SECONDS.length to match.
 */
export const MAX_CHECK_ATTEMPTS = CHECK_RETRY_DELAYS_SECONDS.length + 1;

/** A task whose processing failed on our side (database, queue) is tried again soon. */
export const PROCESSING_RETRY_DELAY_SECONDS = 10;

/** `attempt` counts from 1 (the queue's `message.attempts`). */
export function checkRetryDelaySeconds(attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), CHECK_RETRY_DELAYS_SECONDS.length) - 1;
  return CHECK_RETRY_DELAYS_SECONDS[index]!;
}

/** Webhook deliveries: wait before attempt n+1 — 1 min, 5 min, 30 min, 2 h, 6 h; 6 attempts in all. */
export const WEBHOOK_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;

/** `attempts` made so far (at least 1); null when none is left. */
export function webhookRetryDelayMs(attempts: number): number | null {
  return attempts >= WEBHOOK_MAX_ATTEMPTS ? null : WEBHOOK_BACKOFF_MS[Math.max(attempts, 1) - 1]!;
}
