import { describe, expect, it } from 'vitest';
import { bulkMessageSchema, DISPATCH_RANGE, dispatchMessages } from './messages';

describe('bulk queue messages', () => {
  it('covers every position once with dispatch ranges', () => {
    const total = DISPATCH_RANGE * 2 + 7;
    const messages = dispatchMessages(42, total);
    expect(messages).toEqual([
      { type: 'dispatch', jobId: 42, from: 0, to: DISPATCH_RANGE },
      { type: 'dispatch', jobId: 42, from: DISPATCH_RANGE, to: DISPATCH_RANGE * 2 },
      { type: 'dispatch', jobId: 42, from: DISPATCH_RANGE * 2, to: total },
    ]);
    expect(dispatchMessages(1, 0)).toEqual([]);
  });

  it('accepts only the two message shapes', () => {
    expect(bulkMessageSchema.safeParse({ type: 'check', jobId: 1, position: 0 }).success).toBe(true);
    expect(bulkMessageSchema.safeParse({ type: 'check', jobId: 0, position: 0 }).success).toBe(false);
    expect(bulkMessageSchema.safeParse({ type: 'other' }).success).toBe(false);
    expect(bulkMessageSchema.safeParse('hello').success).toBe(false);
  });
});
