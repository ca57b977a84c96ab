import { describe, expect, it } from 'vitest';
import { approvalOf } from './approval';

const thresholds = { excellent: 95, good: 85 };

describe('approval verdict', () => {
  it.each([
    [100, 100, 'excellent', true, 100],
    [95, 100, 'excellent', true, 95],
    [949, 1000, 'good', true, 94.9],
    [85, 100, 'good', true, 85],
    [84, 100, 'poor', false, 84],
    [0, 3, 'poor', false, 0],
    [2, 3, 'poor', false, 66.67],
  ])('%i safe of %i processed is %s', (safe, processed, verdict, approved, safePercent) => {
    expect(approvalOf({ safe, processed }, thresholds)).toEqual({ verdict, approved, safePercent });
  });

  it('is pending while nothing is processed', () => {
    expect(approvalOf({ safe: 0, processed: 0 }, thresholds)).toEqual({ verdict: 'pending', approved: false, safePercent: null });
  });

  it('follows the workspace thresholds', () => {
    expect(approvalOf({ safe: 60, processed: 100 }, { excellent: 70, good: 50 }).verdict).toBe('good');
    expect(approvalOf({ safe: 70, processed: 100 }, { excellent: 70, good: 50 }).verdict).toBe('excellent');
  });
});
