import { describe, expect, it } from 'vitest';
import { billingPeriod, renewal } from './billing-period';

const at = (iso: string) => new Date(iso);

describe('billingPeriod', () => {
  it('is the calendar month in UTC, December into January included', () => {
    expect(billingPeriod(at('2026-12-31T23:59:59.999Z'))).toEqual({ start: at('2026-12-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
  });
});

describe('renewal', () => {
  const active = { status: 'active', currentPeriodEnd: at('2026-12-01T00:00:00Z'), canceledAt: null };

  it('leaves a period that has not ended', () => {
    expect(renewal(active, at('2026-11-30T23:59:59.999Z'))).toEqual({ kind: 'current' });
  });

  it('renews at the boundary itself into the next month', () => {
    expect(renewal(active, at('2026-12-01T00:00:00Z'))).toEqual({ kind: 'renewed', start: at('2026-12-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
  });

  it('renews a trial as it renews an active subscription', () => {
    expect(renewal({ ...active, status: 'trialing' }, at('2026-12-05T00:00:00Z'))).toMatchObject({ kind: 'renewed' });
  });

  it('starts the new period at this month when whole months went by unused', () => {
    expect(renewal(active, at('2027-03-10T08:00:00Z'))).toEqual({ kind: 'renewed', start: at('2027-03-01T00:00:00Z'), end: at('2027-04-01T00:00:00Z') });
  });

  it('starts the new period where a mid-month period ended, so usage counts afresh', () => {
    const midMonth = { ...active, currentPeriodEnd: at('2026-11-24T12:00:00Z') };
    expect(renewal(midMonth, at('2026-11-24T12:00:01Z'))).toEqual({ kind: 'renewed', start: at('2026-11-24T12:00:00Z'), end: at('2026-12-01T00:00:00Z') });
  });

  it('ends a subscription whose cancellation was asked for, at the end of its period and not before', () => {
    const cancelling = { ...active, canceledAt: at('2026-11-10T00:00:00Z') };
    expect(renewal(cancelling, at('2026-11-30T00:00:00Z'))).toEqual({ kind: 'current' });
    expect(renewal(cancelling, at('2026-12-01T00:00:00Z'))).toEqual({ kind: 'ended', status: 'canceled' });
  });

  it('never renews a past-due or canceled subscription', () => {
    expect(renewal({ ...active, status: 'past_due' }, at('2026-11-01T00:00:00Z'))).toEqual({ kind: 'inactive' });
    expect(renewal({ ...active, status: 'canceled' }, at('2026-12-02T00:00:00Z'))).toEqual({ kind: 'inactive' });
  });
});
