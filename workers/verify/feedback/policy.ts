import type { OutcomeType, SuppressionReason } from '../../../shared/db/schema';
import type { PolicyMode } from '../settings/settings';

/**
 * Which outcomes suppress the address by themselves, by the workspace's `default_policy_mode`:
 * - `strict`: hard bounces, complaints and unsubscribes;
 * - `balanced` (the default): hard bounces and complaints;
 * - `lenient`: none; outcomes are only recorded.
 * Soft bounces and deliveries never do: a full mailbox or a greylisting server is no reason to
 * stop mailing, and a delivery is good news.
 */
const SUPPRESSING: Record<PolicyMode, ReadonlySet<OutcomeType>> = {
  strict: new Set(['hard_bounce', 'complaint', 'unsubscribe']),
  balanced: new Set(['hard_bounce', 'complaint']),
  lenient: new Set(),
};

export function suppressionReasonFor(type: OutcomeType, mode: PolicyMode): SuppressionReason | null {
  if (!SUPPRESSING[mode].has(type)) return null;
  return type === 'hard_bounce' ? 'hard_bounce' : type === 'complaint' ? 'complaint' : 'unsubscribe';
}
