import type { CheckName, FindingStatus } from './finding';

/**
 * The overall score (documented in the OpenAPI description of ReputationCheckResponse):
 * score = round(100 × Σ weight × credit / Σ weight), over the checks whose status is known;
 * credit is 1 for pass, 0.5 for warn, 0 for fail; `unknown` checks are left out of both sums, so
 * a resolver outage does not pass for a problem. A blocklist listing or a failed MX caps the score
 * at 50. No known check: score and grade null. Grade: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F.
 */
export const WEIGHTS: Readonly<Record<CheckName, number>> = {
  mx: 15,
  spf: 15,
  dmarc: 20,
  dkim: 15,
  blocklists: 20,
  mta_sts: 5,
  tls_rpt: 3,
  bimi: 2,
  dnssec: 5,
};

const CREDIT: Record<Exclude<FindingStatus, 'unknown'>, number> = { pass: 1, warn: 0.5, fail: 0 };
export const CAP_ON_CRITICAL_FAILURE = 50;
const CRITICAL: readonly CheckName[] = ['blocklists', 'mx'];

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

export function overallScore(statuses: Readonly<Record<CheckName, FindingStatus>>): { score: number | null; grade: Grade | null } {
  let earned = 0;
  let possible = 0;
  for (const [check, weight] of Object.entries(WEIGHTS) as Array<[CheckName, number]>) {
    const status = statuses[check];
    if (status === 'unknown') continue;
    earned += weight * CREDIT[status];
    possible += weight;
  }
  if (possible === 0) return { score: null, grade: null };
  let score = Math.round((100 * earned) / possible);
  if (CRITICAL.some((check) => statuses[check] === 'fail')) score = Math.min(score, CAP_ON_CRITICAL_FAILURE);
  return { score, grade: gradeOf(score) };
}

export function gradeOf(score: number): Grade {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  if (score >= 60) return 'D';
  return 'F';
}
