import { describe, expect, it } from 'vitest';
import { bouncePercent, emptyGroups, GROUP_RATES, listQuality, riskGroups, type GroupCounts } from './quality';

const thresholds = { excellent: 95, good: 85 };
const counts = (values: Partial<GroupCounts>): GroupCounts => ({ ...emptyGroups(), ...values });

describe('listQuality', () => {
  it('scores a list by the value of each group, and estimates its bounces', () => {
    const groups = counts({ safe: 80, invalid: 10, catch_all: 10 });
    const quality = listQuality({ groups, pending: 0, duplicates: 3, syntaxErrors: 2, rows: 103 }, thresholds);
    // (80 × 1 + 10 × 0 + 10 × 0.5) / 100 = 0.85
    expect(quality.score).toBe(85);
    // (80 × 0.01 + 10 × 1 + 10 × 0.25) / 100 = 13.3 %
    expect(quality.bounce_estimate_percent).toBe(13.3);
    expect(quality.grade).toEqual({ verdict: 'poor', approved: false, safePercent: 80 });
    expect(quality.breakdown.find((share) => share.group === 'catch_all')).toEqual({
      group: 'catch_all',
      count: 10,
      percent: 10,
      value: 0.5,
      bounce_rate: 0.25,
      points: 5,
    });
    expect(quality.breakdown.reduce((sum, share) => sum + share.points, 0)).toBeCloseTo(85, 5);
    expect(quality.final).toBe(true);
  });

  it('grades with the approval rule of jobs: the safe share against the thresholds', () => {
    expect(listQuality({ groups: counts({ safe: 96, unknown: 4 }), pending: 0, duplicates: 0, syntaxErrors: 0, rows: 100 }, thresholds).grade.verdict).toBe(
      'excellent',
    );
    expect(listQuality({ groups: counts({ safe: 90, role: 10 }), pending: 5, duplicates: 0, syntaxErrors: 0, rows: 105 }, thresholds)).toMatchObject({
      score: 97,
      final: false,
      grade: { verdict: 'good', approved: true },
    });
  });

  it('counts as checked only the addresses whose check ran: bad syntax is scored, never checked', () => {
    const quality = listQuality({ groups: counts({ safe: 16, invalid: 3 }), pending: 0, duplicates: 0, syntaxErrors: 3, rows: 19 }, thresholds);
    expect(quality).toMatchObject({ scored: 19, checked: 16 });
    // Shares stay of the scored addresses.
    expect(quality.breakdown.find((share) => share.group === 'invalid')!.percent).toBe(15.8);
  });

  it('has no score before any address is checked', () => {
    expect(listQuality({ groups: emptyGroups(), pending: 4, duplicates: 0, syntaxErrors: 0, rows: 4 }, thresholds)).toMatchObject({
      score: null,
      bounce_estimate_percent: null,
      grade: { verdict: 'pending' },
    });
  });

  it('rates every group, with value and bounce rate between 0 and 1', () => {
    for (const group of riskGroups) {
      expect(GROUP_RATES[group].value).toBeGreaterThanOrEqual(0);
      expect(GROUP_RATES[group].bounce).toBeLessThanOrEqual(1);
    }
    expect(bouncePercent(counts({ safe: 50, invalid: 50 }), ['safe'])).toBe(1);
  });
});
