/**
 * Whether a list is fit to send to: its safe-to-send share (addresses whose result is `safe`,
 * out of every address processed) against the workspace's thresholds. At or above the excellent
 * threshold the list is `excellent`, at or above the good one `good`; both are approved. Below,
 * it is `poor` and not approved. With nothing processed yet the verdict is `pending`.
 */
export const approvalVerdicts = ['excellent', 'good', 'poor', 'pending'] as const;
export type ApprovalVerdict = (typeof approvalVerdicts)[number];

export interface ApprovalThresholds {
  /** Percentages, 0–100; good is below excellent (tenant settings enforce it). */
  excellent: number;
  good: number;
}

export interface Approval {
  verdict: ApprovalVerdict;
  approved: boolean;
  /** Percentage with two decimals; null while nothing is processed. */
  safePercent: number | null;
}

export function approvalOf(counts: { safe: number; processed: number }, thresholds: ApprovalThresholds): Approval {
  if (counts.processed <= 0) return { verdict: 'pending', approved: false, safePercent: null };
  const share = (counts.safe / counts.processed) * 100;
  const verdict: ApprovalVerdict = share >= thresholds.excellent ? 'excellent' : share >= thresholds.good ? 'good' : 'poor';
  return { verdict, approved: verdict !== 'poor', safePercent: Math.round(share * 100) / 100 };
}
