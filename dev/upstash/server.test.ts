import { createConnection } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowEnd } from '../../test/shared/window-edge';
import { startUpstashServer, type UpstashServer } from './server';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisListening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const engines = [
  { name: 'memory', redisUrl: undefined },
  // A machine without Redis still runs the memory engine; CI always has one.
  ...((await redisListening(redisUrl)) ? [{ name: 'redis', redisUrl }] : []),
];

describe.each(engines)('Upstash REST protocol over the $name engine', ({ name, redisUrl }) => {
  let server: UpstashServer;
  let redis: Redis;
  const key = (suffix: string) => `upstash-test:${randomBytes(6).toString('hex')}:${suffix}`;

  beforeAll(async () => {
    server = await startUpstashServer({ token: 'secret-token', redisUrl });
    redis = new Redis({ url: server.url, token: server.token, retry: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('round-trips strings, counters and expiry', async () => {
    const k = key('s');
    expect(await redis.set(k, 'héllo ✓')).toBe('OK');
    expect(await redis.get(k)).toBe('héllo ✓');
    expect(await redis.incr(key('n'))).toBe(1);
    expect(await redis.expire(k, 100)).toBe(1);
    expect(await redis.ttl(k)).toBeGreaterThan(90);
    expect(await redis.del(k)).toBe(1);
    expect(await redis.get(k)).toBeNull();
  });

  it('sets only when absent with nx, as a lock takes it', async () => {
    const k = key('lock');
    expect(await redis.set(k, 'first', { nx: true, px: 60_000 })).toBe('OK');
    expect(await redis.set(k, 'second', { nx: true, px: 60_000 })).toBeNull();
    expect(await redis.get(k)).toBe('first');
    expect(await redis.pttl(k)).toBeGreaterThan(50_000);
  });

  it('answers hashes, lists and sorted sets in their RESP2 shapes', async () => {
    const h = key('h');
    await redis.hset(h, { a: '1', b: 'two' });
    expect(await redis.hgetall(h)).toEqual({ a: 1, b: 'two' });
    const l = key('l');
    await redis.lpush(l, 'x', 'y');
    expect(await redis.lrange(l, 0, -1)).toEqual(['y', 'x']);
    const z = key('z');
    await redis.zadd(z, { score: 2, member: 'b' }, { score: 1, member: 'a' });
    expect(await redis.zrange(z, 0, -1)).toEqual(['a', 'b']);
  });

  it('runs pipelines in order and transactions atomically', async () => {
    const k = key('p');
    const pipeline = redis.pipeline();
    pipeline.set(k, 1);
    pipeline.incr(k);
    pipeline.get(k);
    expect(await pipeline.exec()).toEqual(['OK', 2, 2]);

    const multi = redis.multi();
    multi.incr(k);
    multi.incrby(k, 10);
    expect(await multi.exec()).toEqual([3, 13]);
  });

  it('returns Redis errors instead of wrong answers', async () => {
    const h = key('wrongtype');
    await redis.hset(h, { a: '1' });
    await expect(redis.incr(h)).rejects.toThrow(/WRONGTYPE/);
    expect(await redis.hgetall(h)).toEqual({ a: 1 });
    await expect(redis.eval('return redis.call("nosuchcommand")', [], [])).rejects.toThrow();
  });

  it('refuses a command it does not know', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body: JSON.stringify(['NOSUCHCOMMAND', 'x']),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/unknown command/i) });
  });

  it('checks the bearer token on every path', async () => {
    for (const path of ['/', '/pipeline', '/multi-exec']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: 'Bearer wrong' }, body: '["PING"]' });
      expect(response.status).toBe(401);
    }
    await expect(new Redis({ url: server.url, token: 'wrong', retry: false }).get('x')).rejects.toThrow(/Unauthorized/);
  });

  it('encodes every string as base64 when asked, status replies included', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'upstash-encoding': 'base64' },
      body: JSON.stringify(['SET', key('b64'), 'v']),
    });
    expect(await response.json()).toEqual({ result: Buffer.from('OK').toString('base64') });
  });

  it.each([
    ['slidingWindow', Ratelimit.slidingWindow(5, '1 h')],
    ['fixedWindow', Ratelimit.fixedWindow(5, '1 h')],
  ])('keeps @upstash/ratelimit %s exact, in sequence and in parallel', async (_, limiter) => {
    // Windows are aligned to the epoch: calls that straddle a window's end are rightly counted in
    // two windows, so start well inside one.
    await awayFromWindowEnd(60 * 60_000, 30_000);
    const ratelimit = new Ratelimit({ redis, limiter, prefix: key('rl') });
    const sequential = [];
    for (let i = 0; i < 7; i++) sequential.push((await ratelimit.limit('sequential')).success);
    expect(sequential.filter(Boolean)).toHaveLength(5);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => ratelimit.limit('parallel')));
    expect(parallel.filter((result) => result.success)).toHaveLength(5);
  });

  it('keeps tokenBucket exact, or refuses it outright', async () => {
    const ratelimit = new Ratelimit({ redis, limiter: Ratelimit.tokenBucket(1, '1 h', 5), prefix: key('tb') });
    if (name === 'memory') {
      // The in-memory Lua VM cannot run this script: it must fail, never answer wrongly.
      await expect(ratelimit.limit('bucket')).rejects.toThrow();
      return;
    }
    const results = [];
    for (let i = 0; i < 7; i++) results.push((await ratelimit.limit('bucket')).success);
    expect(results.filter(Boolean)).toHaveLength(5);
  });
});
