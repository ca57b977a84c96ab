/**
 * The SMTP stage's walk over a domain's MX hosts, as a sending MTA walks them (RFC 5321 §5.1):
 * in preference order, passing a host that cannot be reached, or that connects and then says
 * nothing about the mailbox (no greeting in time, a dropped connection), to the next one, within
 * the check's one time budget. The rules here are pure; check-email.ts runs the walk.
 */

/** How one MX host's turn ended. */
export const HOST_OUTCOMES = ['replied', 'no_address', 'unreachable', 'timeout', 'dropped', 'failed', 'tls_unverifiable'] as const;
export type HostOutcome = (typeof HOST_OUTCOMES)[number];

export const HOST_OUTCOME_DESCRIPTIONS: Record<HostOutcome, string> = {
  replied: 'the server answered (RCPT TO, or a refusal before it): this reply decided the stage',
  no_address: 'the host name has no address, could not be resolved, or resolves only to refused private addresses',
  unreachable:
    'the connection could not be opened (refused, no route, not within the connect budget, or a failed TLS handshake whose plaintext retry could not connect)',
  timeout: 'the server connected but did not answer within its share of the time (a tarpit, a silent host)',
  dropped: 'the server closed the connection or garbled the dialogue before answering RCPT TO',
  failed: 'the session failed on our side (the proxy)',
  tls_unverifiable: 'the server requires STARTTLS and neither verified nor unverified TLS worked',
};

/** One MX host's turn, for `debug.smtp.attempts`. */
export interface HostAttempt {
  host: string;
  /** The address connected to; null when there was none to connect to. */
  address: string | null;
  outcome: HostOutcome;
  /** Why the turn ended without a reply; null for `replied`. */
  error: string | null;
  durationMs: number;
}

/**
 * When the host whose turn starts at `now` must be done: all the time left for the last host;
 * otherwise half of it, so that a host that never answers leaves the next one as much time as it
 * took itself. The per-connection and per-reply budgets still apply within the share.
 */
export function hostDeadline(now: number, deadline: number, hostsLeft: number): number {
  return hostsLeft > 1 ? now + Math.max(0, deadline - now) / 2 : deadline;
}

/**
 * Whether the next MX host may still answer after this outcome: the host said nothing about the
 * mailbox (not reachable, no address, silent, dropped). A reply is final, and so are a proxy
 * failure (every host goes through the same proxy) and a host that demands TLS we cannot speak
 * (its backups share its configuration, and the verdict names the cause).
 */
export function passesToNextHost(outcome: HostOutcome): boolean {
  return outcome === 'no_address' || outcome === 'unreachable' || outcome === 'timeout' || outcome === 'dropped';
}
