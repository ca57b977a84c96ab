import type { Reachability } from '../engine/verdict';

/**
 * One credit per verified address. An `unknown` result verified nothing (the server could not be
 * asked or would not say), so its credit is returned; so is the credit of a task that failed,
 * was dead-lettered or was cancelled. Sandbox checks never use credits.
 */
export function isChargeable(isReachable: Reachability): boolean {
  return isReachable !== 'unknown';
}

/**
 * Which addresses a job can take when the quota cannot cover all of them: the first `available`
 * in submission order are checked, the rest skipped. Only used when the request asks for a
 * partial job; otherwise the whole job is refused.
 */
export function acceptWithin<T>(addresses: readonly T[], available: number): { accepted: T[]; skipped: T[] } {
  const cut = Math.max(0, Math.min(available, addresses.length));
  return { accepted: addresses.slice(0, cut), skipped: addresses.slice(cut) };
}
