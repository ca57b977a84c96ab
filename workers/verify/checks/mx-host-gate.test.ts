import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/workers/bulk-flow';
import { mxHostKey, MxHostBusyError, smtpSessionGate } from './mx-host-gate';

const gateFor = (host: string) => env.MX_HOST_GATE.get(env.MX_HOST_GATE.idFromName(mxHostKey(host)));
const uniqueHost = () => `mx-${crypto.randomUUID()}.example.com`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('per-MX-host SMTP session gate', () => {
  it('never lets more than the limit hold a session, across 20 concurrent acquirers, and admits them all in the end', async () => {
    const host = uniqueHost();
    const limit = 3;
    // Each acquirer is its own consumer: its own gate client, as separate invocations would have.
    const total = 20;
    let open = 0;
    let most = 0;
    let admitted = 0;
    const sessions = Array.from({ length: total }, async () => {
      const gate = smtpSessionGate(env.MX_HOST_GATE, limit, { waitMs: 60_000 });
      const release = await gate.acquire(host);
      admitted += 1;
      open += 1;
      most = Math.max(most, open);
      // Hold the session until the host is full (or nobody is left to fill it), so the limit is reached for sure.
      while (open < limit && admitted < total) await tick();
      open -= 1;
      release();
      await gate.settled();
    });
    await Promise.all(sessions);
    expect(most).toBe(limit);
    expect(await gateFor(host).active()).toBe(0);
  });

  it('counts every holder in the object itself, whatever the callers do', async () => {
    const gate = gateFor(uniqueHost());
    const results = await Promise.all(Array.from({ length: 12 }, (_, index) => gate.acquire(`lease-${index}`, { limit: 5, waitMs: 0 })));
    expect(results.filter((result) => result.granted)).toHaveLength(5);
    expect(Math.max(...results.map((result) => result.active))).toBe(5);
    expect(await gate.active()).toBe(5);
  });

  it('frees the place of a session that failed, so the next one gets it at once', async () => {
    const host = uniqueHost();
    const gate = smtpSessionGate(env.MX_HOST_GATE, 1, { waitMs: 0 });
    const session = async () => {
      const release = await gate.acquire(host);
      try {
        throw new Error('the SMTP server hung up');
      } finally {
        release();
      }
    };
    await expect(session()).rejects.toThrow('hung up');
    await gate.settled();
    const release = await gate.acquire(host);
    await expect(gate.acquire(host)).rejects.toBeInstanceOf(MxHostBusyError);
    // Releasing twice frees one place only.
    release();
    release();
    await gate.settled();
    expect(await gateFor(host).active()).toBe(0);
  });

  it('expires the lease of a consumer that died, and hands the place to the next caller', async () => {
    const gate = gateFor(uniqueHost());
    const start = Date.now();
    expect(await gate.acquire('died', { limit: 1, leaseMs: 30_000, now: start })).toEqual({ granted: true, active: 1 });
    expect(await gate.acquire('next', { limit: 1, waitMs: 0, now: start + 29_999 })).toEqual({ granted: false, active: 1 });
    expect(await gate.acquire('next', { limit: 1, waitMs: 0, now: start + 30_001 })).toEqual({ granted: true, active: 1 });
  });

  it('admits waiters in order as places free, and a waiter gives up after waitMs', async () => {
    const gate = gateFor(uniqueHost());
    expect((await gate.acquire('first', { limit: 1 })).granted).toBe(true);
    // Calls on a stub are not guaranteed to arrive in the order made: each waiter is seen queued
    // before the next one comes, so the order under test is the one the object saw.
    const second = gate.acquire('second', { limit: 1, waitMs: 60_000 });
    await eventually(
      () => gate.waiting(),
      (count) => count === 1,
    );
    const third = gate.acquire('third', { limit: 1, waitMs: 60_000 });
    await eventually(
      () => gate.waiting(),
      (count) => count === 2,
    );
    const impatient = await gate.acquire('impatient', { limit: 1, waitMs: 1 });
    expect(impatient.granted).toBe(false);
    await gate.release('first');
    expect(await second).toEqual({ granted: true, active: 1 });
    await gate.release('second');
    expect(await third).toEqual({ granted: true, active: 1 });
    await gate.release('third');
    expect(await gate.active()).toBe(0);
  });

  it('names a host the same whatever its case or trailing dot', () => {
    expect(mxHostKey('MX1.Example.COM.')).toBe('mx1.example.com');
  });
});
