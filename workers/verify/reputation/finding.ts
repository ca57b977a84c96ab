/** What one check of a domain found; the route's `ReputationFinding`. */

export type FindingStatus = 'pass' | 'warn' | 'fail' | 'unknown';

export const CHECK_NAMES = ['mx', 'spf', 'dmarc', 'dkim', 'mta_sts', 'tls_rpt', 'bimi', 'dnssec', 'blocklists'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface Finding<Details = Record<string, unknown>> {
  status: FindingStatus;
  /** One line: what was found. */
  summary: string;
  /** The DNS records (or policy file lines) the check read, as published. */
  records: string[];
  /** Why this matters for delivery. */
  explanation: string;
  /** The exact change to make; null when there is nothing to fix. */
  fix: string | null;
  details: Details;
}

/** A DNS question that could not be answered (SERVFAIL, timeout, unreachable resolver). */
export function lookupFailed<D>(what: string, error: string, details: D): Finding<D> {
  return {
    status: 'unknown',
    summary: `The ${what} look-up failed: ${error}.`,
    records: [],
    explanation: 'Nothing can be said until DNS answers; a failing look-up also makes receivers defer or treat mail as unauthenticated.',
    fix: 'Check again later; if it persists, check that every authoritative name server of the domain answers.',
    details,
  };
}
