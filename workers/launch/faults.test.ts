import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { launchScopes } from '../../shared/auth/scopes';
import { campaigns } from '../../shared/db/schema';
import { redisGate, redisOverGate } from '../../test/workers/redis-gate';
import { seedMember, seedWorkspace, withTestDb } from '../../test/workers/seed';
import worker from './index';

const gate = (state: 'up' | 'down' | 'hang' | `down-after/${number}`) => fetch(`${env.TEST_DATABASE_GATE_URL}/${state}`, { method: 'POST' });

/** A call to the launch Worker with some bindings replaced (a data store cut off). */
async function call(method: string, path: string, headers: Record<string, string>, body: unknown, overrides: Record<string, string>) {
  const ctx = createExecutionContext();
  const request = new Request(`http://launch.test${path}`, {
    method,
    headers: {
      ...headers,
      'cf-connecting-ip': `2001:db8::${crypto.randomUUID().slice(0, 4)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...overrides } as never, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

async function expectUnavailable(response: Response, dependency: string) {
  const body = (await response.json()) as Record<string, unknown>;
  expect({ status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    code: 'service_unavailable',
    retryAfter: '5',
  });
  expect(body.message).toContain(dependency);
}

describe('while a data store is down', () => {
  afterEach(async () => {
    await Promise.all([gate('up'), redisGate('up')]);
  });

  it('PostgreSQL down: 503 with Retry-After for a valid key, then served again', async () => {
    const { auth } = await seedWorkspace({ scopes: launchScopes });
    const gated = { DATABASE_URL: env.TEST_GATED_DATABASE_URL };
    expect((await call('GET', '/api/v1/campaigns', auth, undefined, gated)).status).toBe(200);
    await gate('down');
    await expectUnavailable(await call('GET', '/api/v1/campaigns', auth, undefined, gated), 'PostgreSQL');
    await expectUnavailable(
      await call('POST', '/api/v1/releases', { ...auth, 'idempotency-key': crypto.randomUUID() }, { title: 'T', version: '1.0.0' }, gated),
      'PostgreSQL',
    );
    await gate('up');
    expect((await call('GET', '/api/v1/campaigns', auth, undefined, gated)).status).toBe(200);
  });

  it('PostgreSQL hung (accepts connections, answers nothing): 503 with Retry-After within the deadline, then served again', async () => {
    const { auth } = await seedWorkspace({ scopes: launchScopes });
    const gated = { DATABASE_URL: env.TEST_GATED_DATABASE_URL };
    expect((await call('GET', '/api/v1/releases', auth, undefined, gated)).status).toBe(200);
    await gate('hang');
    for (let attempt = 0; attempt < 2; attempt++) {
      // Without a deadline a hung database never answers: bound the wait so the test says so.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const started = Date.now();
      const answer = await Promise.race([
        call('GET', '/api/v1/releases', auth, undefined, gated),
        new Promise<'no answer'>((resolve) => {
          timer = setTimeout(() => resolve('no answer'), 5_000);
        }),
      ]).finally(() => clearTimeout(timer));
      expect(answer, `attempt ${attempt + 1} after ${Date.now() - started} ms`).not.toBe('no answer');
      await expectUnavailable(answer as Response, 'PostgreSQL');
    }
    await gate('up');
    expect((await call('GET', '/api/v1/releases', auth, undefined, gated)).status).toBe(200);
  });

  it('campaign creates with Idempotency-Key while the database goes away: every answer an envelope, none doubled after recovery', async () => {
    const { workspace, auth } = await seedWorkspace({ scopes: launchScopes });
    const gated = { DATABASE_URL: env.TEST_GATED_DATABASE_URL };
    const keys = Array.from({ length: 8 }, () => crypto.randomUUID());
    const create = (key: string, overrides: Record<string, string>) =>
      call(
        'POST',
        '/api/v1/campaigns',
        { ...auth, 'idempotency-key': key },
        { name: `Launch ${key}`, objective: 'ship', posts: [{ channel: 'x', copy: key }] },
        overrides,
      );

    // Each key sent twice at once while the database goes away part-way through.
    await gate('down-after/40');
    const during = await Promise.all(keys.flatMap((key) => [create(key, gated), create(key, gated)]));
    const answered = new Map<string, Set<string>>();
    for (const [index, response] of during.entries()) {
      const key = keys[Math.floor(index / 2)]!;
      const body = (await response.json()) as { id?: string; code?: string };
      // Created, replayed, the twin still running (409), or the database gone (503, retry later).
      expect([201, 200, 409, 503]).toContain(response.status);
      if (response.status === 503)
        expect({ code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({ code: 'service_unavailable', retryAfter: '5' });
      if (response.status < 300) answered.set(key, new Set([...(answered.get(key) ?? []), body.id!]));
    }
    await gate('up');

    // After recovery every key settles on exactly one campaign, the one any earlier answer named.
    for (const key of keys) {
      const response = await create(key, {});
      expect([200, 201]).toContain(response.status);
      const { id } = (await response.json()) as { id: string };
      for (const seen of answered.get(key) ?? []) expect(seen).toBe(id);
    }
    const made = await withTestDb((db) => db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.workspaceId, workspace.id)));
    expect(made).toHaveLength(keys.length);
  });

  it('Redis cut under traffic and back: limits fail as documented, health says which store, nothing else stops', async () => {
    const { workspace, auth } = await seedWorkspace({ scopes: launchScopes });
    const member = await seedMember({ workspaceId: workspace.id, role: 'editor' });
    /** One wave of the traffic Redis touches (sign-in, per-IP limits, health) and of the traffic it must not stop. */
    const wave = () =>
      Promise.all([
        call('GET', '/api/health', {}, undefined, redisOverGate),
        call('POST', '/api/v1/sessions', {}, { email: member.email, password: member.password }, redisOverGate),
        call('POST', '/api/screenshot', auth, { url: 'not a url' }, redisOverGate),
        call('GET', '/api/v1/campaigns', auth, undefined, redisOverGate),
        call(
          'POST',
          '/api/v1/campaigns',
          { ...auth, 'idempotency-key': crypto.randomUUID() },
          { name: 'Launch', objective: 'ship', posts: [{ channel: 'x', copy: 'v2' }] },
          redisOverGate,
        ),
      ]);
    const statuses = async (responses: Response[]) => {
      const seen = [];
      for (const response of responses) {
        const body = (await response.json()) as { code?: string; details?: unknown };
        // Whatever the moment of the cut, an answer is ours: never a 500.
        if (response.status >= 500)
          expect({ status: response.status, code: body.code, retryAfter: response.headers.get('retry-after') }).toEqual({
            status: 503,
            code: 'service_unavailable',
            retryAfter: '5',
          });
        seen.push(response.status);
      }
      return seen;
    };
    const up = [200, 201, 400, 200, 201];
    expect(await statuses(await wave())).toEqual(up);

    // Cut while a wave is in flight, then waves entirely inside the outage.
    const inFlight = wave();
    await redisGate('down');
    await statuses(await inFlight);
    // Sign-in fails closed (503, no unlimited guessing); the screenshot's per-IP limit fails open
    // (the request reaches validation); reads and creates that do not use Redis go on.
    for (let round = 0; round < 2; round++) expect(await statuses(await wave())).toEqual([503, 503, 400, 200, 201]);
    expect(await (await call('GET', '/api/health', {}, undefined, redisOverGate)).json()).toMatchObject({ status: 'degraded', db: 'ok', redis: 'down' });

    await redisGate('up');
    expect(await statuses(await wave())).toEqual(up);
  });
});
