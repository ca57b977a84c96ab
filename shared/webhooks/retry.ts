import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WebhookAnswer } from './send';

/**
 * The bookkeeping of a signed delivery tried again with backoff: the schedule of its attempts, what
 * an answer means for it, the row it leaves, and when a row is due. Verify's job webhooks and
 * pipeline deliveries keep all of it; launch's publisher keeps the schedule (its channels decide
 * what is retryable, see workers/launch/publishing/).
 */

/** The waits between the attempts of one delivery: attempt n + 1 waits `delaysMs[n - 1]` after attempt n. */
export interface RetrySchedule<D extends readonly number[] = readonly number[]> {
  readonly delaysMs: D;
  /** Attempts in all: the first, then one per wait. */
  readonly maxAttempts: number;
  /** The wait after `attempts` attempts (counted from 1) failed; null when no attempt is left. */
  readonly delayMs: (attempts: number) => number | null;
}

export function retrySchedule<const D extends readonly number[]>(delaysMs: D): RetrySchedule<D> {
  const maxAttempts = delaysMs.length + 1;
  return {
    delaysMs,
    maxAttempts,
    delayMs: (attempts) => (attempts >= maxAttempts ? null : delaysMs[Math.max(attempts, 1) - 1]!),
  };
}

/** How one attempt went: delivered, or failed, and then whether another attempt could go better. */
export type AttemptResult = { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string; retryable: boolean };

/**
 * A 2xx delivers. A URL the SSRF guard refuses is refused on every attempt, so it fails at once;
 * no answer, and any other answer, is tried again (a receiver's 4xx is often a deploy in progress).
 */
export function attemptResult(answer: WebhookAnswer): AttemptResult {
  if (answer.kind === 'refused') return { delivered: false, statusCode: null, error: `The webhook URL ${answer.reason}.`, retryable: false };
  if (answer.kind === 'unreachable') return { delivered: false, statusCode: null, error: `The webhook did not answer: ${answer.message}`, retryable: true };
  if (answer.ok) return { delivered: true, statusCode: answer.status };
  return { delivered: false, statusCode: answer.status, error: `The webhook answered ${answer.status}.`, retryable: true };
}

/** The columns a delivery row takes once an attempt is over; the claim is given up in every case. */
export type AttemptRecord =
  | { status: 'delivered'; lastStatusCode: number; lastError: null; claimedUntil: null; deliveredAt: Date }
  | { status: 'pending'; lastStatusCode: number | null; lastError: string; claimedUntil: null; nextAttemptAt: Date }
  | { status: 'failed'; lastStatusCode: number | null; lastError: string; claimedUntil: null };

/**
 * Delivered; or pending again until the schedule's next attempt; or failed, when the failure is
 * not retryable or `attempts` (this one included) used the schedule up.
 */
export function attemptRecord(result: AttemptResult, schedule: RetrySchedule, attempts: number, now: Date): AttemptRecord {
  if (result.delivered) return { status: 'delivered', lastStatusCode: result.statusCode, lastError: null, claimedUntil: null, deliveredAt: now };
  const delay = result.retryable ? schedule.delayMs(attempts) : null;
  const failed = { lastStatusCode: result.statusCode, lastError: result.error, claimedUntil: null } as const;
  return delay === null ? { status: 'failed', ...failed } : { status: 'pending', ...failed, nextAttemptAt: new Date(now.getTime() + delay) };
}

/** A delivery row's columns that say whether it is due. */
export interface DueColumns {
  status: AnyPgColumn;
  nextAttemptAt: AnyPgColumn;
  claimedUntil: AnyPgColumn;
}

/**
 * Due at `now`: pending and its next attempt has come, or claimed by a sender whose claim has run
 * out (it died mid-attempt). Parenthesised whole, so that it can stand beside other conditions.
 */
export function dueSql(columns: DueColumns, now: Date): SQL {
  const at = now.toISOString();
  return sql`((${columns.status} = 'pending' and ${columns.nextAttemptAt} <= ${at}::timestamptz)
    or (${columns.status} = 'delivering' and ${columns.claimedUntil} < ${at}::timestamptz))`;
}
