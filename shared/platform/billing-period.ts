/** Billing periods are calendar months in UTC: quotas reset at the start of each. */
export function billingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** What a subscription's states mean for renewal (documented under Billing periods in docs/api-conventions.md). */
export interface SubscriptionState {
  status: string;
  currentPeriodEnd: Date;
  /** Set when a cancellation was asked for: the subscription runs to the end of its period, then stops. */
  canceledAt: Date | null;
}

export type Renewal = { kind: 'current' } | { kind: 'renewed'; start: Date; end: Date } | { kind: 'ended'; status: 'canceled' } | { kind: 'inactive' };

/** Only these statuses grant a plan's features; past_due and canceled grant none. */
export const LIVE_STATUSES = ['active', 'trialing'] as const;

/**
 * What a subscription is at `now`. A live one whose period has ended is renewed: the new period
 * starts where the old one ended (or at the start of this month, when whole months went by
 * unused) and ends at the next calendar-month boundary, so usage counts afresh while the old
 * period's counters and ledger stay as they were. A live one with a cancellation ends instead.
 */
export function renewal(subscription: SubscriptionState, now: Date): Renewal {
  if (!(LIVE_STATUSES as readonly string[]).includes(subscription.status)) return { kind: 'inactive' };
  if (subscription.currentPeriodEnd.getTime() > now.getTime()) return { kind: 'current' };
  if (subscription.canceledAt) return { kind: 'ended', status: 'canceled' };
  const month = billingPeriod(now);
  const start = subscription.currentPeriodEnd.getTime() > month.start.getTime() ? subscription.currentPeriodEnd : month.start;
  return { kind: 'renewed', start, end: month.end };
}
