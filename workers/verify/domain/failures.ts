import type { ReplyClass } from '../engine/smtp-reply';
import type { Reason } from '../engine/verdict';
import type { TaskStatus } from './job-status';

/**
 * A job's failures grouped by cause: every address that ended without an answer about its
 * mailbox (an `unknown` result), could not be checked (`failed`), or was deferred on every attempt
 * (`dead_lettered`). Failed and dead-lettered tasks can be queued again with
 * `POST /v1/jobs/{job_id}/retry`; an `unknown` result is final.
 */
export const failureCauses = [
  'greylisted',
  'temporary_error',
  'blocked',
  'unclear_refusal',
  'no_connect',
  'timeout',
  'smtp_skipped',
  'dns_lookup_failed',
  'check_error',
] as const;
export type FailureCause = (typeof failureCauses)[number];

export const failureCauseInfo: Record<FailureCause, { description: string; action: string }> = {
  greylisted: {
    description: 'The mail server greylisted the check: it asked to be tried again later.',
    action: 'Checked again automatically with backoff; once dead-lettered, retry the job after a while.',
  },
  temporary_error: {
    description: 'The mail server answered with a temporary error (4xx).',
    action: 'Checked again automatically with backoff; once dead-lettered, retry the job later.',
  },
  blocked: {
    description: 'The mail server refused the check because of a blocklist or its policy.',
    action: 'Retrying soon rarely helps: check from another IP (a `proxy`) or with a `from_email` and `hello_name` of good reputation.',
  },
  unclear_refusal: {
    description: 'The mail server refused the address with a reply that does not say why.',
    action: 'Nothing to retry; treat the addresses as unverified.',
  },
  no_connect: {
    description: 'No mail server of the domain could be reached.',
    action: 'Checked again automatically with backoff; a domain whose servers stay unreachable will not take mail either.',
  },
  timeout: {
    description: 'The mail server did not answer in time.',
    action: 'Checked again automatically with backoff; once dead-lettered, retry the job later.',
  },
  smtp_skipped: {
    description: 'The mailbox was not checked, because the verification method for its provider is `skip`.',
    action: 'Create a job with the provider’s method set to `smtp` to check these mailboxes.',
  },
  dns_lookup_failed: {
    description: 'The DNS resolver failed to answer for the domain, so the mailbox could not be checked.',
    action: 'Usually passing: retry the job in a few minutes. If it persists, check that DOH_URL answers.',
  },
  check_error: {
    description: 'The check could not finish on our side (DNS lookup, SMTP session or processing error).',
    action: 'Retry the job: POST /v1/jobs/{job_id}/retry queues these tasks again.',
  },
};

export interface FailureRow {
  email: string;
  status: TaskStatus;
  reason: Reason | null;
  replyClass: ReplyClass | null;
}

export interface FailureGroup {
  cause: FailureCause;
  description: string;
  action: string;
  count: number;
  /** How many of them `POST /v1/jobs/{job_id}/retry` would queue again. */
  retryable: number;
  examples: string[];
}

export const FAILURE_EXAMPLES = 5;

const REPLY_CAUSES: Partial<Record<ReplyClass, FailureCause>> = {
  greylisted: 'greylisted',
  temporary: 'temporary_error',
  blocked: 'blocked',
  unknown: 'unclear_refusal',
};

const REASON_CAUSES: Partial<Record<Reason, FailureCause>> = {
  no_connect: 'no_connect',
  timeout: 'timeout',
  smtp_skipped: 'smtp_skipped',
  invalid_smtp: 'unclear_refusal',
  dns_lookup_failed: 'dns_lookup_failed',
};

export function causeOf(row: Pick<FailureRow, 'reason' | 'replyClass'>): FailureCause {
  return (row.replyClass && REPLY_CAUSES[row.replyClass]) ?? (row.reason && REASON_CAUSES[row.reason]) ?? 'check_error';
}

export function isRetryableStatus(status: TaskStatus): boolean {
  return status === 'failed' || status === 'dead_lettered';
}

/** Groups, largest first (ties in the order of `failureCauses`). */
export function groupFailures(rows: Iterable<FailureRow>): FailureGroup[] {
  const groups = new Map<FailureCause, FailureGroup>();
  for (const row of rows) {
    const cause = causeOf(row);
    const group = groups.get(cause) ?? { cause, ...failureCauseInfo[cause], count: 0, retryable: 0, examples: [] };
    group.count += 1;
    if (isRetryableStatus(row.status)) group.retryable += 1;
    if (group.examples.length < FAILURE_EXAMPLES) group.examples.push(row.email);
    groups.set(cause, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || failureCauses.indexOf(a.cause) - failureCauses.indexOf(b.cause));
}
