// Placeholder of the bulk branch, replaced at merge by the single-check engine (issue 5) with the same exports.
import type { VerifyBindings } from '../env';
import type { CheckEmailOutput, CheckEmailRequest } from './output';
import { sandboxCheck } from './sandbox';

export interface CheckEmailDeps {
  now: () => Date;
  acquireSmtpSession?: (mxHost: string) => Promise<() => void>;
}

export function engineDeps(
  _env: VerifyBindings,
  options: {
    /** Called before each SMTP session with the MX host; resolves to a release function, called when the session ends. */
    acquireSmtpSession?: (mxHost: string) => Promise<() => void>;
  } = {},
): CheckEmailDeps {
  return { now: () => new Date(), acquireSmtpSession: options.acquireSmtpSession };
}

export interface CheckOutcome {
  output: CheckEmailOutput;
  /** The MX host the SMTP session talked to, or null. */
  mxHost: string | null;
  /** Trying later could change an `unknown` result (greylisting, 4xx, timeout, no connect). */
  retryable: boolean;
  durationMs: number;
}

const RETRYABLE_REPLY_CLASSES = new Set(['greylisted', 'temporary']);
const RETRYABLE_REASONS = new Set(['no_connect', 'timeout']);

export async function checkEmail(request: CheckEmailRequest, deps: CheckEmailDeps): Promise<CheckOutcome> {
  if (!request.sandbox) throw new Error('Only sandbox checks are available on this branch: the single-check engine replaces this file at merge.');
  const output = sandboxCheck(request.to_email, deps.now());
  const replyClass = output.debug.smtp.reply?.class;
  const retryable = output.is_reachable === 'unknown' && ((replyClass !== undefined && RETRYABLE_REPLY_CLASSES.has(replyClass)) || RETRYABLE_REASONS.has(output.reason));
  return { output, mxHost: output.smtp.can_connect_smtp || retryable ? (output.mx.records[0] ?? null) : null, retryable, durationMs: 0 };
}
