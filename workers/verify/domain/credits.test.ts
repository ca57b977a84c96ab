import { describe, expect, it } from 'vitest';
import { distinctAddresses } from './addresses';
import { acceptWithin, isChargeable } from './credits';

describe('distinct addresses', () => {
  it('keeps the first spelling of each address, ignoring case and surrounding space', () => {
    expect(distinctAddresses(['Jane@Example.com', ' jane@example.com ', 'JANE@EXAMPLE.COM', 'john@example.com', 'jane@example.org'])).toEqual({
      unique: ['Jane@Example.com', 'john@example.com', 'jane@example.org'],
      duplicates: 2,
    });
  });

  it('keeps malformed entries as they are, once each', () => {
    expect(distinctAddresses(['not an address', 'Not An Address', 'x@'])).toEqual({ unique: ['not an address', 'x@'], duplicates: 1 });
  });
});

describe('credits', () => {
  it('charges every verdict but unknown', () => {
    expect(['safe', 'risky', 'invalid', 'unknown'].map((verdict) => isChargeable(verdict as 'safe'))).toEqual([true, true, true, false]);
  });

  it('takes the first addresses a partial quota covers, in order', () => {
    expect(acceptWithin(['a', 'b', 'c'], 2)).toEqual({ accepted: ['a', 'b'], skipped: ['c'] });
    expect(acceptWithin(['a', 'b'], 5)).toEqual({ accepted: ['a', 'b'], skipped: [] });
    expect(acceptWithin(['a', 'b'], 0)).toEqual({ accepted: [], skipped: ['a', 'b'] });
    expect(acceptWithin(['a'], -3)).toEqual({ accepted: [], skipped: ['a'] });
  });
});
