import type { Reachability } from '../engine/verdict';

/**
 * Reverification rules, apart from I/O: what a policy may say, when its runs come, and what a
 * re-check changed. Addresses go stale (mailboxes close, domains lapse, catch-alls tighten), so a
 * workspace re-checks the addresses it relies on before their results are trusted again.
 */

export const REVERIFICATION_LIMITS = {
  olderThanDays: { min: 1, max: 365 },
  everyDays: { min: 1, max: 90 },
  maxAddressesPerRun: { min: 1, max: 50_000 },
} as const;

export interface ReverificationPolicy {
  enabled: boolean;
  verdicts: Reachability[];
  olderThanDays: number;
  everyDays: number;
  maxAddressesPerRun: number;
}

/** What PUT /v1/reverification stores when a field is left out. */
export const reverificationDefaults: Omit<ReverificationPolicy, 'enabled'> = {
  // The addresses a sender mails: a re-check catches the ones that stopped working.
  verdicts: ['safe', 'risky'],
  olderThanDays: 30,
  everyDays: 7,
  maxAddressesPerRun: 10_000,
};

/**
 * Why a policy cannot work with the workspace's retention, or null. History older than
 * `result_retention_days` is purged, so an address whose latest check must be older than that
 * would never be found due.
 */
export function retentionConflict(policy: Pick<ReverificationPolicy, 'olderThanDays'>, retentionDays: number): string | null {
  if (policy.olderThanDays < retentionDays) return null;
  return `older_than_days (${policy.olderThanDays}) must be below result_retention_days (${retentionDays}): checks are purged after ${retentionDays} days, so no address would ever be due.`;
}

const DAY_MS = 86_400_000;

/**
 * When the first run of a saved policy comes: at once when it is new or re-enabled, else the
 * schedule it already had, brought forward when `every_days` shrank so a shorter interval takes
 * effect without waiting out the longer one.
 */
export function firstRunAt(now: Date, previous: { enabled: boolean; nextRunAt: Date; lastRunAt: Date | null } | null, everyDays: number): Date {
  if (!previous?.enabled || !previous.lastRunAt) return now;
  const byNewInterval = new Date(previous.lastRunAt.getTime() + everyDays * DAY_MS);
  return byNewInterval < previous.nextRunAt ? (byNewInterval < now ? now : byNewInterval) : previous.nextRunAt;
}

/** An address is due when its latest check is at least this old. */
export function dueBefore(now: Date, olderThanDays: number): Date {
  return new Date(now.getTime() - olderThanDays * DAY_MS);
}
