import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PUBLIC_FIXTURE_HOST, SCHEME_COLOURS } from '../../../test/shared/pages';
import { seedWorkspace } from '../../../test/workers/seed';
import { awayFromWindowEnd } from '../../../test/shared/window-edge';
import { workerCodecModules } from '../editor/codec-modules';
import { createCodecs } from '../editor/image-codecs';
import worker from '../index';

const base = 'http://launch.test';
const pages = env.TEST_PAGES_PUBLIC_ORIGIN;
const privatePages = env.TEST_PAGES_PRIVATE_ORIGIN;
const codecs = createCodecs(workerCodecModules);

interface ScreenshotBody {
  image: string;
  mimeType: string;
  width: number;
  height: number;
  url: string;
  cached: boolean;
  capturedAt: string;
  expiresAt: string;
  blockedRequests: number;
  pageStatus: number | null;
}

/** Each test from its own address, so the per-IP limit of one never answers another. */
const ownIp = () => `10.${random(255)}.${random(255)}.${random(254) + 1}`;
const random = (n: number) => Math.floor(Math.random() * n);
const bucket = () => crypto.randomUUID().slice(0, 8);

async function caller() {
  const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
  return { ...auth, 'cf-connecting-ip': ownIp() };
}

function shoot(headers: Record<string, string>, body: unknown) {
  return SELF.fetch(`${base}/api/screenshot`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function requestsSeen(pageBucket: string): Promise<string[]> {
  return ((await (await fetch(`${privatePages}/requests/${pageBucket}`)).json()) as { requests: string[] }).requests;
}

async function pixel(body: ScreenshotBody, x: number, y: number): Promise<number[]> {
  const png = Uint8Array.from(atob(body.image), (char) => char.charCodeAt(0));
  const image = await codecs.decode('png', png.buffer);
  const offset = (y * image.width + x) * 4;
  return [...image.data.subarray(offset, offset + 3)];
}

describe('POST /api/screenshot', () => {
  it('captures a real page with Chromium in light and in dark: the PNG has the viewport size and the scheme’s background', async () => {
    const headers = await caller();
    const url = `${pages}/b/${bucket()}/scheme`;
    const light = await shoot(headers, { url, colorScheme: 'light' });
    expect(light.status, await light.clone().text()).toBe(200);
    const dark = await shoot(headers, { url, colorScheme: 'dark' });
    expect(dark.status).toBe(200);
    const lightBody = (await light.json()) as ScreenshotBody;
    const darkBody = (await dark.json()) as ScreenshotBody;
    for (const body of [lightBody, darkBody]) {
      expect(body).toMatchObject({ mimeType: 'image/png', width: 1280, height: 800, url, cached: false, pageStatus: 200, blockedRequests: 0 });
    }
    expect(await pixel(lightBody, 5, 5)).toEqual(SCHEME_COLOURS.light);
    expect(await pixel(darkBody, 5, 5)).toEqual(SCHEME_COLOURS.dark);
  });

  it('captures the mobile preset at 3× and a full page beyond the viewport', async () => {
    const headers = await caller();
    const mobile = (await (await shoot(headers, { url: `${pages}/b/${bucket()}/scheme`, device: 'mobile' })).json()) as ScreenshotBody;
    expect({ width: mobile.width, height: mobile.height }).toEqual({ width: 393 * 3, height: 852 * 3 });
    const full = (await (await shoot(headers, { url: `${pages}/b/${bucket()}/tall`, fullPage: true })).json()) as ScreenshotBody;
    expect(full.width).toBe(1280);
    expect(full.height).toBeGreaterThan(3000);
  });

  it('serves the second request from the cache, normalizing the URL, and captures again with forceRefresh', async () => {
    const headers = await caller();
    const pageBucket = bucket();
    const first = (await (await shoot(headers, { url: `${pages}/b/${pageBucket}/scheme?b=2&a=1` })).json()) as ScreenshotBody;
    expect(first).toMatchObject({ cached: false, url: `${pages}/b/${pageBucket}/scheme?a=1&b=2` });
    const again = (await (
      await shoot(headers, { url: `${pages.replace('site.example', 'SITE.Example')}/b/${pageBucket}/scheme?a=1&b=2#` })
    ).json()) as ScreenshotBody;
    expect(again).toMatchObject({ cached: true, capturedAt: first.capturedAt, image: first.image });
    expect(await requestsSeen(pageBucket)).toEqual(['scheme?a=1&b=2']);

    const refreshed = (await (await shoot(headers, { url: `${pages}/b/${pageBucket}/scheme?a=1&b=2`, forceRefresh: true })).json()) as ScreenshotBody;
    expect(refreshed.cached).toBe(false);
    expect(Date.parse(refreshed.capturedAt)).toBeGreaterThan(Date.parse(first.capturedAt));
    expect(await requestsSeen(pageBucket)).toHaveLength(2);
    const afterRefresh = (await (await shoot(headers, { url: `${pages}/b/${pageBucket}/scheme?a=1&b=2` })).json()) as ScreenshotBody;
    expect(afterRefresh).toMatchObject({ cached: true, capturedAt: refreshed.capturedAt });

    const otherVariant = (await (await shoot(headers, { url: `${pages}/b/${pageBucket}/scheme?a=1&b=2`, colorScheme: 'dark' })).json()) as ScreenshotBody;
    expect(otherVariant.cached).toBe(false);
  });

  it('allows 20 screenshots a minute per IP address, then answers 429 with Retry-After and X-RateLimit-*', async () => {
    await awayFromWindowEnd(60_000, 10_000);
    const headers = await caller();
    const url = `${pages}/b/${bucket()}/scheme`;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await shoot(headers, { url })).status);
    expect(statuses).toEqual(Array(20).fill(200));
    const limited = await shoot(headers, { url });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Screenshots: at most 20 requests per minute from one IP address.',
      status: 429,
      retryAfter: expect.any(Number),
      documentation: expect.stringContaining('/api/reference'),
    });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('20');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const elsewhere = await shoot({ ...headers, 'cf-connecting-ip': ownIp() }, { url });
    expect(elsewhere.status).toBe(200);
  });

  it('answers 408 when the page does not load within timeoutMs', async () => {
    const response = await shoot(await caller(), { url: `${pages}/b/${bucket()}/slow`, timeoutMs: 1500 });
    expect(response.status).toBe(408);
    expect(await response.json()).toMatchObject({ code: 'page_load_timeout', timeoutMs: 1500 });
  });

  it('dismisses JavaScript dialogs, which would otherwise stop the capture', async () => {
    const response = await shoot(await caller(), { url: `${pages}/b/${bucket()}/alert` });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await pixel((await response.json()) as ScreenshotBody, 5, 5)).toEqual(SCHEME_COLOURS.light);
  });

  it('answers 503 when the capture service is not available', async () => {
    const headers = await caller();
    const request = new Request(`${base}/api/screenshot`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${pages}/b/${bucket()}/scheme` }),
    });
    const response = await worker.fetch(request, { ...env, BROWSER: undefined }, createExecutionContext());
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.json()).toMatchObject({ code: 'service_unavailable' });
  });

  it('refuses invalid URLs and options with 400 naming the field', async () => {
    const headers = await caller();
    for (const [body, field] of [
      [{ url: 'not a url' }, 'url'],
      [{ url: 'ftp://example.com/file' }, 'url'],
      [{ url: `${pages}/x`, device: 'watch' }, 'device'],
      [{ url: `${pages}/x`, colorScheme: 'sepia' }, 'colorScheme'],
      [{ url: `${pages}/x`, timeoutMs: 60_000 }, 'timeoutMs'],
      [{ url: `${pages}/x`, extra: true }, ''],
    ] as const) {
      const response = await shoot(headers, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const envelope = (await response.json()) as { code: string; field?: string };
      expect(envelope.code).toBe('validation_failed');
      if (field) expect(envelope.field).toBe(field);
    }
  });
});

describe('POST /api/screenshot: SSRF guard', () => {
  it('refuses a private, loopback or metadata address before any browser work', async () => {
    const headers = await caller();
    const pageBucket = bucket();
    for (const url of [
      `${privatePages}/b/${pageBucket}/scheme`,
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:8080/',
      'http://[::1]/',
      'http://10.0.0.8/',
    ]) {
      const response = await shoot(headers, { url });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'url' });
    }
    expect(await requestsSeen(pageBucket)).toEqual([]);
  });

  it('refuses a public name whose DNS points at a private address, and never captures it', async () => {
    const pageBucket = bucket();
    // The browser would reach rebind.example on this machine; the guard asks DNS first (the zone fixture).
    const rebound = pages.replace(PUBLIC_FIXTURE_HOST, 'rebind.example');
    const response = await shoot(await caller(), { url: `${rebound}/b/${pageBucket}/scheme` });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'url',
      message: expect.stringContaining('resolves to a private or reserved address'),
    });
    expect(await requestsSeen(pageBucket)).toEqual([]);
  });

  it('fails a page that redirects to a private address, which is never asked for', async () => {
    const pageBucket = bucket();
    const response = await shoot(await caller(), {
      url: `${pages}/b/${pageBucket}/redirect?to=${encodeURIComponent(`${privatePages}/b/${pageBucket}/scheme`)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'url_not_allowed', field: 'url', blockedUrl: `${privatePages}/b/${pageBucket}/scheme` });
    expect(await requestsSeen(pageBucket)).toEqual([expect.stringMatching(/^redirect\?/)]);
  });

  it('does not load a subresource on a private address, directly, through a redirect or by a name pointing inward, and counts it', async () => {
    const pageBucket = bucket();
    const headers = await caller();
    const direct = `${privatePages}/b/${pageBucket}/pixel.png`;
    const viaRedirect = `${pages}/b/${pageBucket}/redirect?to=${encodeURIComponent(direct)}`;
    const viaName = `${pages.replace(PUBLIC_FIXTURE_HOST, 'rebind.example')}/b/${pageBucket}/pixel.png`;
    for (const src of [direct, viaRedirect, viaName]) {
      const response = await shoot(headers, { url: `${pages}/b/${pageBucket}/image?src=${encodeURIComponent(src)}` });
      expect(response.status).toBe(200);
      expect(((await response.json()) as ScreenshotBody).blockedRequests).toBe(1);
    }
    const seen = await requestsSeen(pageBucket);
    expect(seen.filter((path) => path.startsWith('pixel.png'))).toEqual([]);
    expect(seen.filter((path) => path.startsWith('redirect'))).toHaveLength(1);
  });

  it('lets a developer capture this machine with ALLOW_PRIVATE_URLS=1', async () => {
    const headers = await caller();
    const request = new Request(`${base}/api/screenshot`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${privatePages}/b/${bucket()}/image?src=${encodeURIComponent(`${privatePages}/b/x/pixel.png`)}` }),
    });
    const response = await worker.fetch(request, { ...env, ALLOW_PRIVATE_URLS: '1' }, createExecutionContext());
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as ScreenshotBody).blockedRequests).toBe(0);
  });
});

describe('GET /api/screenshot', () => {
  it('is a method probe: 405 in the envelope with Allow: POST, and other methods get the same Allow', async () => {
    const probe = await SELF.fetch(`${base}/api/screenshot`);
    expect(probe.status).toBe(405);
    expect(probe.headers.get('allow')).toBe('POST');
    expect(await probe.json()).toMatchObject({ code: 'method_not_allowed', allow: ['POST'] });
    const put = await SELF.fetch(`${base}/api/screenshot`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
  });
});
