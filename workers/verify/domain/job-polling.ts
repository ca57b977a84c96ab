/**
 * How a caller follows a job without spending its key's rate limit (60 requests a minute, shared
 * by every operation of the key). A job read may wait (`?wait=`) for the job to move: it counts
 * as one request however long it waits.
 */

/** The longest a job read may wait for a change; most proxies keep an idle request open this long. */
export const MAX_JOB_WAIT_SECONDS = 60;

/**
 * A waiting read answers no sooner than this after it arrives (unless the job has ended), so a
 * caller looping on `?wait=` makes at most 60 / 5 = 12 requests a minute however fast the job
 * moves, a fifth of the key's limit; the changes of those seconds come in one answer.
 */
export const MIN_JOB_WAIT_ANSWER_SECONDS = 5;

/** How often a waiting read looks at the job again. */
export const JOB_WAIT_CHECK_MS = 1_000;

/** The interval suggested to a caller polling without `?wait=`: 12 requests a minute. */
export const SUGGESTED_POLL_SECONDS = MIN_JOB_WAIT_ANSWER_SECONDS;

/** The longest interval suggested while a job only waits for retries. */
const MAX_SUGGESTED_POLL_SECONDS = 900;

export interface JobProgress {
  /** The job is queued or running. */
  open: boolean;
  /** Tasks not checked yet. */
  pending: number;
  /** Tasks waiting for a retry, and when the first of them is due. */
  retrying: number;
  nextRetryAt: Date | null;
}

/**
 * Seconds before reading the job again is worth it: null once the job has ended; while only
 * retries are left, until the next one is due; otherwise SUGGESTED_POLL_SECONDS.
 */
export function suggestedPollSeconds(progress: JobProgress, now: Date): number | null {
  if (!progress.open) return null;
  if (progress.pending === 0 && progress.retrying > 0 && progress.nextRetryAt) {
    const untilRetry = Math.ceil((progress.nextRetryAt.getTime() - now.getTime()) / 1000);
    return Math.min(MAX_SUGGESTED_POLL_SECONDS, Math.max(SUGGESTED_POLL_SECONDS, untilRetry));
  }
  return SUGGESTED_POLL_SECONDS;
}

/**
 * Whether a waiting read answers now: at once when the job has ended, when it has moved and the
 * shortest wait has passed, or at the end of the wait.
 */
export function waitIsOver(input: { open: boolean; changed: boolean; waitedMs: number; waitMs: number }): boolean {
  if (!input.open || input.waitedMs >= input.waitMs) return true;
  return input.changed && input.waitedMs >= Math.min(input.waitMs, MIN_JOB_WAIT_ANSWER_SECONDS * 1000);
}
