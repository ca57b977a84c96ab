import { describe, expect, it } from 'vitest';
import { latencyByProvider, percentile } from './latency';

describe('latency percentiles', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });

  it('summarizes each provider, busiest first, and all of them', () => {
    const samples = [
      ...[100, 300, 200, 400].map((durationMs) => ({ provider: 'gmail', durationMs })),
      ...[5_000, 1_000].map((durationMs) => ({ provider: 'microsoft_365', durationMs })),
      ...[50, 60].map((durationMs) => ({ provider: 'aol', durationMs })),
    ];
    expect(latencyByProvider(samples)).toEqual({
      providers: [
        { provider: 'gmail', count: 4, p50Ms: 200, p95Ms: 400, maxMs: 400 },
        { provider: 'aol', count: 2, p50Ms: 50, p95Ms: 60, maxMs: 60 },
        { provider: 'microsoft_365', count: 2, p50Ms: 1_000, p95Ms: 5_000, maxMs: 5_000 },
      ],
      overall: { provider: 'all', count: 8, p50Ms: 200, p95Ms: 5_000, maxMs: 5_000 },
    });
  });

  it('has no overall summary without samples', () => {
    expect(latencyByProvider([])).toEqual({ providers: [], overall: null });
  });
});
