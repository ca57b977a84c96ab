import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { hashApiKeySecret } from '../../shared/auth/api-key-secret';
import { callVerify, verifyEnv } from '../../test/workers/bulk-flow';
import { redisGate, redisOverGate } from '../../test/workers/redis-gate';
import { seedTenant } from '../../test/workers/seed';
import type { VerifyKeyGate } from './auth/key-gate';

const gate = (state: 'up' | 'down' | 'hang') => fetch(`${env.TEST_DATABASE_GATE_URL}/${state}`, { method: 'POST' });
/** The Worker's bindings with PostgreSQL reached through the gate this file opens and closes. */
const gated = { ...verifyEnv, DATABASE_URL: env.TEST_GATED_DATABASE_URL };

async function expectUnavailable(response: Response, dependency: string) {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    code: 'service_unavailable',
    retryAfter: '5',
  });
  expect(body).toMatchObject({ message: expect.stringContaining(dependency), hint: expect.any(String), retryAfter: 5 });
}

describe('while PostgreSQL is down', () => {
  afterEach(async () => {
    await gate('up');
  });

  it('answers 503 with Retry-After on reads and writes, not 500, and serves again once it is back', async () => {
    const { auth } = await seedTenant({ planId: 'enterprise', scopes: ['verify', 'bulk', 'admin', 'pipelines.read', 'pipelines.write', 'pipelines.trigger'] });
    expect((await callVerify('GET', '/v1/me', auth, undefined, 'application/json', gated)).status).toBe(200);

    await gate('down');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/v1/me'],
      ['GET', '/v1/me/api-keys'],
      ['GET', '/v1/jobs/1'],
      ['POST', '/v1/bulk', { input: ['a@example.com'], sandbox: true }],
      ['POST', '/v1/check_email', { to_email: 'a@example.com' }],
      ['GET', '/v1/pipelines'],
      ['GET', '/v1/pipelines/1'],
      ['DELETE', '/v1/pipelines/1'],
      ['POST', '/v1/pipelines/1/push', { rows: [{ email: 'a@example.com' }] }],
    ];
    for (const [method, path, body] of calls) {
      const response = await callVerify(method, path, { ...auth, 'idempotency-key': crypto.randomUUID() }, body, 'application/json', gated);
      // Pipeline operations answer PipelineErrorResponse: the envelope and the request id.
      if (path.startsWith('/v1/pipelines'))
        expect(((await response.clone().json()) as { request_id?: string }).request_id).toBe(response.headers.get('x-request-id'));
      await expectUnavailable(response, 'PostgreSQL');
    }

    await gate('up');
    expect((await callVerify('GET', '/v1/me', auth, undefined, 'application/json', gated)).status).toBe(200);
  });

  it('the key gate says the key could not be read, and reads it again once the database is back', async () => {
    const { key } = await seedTenant({ scopes: ['verify'] });
    const hash = await hashApiKeySecret(key.secret);
    await runInDurableObject(env.KEY_GATE.get(env.KEY_GATE.idFromName(hash)), async (object) => {
      const instance = object as unknown as VerifyKeyGate;
      // The gate reads keys with its own bindings: point them through the gate for this test.
      Object.assign(instance, { env: gated });
      await gate('down');
      expect(await instance.admit(hash)).toEqual({ status: 'unavailable' });
      await gate('up');
      expect(await instance.admit(hash)).toMatchObject({ status: 'admitted', key: { keyId: key.id } });
    });
  });
});

/** A hung database answers nothing, so a request that waits on it without a deadline never settles. */
const HANG_BOUND_MS = 5_000;

/** The answer and how long it took, or 'no answer' once the bound has passed. */
async function timed<T>(work: Promise<T>): Promise<{ answer: T | 'no answer'; ms: number }> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), HANG_BOUND_MS);
  });
  const answer = await Promise.race([work, bound]).finally(() => clearTimeout(timer));
  return { answer, ms: Date.now() - started };
}

describe('while PostgreSQL hangs (accepts connections, answers nothing)', () => {
  afterEach(async () => {
    await gate('up');
  });

  it('answers 503 with Retry-After within the deadline from the first request on, and serves again once it answers', async () => {
    const { auth } = await seedTenant({ scopes: ['verify'] });
    expect((await callVerify('GET', '/v1/me', auth, undefined, 'application/json', gated)).status).toBe(200);

    await gate('hang');
    for (let attempt = 0; attempt < 2; attempt++) {
      const { answer, ms } = await timed(callVerify('GET', '/v1/me', auth, undefined, 'application/json', gated));
      expect(answer, `attempt ${attempt + 1} after ${ms} ms`).not.toBe('no answer');
      await expectUnavailable(answer as Response, 'PostgreSQL');
    }

    await gate('up');
    expect((await callVerify('GET', '/v1/me', auth, undefined, 'application/json', gated)).status).toBe(200);
  });

  it('the key gate answers every request waiting on its read of the key by the deadline, then reads it again', async () => {
    const { key } = await seedTenant({ scopes: ['verify'] });
    const hash = await hashApiKeySecret(key.secret);
    await runInDurableObject(env.KEY_GATE.get(env.KEY_GATE.idFromName(hash)), async (object) => {
      const instance = object as unknown as VerifyKeyGate;
      Object.assign(instance, { env: gated });
      await gate('hang');
      // Three requests of the same key share the one read of it.
      const { answer } = await timed(Promise.all([instance.admit(hash), instance.admit(hash), instance.admit(hash)]));
      expect(answer).toEqual([{ status: 'unavailable' }, { status: 'unavailable' }, { status: 'unavailable' }]);
      await gate('up');
      expect(await instance.admit(hash)).toMatchObject({ status: 'admitted', key: { keyId: key.id } });
    });
  });
});

describe('while Redis is cut under traffic', () => {
  afterEach(async () => {
    await redisGate('up');
  });

  it('only health reports it: checks, reads and the reputation check (uncached) go on, and all recover', async () => {
    const { auth } = await seedTenant({ planId: 'pro', scopes: ['verify', 'reputation'] });
    const overGate = { ...verifyEnv, ...redisOverGate };
    const wave = () =>
      Promise.all([
        callVerify('GET', '/v1/health', {}, undefined, 'application/json', overGate),
        callVerify('GET', '/v1/me', auth, undefined, 'application/json', overGate),
        callVerify('POST', '/v1/check_email', auth, { to_email: 'someone@example.com', sandbox: true }, 'application/json', overGate),
        callVerify('POST', '/v1/reputation/check', auth, { domain: 'rep-good.test' }, 'application/json', overGate),
      ]);
    const answers = async (responses: Response[]) =>
      Promise.all(
        responses.map(async (response) => {
          const body = (await response.json()) as { code?: string; cached?: boolean; redis?: string };
          // Whatever the moment of the cut, an answer is ours: never a 500.
          if (response.status >= 500)
            expect({ status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({
              status: 503,
              code: 'service_unavailable',
              retryAfter: '5',
            });
          return { status: response.status, cached: body.cached, redis: body.redis };
        }),
      );

    const before = await answers(await wave());
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const inFlight = wave();
    await redisGate('down');
    await answers(await inFlight);
    for (let round = 0; round < 2; round++) {
      const during = await answers(await wave());
      expect(during.map((answer) => answer.status)).toEqual([503, 200, 200, 200]);
      expect(during[0]!.redis).toBe('down');
      expect(during[3]!.cached).toBe(false);
    }
    await redisGate('up');
    const after = await answers(await wave());
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});
