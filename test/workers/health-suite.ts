import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

interface FetchWorker {
  fetch(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/**
 * The health contract both Workers share: a real round trip to PostgreSQL and Redis, 503 in the
 * envelope naming what is down, and recovery once it is back.
 */
export function describeHealthRoute(path: string, worker: FetchWorker): void {
  async function callHealth(overrides: Partial<Cloudflare.Env> = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`http://worker.test${path}`), { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  const gate = (state: 'up' | 'down') => fetch(`${env.TEST_DATABASE_GATE_URL}/${state}`, { method: 'POST' });

  describe(`GET ${path}`, () => {
    afterEach(async () => {
      await gate('up');
    });

    it('answers ok after a round trip to PostgreSQL and Redis, with no credential', async () => {
      const response = await callHealth();
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
      expect(response.headers.get('X-Request-Id')).toBeTruthy();
    });

    it('answers 503 in the envelope while PostgreSQL is unreachable, and recovers when it returns', async () => {
      const gated = { DATABASE_URL: env.TEST_GATED_DATABASE_URL };
      expect((await callHealth(gated)).status).toBe(200);

      await gate('down');
      const down = await callHealth(gated);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({
        code: 'service_unavailable',
        message: expect.stringContaining('PostgreSQL'),
        hint: expect.any(String),
        db: 'down',
        redis: 'ok',
      });

      await gate('up');
      const recovered = await callHealth(gated);
      expect(recovered.status).toBe(200);
      expect(await recovered.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
    });

    it('answers 503 naming Redis when the Upstash endpoint does not answer', async () => {
      const response = await callHealth({ UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:9' });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'service_unavailable', message: expect.stringContaining('Redis'), db: 'ok', redis: 'down' });
    });

    it('puts nothing secret in the answer', async () => {
      const text = await (await callHealth()).text();
      for (const secret of [env.DATABASE_URL, env.UPSTASH_REDIS_REST_TOKEN]) expect(text).not.toContain(secret);
    });
  });
}
