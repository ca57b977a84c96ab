/**
 * Check latency per mail provider: p50, p95 and max of the check durations, so that a slow
 * provider (greylisting, tarpitting) stands out from the rest of a list.
 */
export interface LatencySample {
  /** Provider label; see the latency report's description. */
  provider: string;
  durationMs: number;
}

export interface LatencySummary {
  provider: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** Nearest-rank percentile (the smallest value with at least p% of the values at or below it). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no values');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]!;
}

function summarize(provider: string, durations: number[]): LatencySummary {
  const sorted = durations.sort((a, b) => a - b);
  return { provider, count: sorted.length, p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1)! };
}

/** One summary per provider, busiest first (ties by name), and one over all samples (null when none). */
export function latencyByProvider(samples: Iterable<LatencySample>): { providers: LatencySummary[]; overall: LatencySummary | null } {
  const byProvider = new Map<string, number[]>();
  const all: number[] = [];
  for (const sample of samples) {
    const durations = byProvider.get(sample.provider) ?? [];
    durations.push(sample.durationMs);
    byProvider.set(sample.provider, durations);
    all.push(sample.durationMs);
  }
  const providers = [...byProvider].map(([provider, durations]) => summarize(provider, durations));
  providers.sort((a, b) => b.count - a.count || a.provider.localeCompare(b.provider));
  return { providers, overall: all.length ? summarize('all', all) : null };
}
