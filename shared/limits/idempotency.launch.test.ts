import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AuthVariables } from '../auth/principal';
import { handleError } from '../http/error-handler';
import { idempotency } from './idempotency';

/** A create route on the real middleware and Durable Object, counting how often its handler runs. */
function createApp(options: { replayStatus?: number; failFirst?: boolean } = {}) {
  let executions = 0;
  const workspaceId = `ws_${crypto.randomUUID()}`;
  const app = new Hono<{ Variables: AuthVariables }>();
  app.onError(handleError);
  app.use(async (c, next) => {
    c.set('principal', { kind: 'key', keyId: 'key_test', workspaceId, scopes: [] });
    // What the request path sets before any handler runs (shared/http/operation.ts).
    c.header('x-request-id', c.req.header('x-request-id') ?? 'generated');
    c.header('x-ratelimit-limit', '60');
    await next();
  });
  app.post(
    '/things',
    idempotency(() => env.IDEMPOTENCY, { operation: 'things.create', replayStatus: options.replayStatus }),
    async (c) => {
      executions += 1;
      const attempt = executions;
      // Give concurrent duplicates time to pile up behind the first request.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.failFirst && attempt === 1) throw new Error('transient failure');
      return c.json({ id: `thing_${attempt}`, body: await c.req.json() }, 201);
    },
  );
  const post = (key: string | undefined, body: unknown, extra: { query?: string; requestId?: string } = {}) =>
    app.request(
      `/things${extra.query ?? ''}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'idempotency-key': key }),
          ...(extra.requestId ? { 'x-request-id': extra.requestId } : {}),
        },
        body: JSON.stringify(body),
      },
      env,
    );
  return { post, executions: () => executions, workspaceId };
}

describe('idempotency', () => {
  it('runs 50 concurrent duplicates once, and every caller gets the same response', async () => {
    const app = createApp();
    const responses = await Promise.all(Array.from({ length: 50 }, () => app.post('key-1', { name: 'a' })));
    expect(app.executions()).toBe(1);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(responses.filter((response) => response.headers.get('idempotent-replayed') === 'true')).toHaveLength(49);
  });

  it('replays with 200 when the service says so (launch), keeping the original body', async () => {
    const app = createApp({ replayStatus: 200 });
    const first = await app.post('key-2', { name: 'a' });
    expect(first.status).toBe(201);
    const replay = await app.post('key-2', { name: 'a' });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
    expect(app.executions()).toBe(1);
  });

  it("answers a replay with the headers of the request path: the caller's X-Request-Id and the rate limit", async () => {
    const app = createApp({ replayStatus: 200 });
    await app.post('key-headers', { name: 'a' }, { requestId: 'first-call' });
    const replay = await app.post('key-headers', { name: 'a' }, { requestId: 'second-call' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBe('second-call');
    expect(replay.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('counts the query string as part of the request: other options under the same key are a 422', async () => {
    const app = createApp();
    expect((await app.post('key-query', 'a,b', { query: '?sandbox=true&allow_partial=false' })).status).toBe(201);
    const sameOptionsOtherOrder = await app.post('key-query', 'a,b', { query: '?allow_partial=false&sandbox=true' });
    expect(sameOptionsOtherOrder.headers.get('idempotent-replayed')).toBe('true');
    const otherOptions = await app.post('key-query', 'a,b', { query: '?sandbox=false&allow_partial=false' });
    expect(otherOptions.status).toBe(422);
    expect(await otherOptions.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(app.executions()).toBe(1);
  });

  it('treats the same JSON in another layout as the same request', async () => {
    const app = createApp();
    await app.post('key-3', { a: 1, b: 2 });
    const replay = await app.post('key-3', { b: 2, a: 1 });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 422 for the same key with a different body, and changes nothing', async () => {
    const app = createApp();
    await app.post('key-4', { name: 'a' });
    const response = await app.post('key-4', { name: 'b' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'idempotency_key_reused', hint: expect.any(String) });
    expect(app.executions()).toBe(1);
  });

  it('refuses keys over 128 characters with 400, and accepts 128', async () => {
    const app = createApp();
    const tooLong = await app.post('k'.repeat(129), {});
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ code: 'idempotency_key_invalid' });
    expect(app.executions()).toBe(0);
    expect((await app.post('k'.repeat(128), {})).status).toBe(201);
  });

  it('runs every request without a key', async () => {
    const app = createApp();
    await app.post(undefined, {});
    await app.post(undefined, {});
    expect(app.executions()).toBe(2);
  });

  it('lets a failed first attempt be retried with the same key', async () => {
    const app = createApp({ failFirst: true });
    expect((await app.post('key-5', {})).status).toBe(500);
    const retry = await app.post('key-5', {});
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ id: 'thing_2' });
  });

  it('keeps keys apart per workspace', async () => {
    const first = createApp();
    const second = createApp();
    await first.post('shared-key', { name: 'a' });
    const other = await second.post('shared-key', { name: 'b' });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forgets a key when its record expires', async () => {
    const app = createApp();
    await app.post('key-6', { name: 'a' });
    const stub = env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`${app.workspaceId}:things.create:key-6`));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await app.post('key-6', { name: 'b' });
    expect(after.status).toBe(201);
    expect(app.executions()).toBe(2);
  });
});
