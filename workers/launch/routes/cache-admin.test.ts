import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../test/workers/seed';

const base = 'http://launch.test';
const operator = { 'x-internal-secret': env.INTERNAL_SECRET };
const pages = env.TEST_PAGES_PUBLIC_ORIGIN;

async function caller() {
  const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
  return { ...auth, 'cf-connecting-ip': `10.200.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}` };
}

async function shoot(headers: Record<string, string>, body: Record<string, unknown>): Promise<{ cached: boolean }> {
  const response = await SELF.fetch(`${base}/api/screenshot`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

function purgeScreenshots(body: Record<string, unknown>, headers: Record<string, string> = operator) {
  return SELF.fetch(`${base}/api/internal/cache/screenshots/purge`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('internal cache maintenance', () => {
  it('answers 401 without the operator secret, with a wrong one, and to a workspace key', async () => {
    const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-internal-secret': 'wrong' },
      { 'x-internal-secret': `${env.INTERNAL_SECRET.slice(0, -1)}x` },
      auth,
    ];
    for (const headers of attempts) {
      for (const response of [
        await SELF.fetch(`${base}/api/internal/cache/stats`, { headers }),
        await SELF.fetch(`${base}/api/internal/cache/social-posts/1`, { method: 'DELETE', headers }),
        await purgeScreenshots({ url: 'https://example.com/' }, headers),
      ]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String), hint: expect.any(String) });
      }
    }
  });

  it('purges the screenshots of one URL by device and colour scheme, or all of them', async () => {
    const headers = await caller();
    const url = `${pages}/b/${crypto.randomUUID().slice(0, 8)}/scheme`;
    await shoot(headers, { url, colorScheme: 'light' });
    await shoot(headers, { url, colorScheme: 'dark' });
    await shoot(headers, { url, device: 'mobile', colorScheme: 'dark' });

    const partial = await purgeScreenshots({ url, device: 'desktop', colorScheme: 'dark' });
    expect(await partial.json()).toEqual({ url, purged: ['desktop.dark.viewport'] });
    expect(await shoot(headers, { url, colorScheme: 'light' })).toMatchObject({ cached: true });
    expect(await shoot(headers, { url, device: 'mobile', colorScheme: 'dark' })).toMatchObject({ cached: true });

    const all = (await (await purgeScreenshots({ url: url.replace('site.example', 'SITE.Example') })).json()) as { purged: string[] };
    expect(all.purged.sort()).toEqual(['desktop.light.viewport', 'mobile.dark.viewport']);
    expect(await shoot(headers, { url, colorScheme: 'light' })).toMatchObject({ cached: false });
  });

  it('purges a cached social post by id', async () => {
    const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
    const id = '1790000000000000002';
    await SELF.fetch(`${base}/api/social-post/${id}`, { headers: auth });
    const purge = () => SELF.fetch(`${base}/api/internal/cache/social-posts/${id}`, { method: 'DELETE', headers: operator });
    expect(await (await purge()).json()).toEqual({ id, purged: true });
    expect(await (await purge()).json()).toEqual({ id, purged: false });
    const refetched = (await (await SELF.fetch(`${base}/api/social-post/${id}`, { headers: auth })).json()) as { cached: boolean };
    expect(refetched.cached).toBe(false);
  });

  it('reports entries, sizes and lookups per cache, counting each hit and miss', async () => {
    const stats = async () =>
      (await (await SELF.fetch(`${base}/api/internal/cache/stats`, { headers: operator })).json()) as {
        screenshots: { entries: number; bytes: number; hits: number; misses: number; ttlSeconds: number; complete: boolean };
        socialPosts: { entries: number; hits: number; misses: number; ttlSeconds: number };
      };
    const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
    await SELF.fetch(`${base}/api/internal/cache/social-posts/1790000000000000001`, { method: 'DELETE', headers: operator });
    const before = await stats();
    await SELF.fetch(`${base}/api/social-post/1790000000000000001`, { headers: auth });
    await SELF.fetch(`${base}/api/social-post/1790000000000000001`, { headers: auth });
    const headers = await caller();
    const url = `${pages}/b/${crypto.randomUUID().slice(0, 8)}/scheme`;
    await shoot(headers, { url });
    await shoot(headers, { url });
    // Lookups are counted after the response (waitUntil), so the figures are polled.
    await expect.poll(async () => (await stats()).socialPosts.hits).toBeGreaterThanOrEqual(before.socialPosts.hits + 1);
    await expect.poll(async () => (await stats()).socialPosts.misses).toBeGreaterThanOrEqual(before.socialPosts.misses + 1);
    await expect.poll(async () => (await stats()).screenshots.hits).toBeGreaterThanOrEqual(before.screenshots.hits + 1);
    await expect.poll(async () => (await stats()).screenshots.misses).toBeGreaterThanOrEqual(before.screenshots.misses + 1);
    const after = await stats();
    expect(after.socialPosts.entries).toBeGreaterThanOrEqual(1);
    expect(after.screenshots.entries).toBeGreaterThanOrEqual(1);
    expect(after.screenshots.bytes).toBeGreaterThan(0);
    expect(after.screenshots).toMatchObject({ ttlSeconds: 86400, complete: true });
    expect(after.socialPosts.ttlSeconds).toBe(3600);
  });

  it('is left out of the published OpenAPI document on purpose', async () => {
    const document = (await (await SELF.fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('/internal'))).toEqual([]);
    expect(JSON.stringify(document)).not.toMatch(/internal\/cache|x-internal-secret/i);
  });
});
