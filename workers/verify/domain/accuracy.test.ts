import { describe, expect, it } from 'vitest';
import { accuracyOf, emptyEvidence, OUTCOME_EVIDENCE } from './accuracy';

describe('accuracy from outcomes', () => {
  it('measures the bounces of deliverable verdicts and the deliveries of invalid ones', () => {
    const counts = emptyEvidence();
    counts.safe = { bounced: 1, delivered: 39 };
    counts.risky = { bounced: 3, delivered: 7 };
    counts.invalid = { bounced: 4, delivered: 1 };
    counts.unknown = { bounced: 2, delivered: 2 };
    expect(accuracyOf(counts)).toEqual({
      measured: 59,
      // (1 + 3) / (40 + 10)
      deliverable_bounce_percent: 8,
      safe_bounce_percent: 2.5,
      invalid_delivered_percent: 20,
      by_verdict: counts,
    });
  });

  it('says null, not 0 %, while a verdict has no outcome', () => {
    expect(accuracyOf(emptyEvidence())).toMatchObject({
      measured: 0,
      deliverable_bounce_percent: null,
      safe_bounce_percent: null,
      invalid_delivered_percent: null,
    });
    const onlyRisky = emptyEvidence();
    onlyRisky.risky = { bounced: 1, delivered: 2 };
    expect(accuracyOf(onlyRisky)).toMatchObject({ deliverable_bounce_percent: 33.3, safe_bounce_percent: null });
  });

  it('counts a complaint or an unsubscribe as delivered and skips soft bounces', () => {
    expect(OUTCOME_EVIDENCE).toEqual({
      hard_bounce: 'bounced',
      delivered: 'delivered',
      complaint: 'delivered',
      unsubscribe: 'delivered',
      soft_bounce: null,
    });
  });
});
