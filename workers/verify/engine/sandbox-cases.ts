import { classifyRcptReply, parseReply, type SmtpReply } from './smtp-reply';
import { verdict, type MxOutcome, type Reachability, type Reason, type VerdictInput } from './verdict';

/**
 * The sandbox cases: which local part or `+tag` picks which made-up stage result. Apart from the
 * sandbox check itself so that the request schema can list the triggers without importing it.
 */

export interface SandboxCase {
  /** Local parts or tags that pick the case, lower case. */
  triggers: readonly string[];
  /** What the case stands for. */
  meaning: string;
  mx: MxOutcome;
  /** The reply to RCPT TO, as a real server words it. */
  rcptReply?: readonly string[];
  /** How the session ended when no reply came. */
  ended?: 'no_connect' | 'timeout';
  catchAll?: boolean;
  isDisposable?: boolean;
  isRoleAccount?: boolean;
}

const ACCEPTED = ['250 2.1.5 OK'];

const DELIVERABLE: SandboxCase = {
  triggers: ['deliverable'],
  meaning: 'A mailbox that accepts mail (also any address without a trigger).',
  mx: 'mx',
  rcptReply: ACCEPTED,
};

const SANDBOX_CASES: readonly SandboxCase[] = [
  DELIVERABLE,
  {
    triggers: ['undeliverable'],
    meaning: 'A mailbox the server says does not exist.',
    mx: 'mx',
    rcptReply: ['550 5.1.1 The email account that you tried to reach does not exist.'],
  },
  { triggers: ['risky', 'catchall', 'catch-all', 'accept-all'], meaning: 'A domain that accepts any address.', mx: 'mx', rcptReply: ACCEPTED, catchAll: true },
  { triggers: ['full-inbox'], meaning: 'A full mailbox.', mx: 'mx', rcptReply: ['552 5.2.2 The email account that you tried to reach is over quota.'] },
  {
    triggers: ['disabled'],
    meaning: 'A mailbox its provider has disabled.',
    mx: 'mx',
    rcptReply: ['550 5.2.1 The email account that you tried to reach is disabled.'],
  },
  { triggers: ['disposable'], meaning: 'A working address at a disposable-address service.', mx: 'mx', rcptReply: ACCEPTED, isDisposable: true },
  { triggers: ['role'], meaning: 'A working role address such as info@ or sales@.', mx: 'mx', rcptReply: ACCEPTED, isRoleAccount: true },
  { triggers: ['unknown', 'greylisted'], meaning: 'A server that greylists the check.', mx: 'mx', rcptReply: ['451 4.7.1 Greylisted, please try again later'] },
  {
    triggers: ['blocked'],
    meaning: 'A server that refuses the check because of a blocklist.',
    mx: 'mx',
    rcptReply: ['554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using zen.spamhaus.org'],
  },
  { triggers: ['no-connect'], meaning: 'Mail servers that cannot be reached.', mx: 'mx', ended: 'no_connect' },
  { triggers: ['timeout'], meaning: 'A mail server that does not answer in time.', mx: 'mx', ended: 'timeout' },
  { triggers: ['invalid-domain'], meaning: 'A domain that takes no mail.', mx: 'no_mail_host' },
];

export interface SandboxStages {
  input: VerdictInput;
  rcptReply: SmtpReply | null;
}

export function stagesOf(sandboxCase: SandboxCase): SandboxStages {
  const rcptReply = sandboxCase.rcptReply ? parseReply(sandboxCase.rcptReply) : null;
  const base = { syntaxValid: true, isDisposable: sandboxCase.isDisposable ?? false, isRoleAccount: sandboxCase.isRoleAccount ?? false, mx: sandboxCase.mx };
  if (rcptReply) {
    const smtp = { kind: 'replied', rcpt: classifyRcptReply(rcptReply).class, catchAll: sandboxCase.catchAll ?? false } as const;
    return { input: { ...base, smtp }, rcptReply };
  }
  return { input: sandboxCase.ended ? { ...base, smtp: { kind: sandboxCase.ended } } : base, rcptReply: null };
}

/** The sandbox triggers with the result each gives. */
export const SANDBOX_TRIGGERS: readonly { triggers: readonly string[]; meaning: string; is_reachable: Reachability; reason: Reason }[] = SANDBOX_CASES.map(
  (sandboxCase) => {
    const { is_reachable, reason } = verdict(stagesOf(sandboxCase).input);
    return { triggers: sandboxCase.triggers, meaning: sandboxCase.meaning, is_reachable, reason };
  },
);

/** The trigger table in Markdown, for the OpenAPI document. */
export function describeSandboxTriggers(): string {
  const rows = SANDBOX_TRIGGERS.map(
    ({ triggers, meaning, is_reachable, reason }) =>
      `| ${triggers.map((trigger) => `\`${trigger}\``).join(', ')} | \`${is_reachable}\` | \`${reason}\` | ${meaning} |`,
  );
  return ['| local part or `+tag` | is_reachable | reason | stands for |', '|---|---|---|---|', ...rows].join('\n');
}

export function caseFor(tag: string | null, baseUsername: string): SandboxCase {
  const byTrigger = (name: string | null) => (name ? SANDBOX_CASES.find((candidate) => candidate.triggers.includes(name.toLowerCase())) : undefined);
  return byTrigger(tag) ?? byTrigger(baseUsername) ?? DELIVERABLE;
}
