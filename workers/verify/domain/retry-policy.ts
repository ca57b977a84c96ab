import { retrySchedule } from '../../../shared/webhooks/retry';

/**
 * When deferred work is tried again. Greylisting servers (RFC 6647) accept a retry after a few
 * minutes and remember a sender for hours, so a check waits minutes between attempts rather
 * than reconnecting at once, which would only be deferred again.
 */

/**
 * Retries of a deferred check after its first attempt. wrangler.toml sets the bulk consumer's
 * `max_retries` to this, so every schedule (BULK_RETRY_DELAYS_SECONDS) has exactly this many
 * delays: one per retry the queue will make before the dead-letter queue.
 */
export const CHECK_RETRIES = 4;

/** Attempts in all; after the last one the queue moves the task to the dead-letter queue. */
export const MAX_CHECK_ATTEMPTS = CHECK_RETRIES + 1;

/** The default schedule: 1, 5, 15 and 30 minutes between attempts. */
export const DEFAULT_CHECK_RETRY_DELAYS_SECONDS = [60, 300, 900, 1800] as const;

/**
 * The schedule of a sandbox job: its deferrals (`+unknown`, `+timeout`, `+no-connect`, …) are made
 * up and nothing is waited for. 15 s of delays in all, so that with the queue's own batching a demo
 * job whose checks defer every time still ends within half a minute (29 s of delays took 41 s).
 */
export const SANDBOX_CHECK_RETRY_DELAYS_SECONDS = [2, 3, 4, 6] as const;

/** The schedule a job's deferred checks follow: the sandbox's, or the configured one. */
export function checkRetrySchedule(job: { sandbox: boolean }, configured: readonly number[]): readonly number[] {
  return job.sandbox ? SANDBOX_CHECK_RETRY_DELAYS_SECONDS : configured;
}

/** The longest delay a queue message may be given (Cloudflare Queues: 12 hours). */
export const MAX_QUEUE_DELAY_SECONDS = 43_200;

/** A task whose processing failed on our side (database, queue) is tried again soon. */
export const PROCESSING_RETRY_DELAY_SECONDS = 10;

/** Delay before check attempt n+1 after attempt n was deferred; `attempt` counts from 1 (the queue's `message.attempts`). */
export function checkRetryDelaySeconds(schedule: readonly number[], attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), schedule.length) - 1;
  return schedule[index]!;
}

/** Webhook deliveries (job events, pipeline rows): wait before attempt n+1 — 1 min, 5 min, 30 min, 2 h, 6 h; 6 attempts in all. */
export const WEBHOOK_RETRIES = retrySchedule([60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]);
export const WEBHOOK_BACKOFF_MS = WEBHOOK_RETRIES.delaysMs;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRIES.maxAttempts;

/** `attempts` made so far (at least 1); null when none is left. */
export const webhookRetryDelayMs = WEBHOOK_RETRIES.delayMs;
