import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashApiKeySecret } from '../../../shared/auth/api-key-secret';
import { KEY_RATE_LIMIT, KEY_RATE_WINDOW_MS } from '../../../shared/auth/key-gate';
import { verifyApiKeys } from '../../../shared/db/schema';
import { seedTenant, withTestDb } from '../../../test/workers/seed';
import type { VerifyKeyGate } from './key-gate';

async function gateOf(secret: string) {
  const hash = await hashApiKeySecret(secret);
  return { hash, gate: env.KEY_GATE.get(env.KEY_GATE.idFromName(hash)) };
}

describe('per-key rate limit', () => {
  it('admits 60 in any 60 seconds: a place frees only when the oldest request leaves the window', async () => {
    const { key } = await seedTenant();
    const { hash, gate } = await gateOf(key.secret);
    const start = Date.now();
    // Half at the start, half 30 s later: a fixed window would reset at its edge, a sliding one does not.
    for (let i = 0; i < KEY_RATE_LIMIT; i++) {
      const decision = await gate.admit(hash, start + (i < KEY_RATE_LIMIT / 2 ? 0 : 30_000));
      expect(decision.status).toBe('admitted');
    }
    const full = await gate.admit(hash, start + 59_999);
    expect(full).toMatchObject({ status: 'limited', rateLimit: { limit: 60, remaining: 0, resetAt: start + KEY_RATE_WINDOW_MS } });

    // The 30 from the start leave together; the 30 from 30 s later still count.
    const freed = await gate.admit(hash, start + KEY_RATE_WINDOW_MS + 1);
    expect(freed).toMatchObject({ status: 'admitted', rateLimit: { remaining: KEY_RATE_LIMIT / 2 - 1 } });
    for (let i = 0; i < KEY_RATE_LIMIT / 2 - 1; i++) expect((await gate.admit(hash, start + KEY_RATE_WINDOW_MS + 2)).status).toBe('admitted');
    const fullAgain = await gate.admit(hash, start + KEY_RATE_WINDOW_MS + 3);
    expect(fullAgain).toMatchObject({ status: 'limited', rateLimit: { remaining: 0, resetAt: start + 30_000 + KEY_RATE_WINDOW_MS } });
  });

  it('carries the window over a restart: storage holds it as of every sixth admission', async () => {
    const { key } = await seedTenant();
    const { hash, gate } = await gateOf(key.secret);
    const admitTimes = async (times: number) => {
      for (let i = 0; i < times; i++) expect((await gate.admit(hash)).status).toBe('admitted');
    };
    await admitTimes(5);
    await runInDurableObject(gate, (_object, state) => expect(state.storage.kv.get<number[]>('admitted')).toBeUndefined());
    await admitTimes(1);
    await runInDurableObject(gate, (_object, state) => expect(state.storage.kv.get<number[]>('admitted')).toHaveLength(6));
    await admitTimes(2);
    await runInDurableObject(gate, async (object, state) => {
      expect(state.storage.kv.get<number[]>('admitted')).toHaveLength(6);
      // A restarted object has nothing in memory: it reads the stored window, without the two since.
      Object.assign(object as unknown as VerifyKeyGate, { admitted: undefined, unstored: 0 });
      expect(await (object as unknown as VerifyKeyGate).admit(hash)).toMatchObject({ status: 'admitted', rateLimit: { remaining: KEY_RATE_LIMIT - 7 } });
    });
  });
});

describe('key record', () => {
  it('is kept in storage too: an object evicted while idle admits without reading the key again, until forget()', async () => {
    const { key } = await seedTenant();
    const { hash, gate } = await gateOf(key.secret);
    expect((await gate.admit(hash)).status).toBe('admitted');
    // Revoked in the database behind the gate's back: only a read of the key would see it.
    await withTestDb((db) => db.update(verifyApiKeys).set({ revokedAt: new Date() }).where(eq(verifyApiKeys.hash, hash)));
    await runInDurableObject(gate, async (object) => {
      // An evicted object comes back with nothing in memory.
      Object.assign(object as unknown as VerifyKeyGate, { cached: undefined });
      expect((await (object as unknown as VerifyKeyGate).admit(hash)).status).toBe('admitted');
    });
    // What revoking a key calls: the stored record goes with the one in memory.
    await gate.forget();
    await runInDurableObject(gate, async (object) => {
      Object.assign(object as unknown as VerifyKeyGate, { cached: undefined });
      expect((await (object as unknown as VerifyKeyGate).admit(hash)).status).toBe('unknown');
    });
  });
});
