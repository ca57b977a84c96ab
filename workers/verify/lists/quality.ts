import { approvalOf, type Approval, type ApprovalThresholds } from '../domain/approval';

/**
 * The quality of a list: every distinct address in the first risk group that applies (riskGroups,
 * in order), score and bounce estimate weighted by GROUP_RATES, graded by the approval rule.
 * Repeats and addresses still pending are not scored. The groups, the formula and what the rates
 * stand for: docs/verify/lists.md#how-the-quality-score-is-computed.
 */

export const riskGroups = ['invalid', 'suppressed', 'disposable', 'full_inbox', 'catch_all', 'role', 'unknown', 'risky', 'safe'] as const;
export type RiskGroup = (typeof riskGroups)[number];

export const GROUP_RATES: Record<RiskGroup, { value: number; bounce: number; description: string }> = {
  invalid: { value: 0, bounce: 1, description: 'Bad syntax, or no such mailbox or domain: every message bounces.' },
  suppressed: { value: 0, bounce: 0, description: 'On the suppression list: never sent to, so never bounces.' },
  disposable: { value: 0.1, bounce: 0.2, description: 'A throwaway address: often gone within days, rarely read.' },
  full_inbox: { value: 0.2, bounce: 0.6, description: 'The mailbox is over quota: messages soft-bounce until it is emptied, often abandoned.' },
  catch_all: { value: 0.5, bounce: 0.25, description: 'The domain accepts any address, so the mailbox itself is unconfirmed.' },
  role: { value: 0.7, bounce: 0.05, description: 'A shared role address: deliverable, but complaints are more likely.' },
  unknown: { value: 0.4, bounce: 0.3, description: 'The mail server did not say (greylisting, timeouts, blocks), or the address was not checked.' },
  risky: { value: 0.6, bounce: 0.1, description: 'Deliverable with a risk the check reported.' },
  safe: { value: 1, bounce: 0.01, description: 'The mail server accepted the mailbox.' },
};

export type GroupCounts = Record<RiskGroup, number>;

export interface QualityInput {
  groups: GroupCounts;
  /** Distinct addresses still waiting for their check. */
  pending: number;
  /** Rows repeating an earlier address. */
  duplicates: number;
  /** Rows whose address has bad syntax (also counted in `invalid`). */
  syntaxErrors: number;
  /** Rows of the list, repeats and bad syntax included. */
  rows: number;
}

export interface GroupShare {
  group: RiskGroup;
  count: number;
  /** Of the checked addresses, in percent with one decimal. */
  percent: number;
  value: number;
  bounce_rate: number;
  /** Points of the score this group brings: value × share × 100. */
  points: number;
}

export interface Quality {
  /** 0–100; null until an address has been checked. */
  score: number | null;
  /** Percent with one decimal; null until an address has been checked. */
  bounce_estimate_percent: number | null;
  /** Distinct addresses with an outcome, bad syntax included: the denominator of every share. */
  scored: number;
  /** Of those, the addresses whose check ran (bad syntax is never checked). */
  checked: number;
  pending: number;
  final: boolean;
  breakdown: GroupShare[];
  grade: Approval;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function listQuality(input: QualityInput, thresholds: ApprovalThresholds): Quality {
  const scored = riskGroups.reduce((sum, group) => sum + input.groups[group], 0);
  const breakdown = riskGroups.map((group) => {
    const count = input.groups[group];
    const rates = GROUP_RATES[group];
    return {
      group,
      count,
      percent: percent(count, scored),
      value: rates.value,
      bounce_rate: rates.bounce,
      points: scored > 0 ? Math.round(((rates.value * count) / scored) * 1000) / 10 : 0,
    };
  });
  const value = riskGroups.reduce((sum, group) => sum + GROUP_RATES[group].value * input.groups[group], 0);
  return {
    score: scored > 0 ? Math.round((100 * value) / scored) : null,
    bounce_estimate_percent: scored > 0 ? bouncePercent(input.groups, riskGroups) : null,
    scored,
    checked: Math.max(0, scored - input.syntaxErrors),
    pending: input.pending,
    final: input.pending === 0,
    breakdown,
    grade: approvalOf({ safe: input.groups.safe, processed: scored }, thresholds),
  };
}

/** The bounce rate, in percent with one decimal, of sending to the given groups only. */
export function bouncePercent(groups: GroupCounts, sent: readonly RiskGroup[]): number {
  const total = sent.reduce((sum, group) => sum + groups[group], 0);
  if (total === 0) return 0;
  const bounces = sent.reduce((sum, group) => sum + GROUP_RATES[group].bounce * groups[group], 0);
  return Math.round((bounces / total) * 1000) / 10;
}

export const emptyGroups = (): GroupCounts => Object.fromEntries(riskGroups.map((group) => [group, 0])) as GroupCounts;
