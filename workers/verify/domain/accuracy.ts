import type { OutcomeType } from '../../../shared/db/schema';

/**
 * How right our verdicts were, measured by what happened when the workspace sent mail (outcomes
 * from POST /v1/outcomes and provider deliveries). Each verified address with an outcome after it
 * was verified is judged by its first conclusive outcome:
 *
 * - `hard_bounce` → **bounced**: the address does not take mail;
 * - `delivered`, `complaint`, `unsubscribe` → **delivered**: a complaint or an unsubscribe can only
 *   come from a mailbox that received the message;
 * - `soft_bounce` says nothing about the mailbox (full, greylisted, down for a while) and is skipped.
 *
 * The first conclusive outcome, not the latest: the verdict was about the mailbox as it was then,
 * and a mailbox closed months later does not make it wrong.
 */
export const OUTCOME_EVIDENCE: Record<OutcomeType, Evidence | null> = {
  hard_bounce: 'bounced',
  delivered: 'delivered',
  complaint: 'delivered',
  unsubscribe: 'delivered',
  soft_bounce: null,
};
export type Evidence = 'bounced' | 'delivered';

export const measuredVerdicts = ['safe', 'risky', 'invalid', 'unknown'] as const;
export type MeasuredVerdict = (typeof measuredVerdicts)[number];

export type EvidenceCounts = Record<MeasuredVerdict, Record<Evidence, number>>;

export const emptyEvidence = (): EvidenceCounts =>
  Object.fromEntries(measuredVerdicts.map((verdict) => [verdict, { bounced: 0, delivered: 0 }])) as EvidenceCounts;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The accuracy figures of a source:
 * - `deliverable_bounce_percent`: of the addresses we called deliverable (`safe` or `risky`) that
 *   have an outcome, the share that hard-bounced: the false positives a sender pays for;
 * - `safe_bounce_percent`: the same for `safe` alone;
 * - `invalid_delivered_percent`: of the addresses we called `invalid` that were sent to anyway,
 *   the share that were delivered: the false negatives;
 * each null while no such address has an outcome.
 */
export function accuracyOf(counts: EvidenceCounts) {
  const measured = (verdict: MeasuredVerdict) => counts[verdict].bounced + counts[verdict].delivered;
  const deliverable = measured('safe') + measured('risky');
  return {
    measured: measuredVerdicts.reduce((sum, verdict) => sum + measured(verdict), 0),
    deliverable_bounce_percent: percent(counts.safe.bounced + counts.risky.bounced, deliverable),
    safe_bounce_percent: percent(counts.safe.bounced, measured('safe')),
    invalid_delivered_percent: percent(counts.invalid.delivered, measured('invalid')),
    by_verdict: counts,
  };
}
export type Accuracy = ReturnType<typeof accuracyOf>;
