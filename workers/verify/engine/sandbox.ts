import { assembleOutput } from './assemble';
import type { CheckEmailOutput } from './output';
import { caseFor, stagesOf, type SandboxStages } from './sandbox-cases';
import { classifyRcptReply } from './smtp-reply';
import { checkSyntax } from './syntax';
import type { HostAttempt } from './mx-attempts';
import { REASON_DESCRIPTIONS } from './verdict';

/**
 * Sandbox checks, in the manner of Kickbox's sandbox: the result comes from the address alone, no
 * DNS query or connection is made. The local part (`undeliverable@example.com`) or its `+tag`
 * (`jane+undeliverable@example.com`, which wins) picks a case; every other address is deliverable.
 * Each case is a made-up stage result, with the reply a real server would send, run through the
 * real reply classifier and verdict, so that sandbox results read exactly like live ones.
 */

/** A host under the reserved `.invalid` top-level domain (RFC 2606): clearly not a real MX. */
const SANDBOX_MX_HOST = 'mx.sandbox.invalid';

/** The full result of a sandbox check of `input`, timed at `now`. An invalid address stays invalid. */
export function sandboxCheck(input: string, now: Date): CheckEmailOutput {
  return sandboxOutcome(input, now).output;
}

/**
 * The sandbox result with what the engine says of a live one: the mail host it reached, and
 * whether a retry could help, by the live rule (a 4xx reply, no connection, a timeout), so that
 * code handling retries (bulk jobs, a caller's own) can be exercised against the sandbox.
 */
export function sandboxOutcome(input: string, now: Date): { output: CheckEmailOutput; mxHost: string | null; retryable: boolean } {
  const syntax = checkSyntax(input);
  const sandboxCase = syntax.is_valid_syntax ? caseFor(syntax.tag, syntax.base_username) : null;
  const stages: SandboxStages = sandboxCase
    ? stagesOf(sandboxCase)
    : { input: { syntaxValid: false, isDisposable: false, isRoleAccount: false }, rcptReply: null };
  const reply = stages.rcptReply;
  const reachedServer = stages.input.smtp !== undefined;
  const mxHost = reply || sandboxCase?.ended === 'timeout' ? SANDBOX_MX_HOST : null;
  const output = assembleOutput({
    input,
    syntax,
    verdictInput: stages.input,
    mxRecords: stages.input.mx === 'mx' ? [SANDBOX_MX_HOST] : [],
    isB2c: false,
    gravatarUrl: null,
    smtp: {
      reply: reply && { command: 'RCPT TO', reply, classification: classifyRcptReply(reply) },
      mxHost,
      port: reachedServer ? 25 : null,
      tls: false,
      pipelining: false,
      error: sandboxCase?.ended ? REASON_DESCRIPTIONS[sandboxCase.ended] : null,
      attempts: reachedServer ? [sandboxAttempt(reply !== null, sandboxCase?.ended)] : [],
    },
    serverName: 'sandbox',
    startedAt: now.getTime(),
    endedAt: now.getTime(),
    sandbox: true,
  });
  const deferred = (reply !== null && reply.code >= 400 && reply.code < 500) || sandboxCase?.ended !== undefined;
  return { output, mxHost, retryable: output.is_reachable === 'unknown' && deferred };
}

/** The made-up host's turn in the made-up dialogue, as a live check lists it in `debug.smtp.attempts`. */
function sandboxAttempt(replied: boolean, ended: 'no_connect' | 'timeout' | undefined): HostAttempt {
  if (replied || !ended) return { host: SANDBOX_MX_HOST, address: null, outcome: 'replied', error: null, durationMs: 0 };
  return { host: SANDBOX_MX_HOST, address: null, outcome: ended === 'timeout' ? 'timeout' : 'unreachable', error: REASON_DESCRIPTIONS[ended], durationMs: 0 };
}
