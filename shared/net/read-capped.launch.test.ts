import { describe, expect, it } from 'vitest';
import { readCapped } from './read-capped';

const encoder = new TextEncoder();

/** A body sending `parts` and then, when `stall`, never ending. */
function body(parts: string[], stall = false): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      if (!stall) controller.close();
    },
  });
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('readCapped', () => {
  it('reads a body up to the cap whole, and no body as empty', async () => {
    const whole = await readCapped(body(['ab', 'cd']), 4);
    expect({ ...whole, bytes: text(whole.bytes) }).toEqual({ bytes: 'abcd', overflow: false, timedOut: false });
    const none = await readCapped(null, 4);
    expect({ ...none, bytes: text(none.bytes) }).toEqual({ bytes: '', overflow: false, timedOut: false });
  });

  it('stops past the cap and keeps its first cap bytes, whatever the chunks', async () => {
    const over = await readCapped(body(['abc', 'def', 'ghi']), 4);
    expect({ ...over, bytes: text(over.bytes) }).toEqual({ bytes: 'abcd', overflow: true, timedOut: false });
  });

  it('keeps what arrived when a stalled body meets an instant or a signal', async () => {
    const byInstant = await readCapped(body(['ab'], true), 100, Date.now() + 20);
    expect({ ...byInstant, bytes: text(byInstant.bytes) }).toEqual({ bytes: 'ab', overflow: false, timedOut: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const bySignal = await readCapped(body(['cd'], true), 100, controller.signal);
    expect({ ...bySignal, bytes: text(bySignal.bytes) }).toEqual({ bytes: 'cd', overflow: false, timedOut: true });
    const passed = await readCapped(body(['ef']), 100, Date.now() - 1);
    expect(passed.timedOut).toBe(true);
  });
});
