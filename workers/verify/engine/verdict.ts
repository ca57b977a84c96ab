import type { DetectedProvider, Provider, ProviderRuleResult } from './providers';
import type { ReplyClass } from './smtp-reply';

/**
 * The verdict: the stage results combined into Reacher's `is_reachable`, a 0–100 score and a
 * Kickbox-style reason. The first row of VERDICT_TABLE that applies decides the outcome; then each
 * QUALITY_TABLE row that applies lowers the score and may make it risky. Where this differs from
 * Reacher: docs/verify/single-checks.md, stage 5.
 */

export const REACHABILITY = ['safe', 'risky', 'invalid', 'unknown'] as const;
export type Reachability = (typeof REACHABILITY)[number];

export const REASONS = [
  'accepted_email',
  'rejected_email',
  'disabled_email',
  'invalid_email',
  'invalid_domain',
  'invalid_smtp',
  'low_quality',
  'low_deliverability',
  'no_connect',
  'timeout',
  'unavailable_smtp',
  'tls_unverifiable',
  'smtp_skipped',
  'dns_lookup_failed',
  'unexpected_error',
] as const;
export type Reason = (typeof REASONS)[number];

export const REASON_DESCRIPTIONS: Record<Reason, string> = {
  accepted_email: 'The mail server accepted the address.',
  rejected_email: 'The mail server says the mailbox does not exist.',
  disabled_email: 'The provider has disabled the mailbox: a message to it bounces (`smtp.is_disabled`).',
  invalid_email: 'The address is not valid syntax, or cannot exist at its consumer webmail provider.',
  invalid_domain: 'The domain takes no mail: a null MX (RFC 7505), or no MX and no A/AAAA record.',
  invalid_smtp: 'The mail server refused the address with a reply that does not say why.',
  low_quality: 'The address is disposable, or a role account rather than a person.',
  low_deliverability: 'The mailbox may take mail but a message may still bounce or go unread: catch-all domain or full mailbox.',
  no_connect: 'No mail server of the domain could be reached.',
  timeout: 'The mail server did not answer in time.',
  unavailable_smtp: 'The mail server deferred or refused the check (greylisting, a blocklist, its policy), or closed the connection before answering.',
  tls_unverifiable:
    "The mail server requires STARTTLS, its certificate does not verify (self-signed, expired, or not naming the host), and TLS without verification, tried next as mail servers do, failed too (the server offers only TLS versions or cipher suites this service does not speak); `debug.smtp.error` says what failed. Retrying does not help until the server's TLS changes.",
  smtp_skipped: 'The mailbox was not checked, because the verification method for its provider is `skip`.',
  dns_lookup_failed:
    'The DNS resolver (DNS over HTTPS) failed to answer for the domain (a server failure, a timeout, or the resolver unreachable), so nothing is known yet: try again later.',
  unexpected_error: 'The check could not finish: the SMTP session failed on our side (the proxy).',
};

/** What the DNS stage found for the domain. */
export type MxOutcome =
  /** MX records naming hosts. */
  | 'mx'
  /** No MX, but an A or AAAA record: mail goes to the domain itself (RFC 5321 §5.1). */
  | 'implicit_mx'
  /** A single MX of `.` (RFC 7505): the domain declares it takes no mail. */
  | 'null_mx'
  /** The domain does not exist, or has neither MX nor A/AAAA. */
  | 'no_mail_host'
  /** The lookup itself failed (SERVFAIL, timeout): nothing is known. */
  | 'lookup_failed';

/** What the SMTP stage found. */
export type SmtpOutcome =
  | {
      kind: 'replied';
      /** How the server answered RCPT TO the address. */
      rcpt: ReplyClass;
      /** Whether a random address at the same domain was accepted too; null when not probed or not conclusive. */
      catchAll: boolean | null;
    }
  /**
   * skipped: the method for the provider is `skip`; no_connect: no mail host could be reached;
   * timeout: a host did not answer in time; dropped: a host closed the connection or garbled the
   * dialogue before answering RCPT TO; failed: the check broke on our side (the proxy);
   * tls_unverifiable: the host requires STARTTLS, its certificate does not verify, and TLS
   * without verification failed too.
   */
  | { kind: 'skipped' | 'no_connect' | 'timeout' | 'dropped' | 'failed' | 'tls_unverifiable' };

/** The stage results, filled in by the pipeline; a stage that did not run is left out. */
export interface VerdictInput {
  syntaxValid: boolean;
  /** The provider's username rules, when they were applied. */
  providerRules?: ProviderRuleResult;
  provider?: DetectedProvider;
  isDisposable: boolean;
  isRoleAccount: boolean;
  mx?: MxOutcome;
  smtp?: SmtpOutcome;
}

export interface Verdict {
  is_reachable: Reachability;
  score: number;
  reason: Reason;
  provider: Provider | null;
}

interface VerdictRow {
  /** When the row applies, in words. */
  when: string;
  applies: (input: VerdictInput) => boolean;
  is_reachable: Reachability;
  reason: Reason;
  score: number;
}

const replied = (rcpt: ReplyClass) => (input: VerdictInput) => input.smtp?.kind === 'replied' && input.smtp.rcpt === rcpt;
const smtpEnded = (kind: SmtpOutcome['kind']) => (input: VerdictInput) => input.smtp?.kind === kind;

/** The last row: the pipeline stopped before any stage could decide, so nothing is known. */
const UNDECIDED: VerdictRow = {
  when: 'no row above applies',
  applies: () => true,
  is_reachable: 'unknown',
  reason: 'unexpected_error',
  score: 25,
};

