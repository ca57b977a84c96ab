import { describe, expect, it } from 'vitest';
import type { CheckName, FindingStatus } from './finding';
import { overallScore, WEIGHTS } from './score';

const all = (status: FindingStatus, overrides: Partial<Record<CheckName, FindingStatus>> = {}) =>
  ({ ...Object.fromEntries(Object.keys(WEIGHTS).map((check) => [check, status])), ...overrides }) as Record<CheckName, FindingStatus>;

describe('overallScore', () => {
  it('weighs the checks to 100', () => {
    expect(Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(overallScore(all('pass'))).toEqual({ score: 100, grade: 'A' });
    expect(overallScore(all('warn'))).toEqual({ score: 50, grade: 'F' });
    expect(overallScore(all('pass', { dmarc: 'warn', bimi: 'warn', mta_sts: 'warn' }))).toEqual({ score: 87, grade: 'B' });
  });

  it('leaves unknown checks out of both sums, and is null when nothing is known', () => {
    expect(overallScore(all('pass', { blocklists: 'unknown', dnssec: 'unknown' }))).toEqual({ score: 100, grade: 'A' });
    expect(overallScore(all('pass', { spf: 'fail', blocklists: 'unknown' }))).toEqual({ score: 81, grade: 'B' });
    expect(overallScore(all('unknown'))).toEqual({ score: null, grade: null });
  });

  it('caps the score at 50 on a blocklist listing or a failed MX', () => {
    expect(overallScore(all('pass', { blocklists: 'fail' }))).toEqual({ score: 50, grade: 'F' });
    expect(overallScore(all('pass', { mx: 'fail' }))).toEqual({ score: 50, grade: 'F' });
  });
});