/** First row that applies wins. Scores: how likely a message reaches a person (invalid is 0). */
export const VERDICT_TABLE: readonly VerdictRow[] = [
  { when: 'the syntax is invalid', applies: (input) => !input.syntaxValid, is_reachable: 'invalid', reason: 'invalid_email', score: 0 },
  {
    when: 'the username breaks the rules of its consumer webmail provider',
    applies: (input) => input.providerRules?.ok === false,
    is_reachable: 'invalid',
    reason: 'invalid_email',
    score: 0,
  },
  { when: 'the domain has a null MX', applies: (input) => input.mx === 'null_mx', is_reachable: 'invalid', reason: 'invalid_domain', score: 0 },
  { when: 'the domain has no MX and no A/AAAA', applies: (input) => input.mx === 'no_mail_host', is_reachable: 'invalid', reason: 'invalid_domain', score: 0 },
  { when: 'the DNS lookup failed', applies: (input) => input.mx === 'lookup_failed', is_reachable: 'unknown', reason: 'dns_lookup_failed', score: 25 },
  {
    // smtp-reply.ts decides "no such mailbox": 5.1.x, or a text naming a missing user (under 5.7.x only when it says nothing else).
    when: 'RCPT TO was refused: no such mailbox',
    applies: replied('undeliverable'),
    is_reachable: 'invalid',
    reason: 'rejected_email',
    score: 0,
  },
  { when: 'the mailbox is disabled', applies: replied('disabled'), is_reachable: 'invalid', reason: 'disabled_email', score: 0 },
  {
    when: 'RCPT TO was accepted, and so was a random address (catch-all)',
    applies: (input) => input.smtp?.kind === 'replied' && input.smtp.rcpt === 'deliverable' && input.smtp.catchAll === true,
    is_reachable: 'risky',
    reason: 'low_deliverability',
    score: 60,
  },
  { when: 'RCPT TO was accepted', applies: replied('deliverable'), is_reachable: 'safe', reason: 'accepted_email', score: 95 },
  { when: 'the mailbox is full', applies: replied('full_inbox'), is_reachable: 'risky', reason: 'low_deliverability', score: 30 },
  { when: 'the server greylisted the check', applies: replied('greylisted'), is_reachable: 'unknown', reason: 'unavailable_smtp', score: 50 },
  { when: 'the server answered with a temporary error', applies: replied('temporary'), is_reachable: 'unknown', reason: 'unavailable_smtp', score: 45 },
  { when: 'the server blocked the check', applies: replied('blocked'), is_reachable: 'unknown', reason: 'unavailable_smtp', score: 40 },
  { when: 'the server refused without saying why', applies: replied('unknown'), is_reachable: 'unknown', reason: 'invalid_smtp', score: 35 },
  { when: 'no mail server could be reached', applies: smtpEnded('no_connect'), is_reachable: 'unknown', reason: 'no_connect', score: 30 },
  { when: 'the mail server did not answer in time', applies: smtpEnded('timeout'), is_reachable: 'unknown', reason: 'timeout', score: 30 },
  {
    when: 'the mail server closed the connection before answering',
    applies: smtpEnded('dropped'),
    is_reachable: 'unknown',
    reason: 'unavailable_smtp',
    score: 35,
  },
  {
    when: 'the server requires STARTTLS, and neither verified nor unverified TLS worked',
    applies: smtpEnded('tls_unverifiable'),
    is_reachable: 'unknown',
    reason: 'tls_unverifiable',
    score: 35,
  },
  { when: 'the SMTP check was skipped', applies: smtpEnded('skipped'), is_reachable: 'unknown', reason: 'smtp_skipped', score: 50 },
  { when: 'the SMTP session failed', applies: smtpEnded('failed'), is_reachable: 'unknown', reason: 'unexpected_error', score: 25 },
  UNDECIDED,
];

interface QualityRow {
  when: string;
  applies: (input: VerdictInput) => boolean;
  /** Points taken off the score. */
  penalty: number;
  /** Outcomes this flag turns into risky, with reason `low_quality`. */
  makesRisky: readonly Reachability[];
}

/**
 * Applied to every outcome but invalid, in order. A disposable domain is risky even when the
 * mailbox could not be checked: whatever the server says, the address is thrown away soon. A role
 * account only lowers a safe outcome: it tells nothing about whether the mailbox exists.
 */
export const QUALITY_TABLE: readonly QualityRow[] = [
  { when: 'the domain is disposable', applies: (input) => input.isDisposable, penalty: 40, makesRisky: ['safe', 'risky', 'unknown'] },
  { when: 'the address is a role account', applies: (input) => input.isRoleAccount, penalty: 15, makesRisky: ['safe'] },
];

export function verdict(input: VerdictInput): Verdict {
  const row = VERDICT_TABLE.find((candidate) => candidate.applies(input)) ?? UNDECIDED;
  let { is_reachable, reason, score } = row;
  if (is_reachable !== 'invalid') {
    for (const quality of QUALITY_TABLE.filter((candidate) => candidate.applies(input))) {
      score -= quality.penalty;
      if (quality.makesRisky.includes(is_reachable)) {
        is_reachable = 'risky';
        reason = 'low_quality';
      }
    }
  }
  // 0 is kept for invalid addresses; penalties floor anything else at 1.
  return { is_reachable, score: is_reachable === 'invalid' ? 0 : Math.max(1, score), reason, provider: input.provider?.provider ?? null };
}

/** Reacher's `smtp` object, from what the SMTP stage found. */
export function smtpDetails(smtp: SmtpOutcome | undefined) {
  const answer = smtp?.kind === 'replied' ? smtp : null;
  return {
    can_connect_smtp: answer !== null,
    has_full_inbox: answer?.rcpt === 'full_inbox',
    is_catch_all: answer?.catchAll === true,
    is_deliverable: answer?.rcpt === 'deliverable',
    is_disabled: answer?.rcpt === 'disabled',
  };
}
