import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../test/workers/seed';
import { MAX_MEDIA_BYTES } from '../editor/image-proxy';

const base = 'http://launch.test';
const standIn = new URL(env.IMAGE_PROXY_UPSTREAM_URL!).origin;

async function proxy(url: string, headers: Record<string, string> = {}) {
  const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
  return SELF.fetch(`${base}/api/image-proxy?url=${encodeURIComponent(url)}`, { headers: { ...auth, ...headers } });
}

async function fixture(path: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(`${standIn}/media/${path}`)).arrayBuffer());
}

describe('GET /api/image-proxy', () => {
  it('passes on an allowlisted image with long cache headers, no cookies either way, and nothing of the caller upstream', async () => {
    const marker = crypto.randomUUID();
    const response = await proxy(`https://pbs.twimg.com/media/GBefore01AAAbcd.jpg?name=small&m=${marker}`, {
      cookie: 'launch_session=secret-session',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(await fixture('pbs.twimg.com/media/GBefore01AAAbcd.jpg'));

    const seen = (
      (await (await fetch(`${standIn}/media-requests`)).json()) as { requests: Array<{ url: string; headers: Record<string, string> }> }
    ).requests.find((request) => request.url.includes(marker));
    expect(seen?.url).toBe(`/media/pbs.twimg.com/media/GBefore01AAAbcd.jpg?name=small&m=${marker}`);
    expect(seen?.headers).not.toHaveProperty('cookie');
    expect(seen?.headers).not.toHaveProperty('x-api-key');
    expect(seen?.headers).not.toHaveProperty('x-forwarded-for');
  });

  it('follows redirects by hand while every hop stays on the allowlist (another media host, a relative path, two hops)', async () => {
    for (const [url, type, path] of [
      ['https://pbs.twimg.com/media/hop-to-abs.jpg', 'image/png', 'abs.twimg.com/media/target.png'],
      ['https://pbs.twimg.com/media/hop-relative.jpg', 'image/png', 'pbs.twimg.com/media/GAfter002AAxyz.png'],
      ['https://pbs.twimg.com/media/hop-twice.jpg', 'image/png', 'abs.twimg.com/media/target.png'],
    ] as const) {
      const response = await proxy(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(await fixture(path));
    }
  });

  it('refuses a redirect that leaves the allowlist: another host, plain http, a private address, or too many hops', async () => {
    for (const [url, blockedUrl] of [
      ['https://pbs.twimg.com/media/hop-outside.jpg', 'https://evil.example/steal.png'],
      ['https://pbs.twimg.com/media/hop-to-http.jpg', 'http://pbs.twimg.com/media/GAfter002AAxyz.png'],
      ['https://pbs.twimg.com/media/hop-to-private.jpg', 'https://127.0.0.1/media/secret.png'],
    ] as const) {
      const response = await proxy(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'url_not_allowed', field: 'url', blockedUrl, hop: 1 });
    }
    const loop = await proxy('https://pbs.twimg.com/media/hop-loop.jpg');
    expect(loop.status).toBe(400);
    expect(await loop.json()).toMatchObject({ code: 'url_not_allowed', message: expect.stringContaining('more than 3') });
  });

  it('refuses URLs off the exact allowlist with 400', async () => {
    for (const url of [
      'http://pbs.twimg.com/media/GBefore01AAAbcd.jpg',
      'https://evil.example/media/a.jpg',
      'https://pbs.twimg.com.evil.example/media/a.jpg',
      'https://evilpbs.twimg.com/media/a.jpg',
      'https://twimg.com/media/a.jpg',
      'https://video.twimg.com/ext_tw_video/1/pu/vid/a.mp4',
      'https://pbs.twimg.com:8443/media/a.jpg',
      'https://user:secret@pbs.twimg.com/media/a.jpg',
      'https://127.0.0.1/media/a.jpg',
      'not a url',
    ]) {
      const response = await proxy(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'url_not_allowed', field: 'url' });
    }
  });

  it('passes on images only (no HTML, no SVG) and nothing over the byte cap, with or without a Content-Length', async () => {
    for (const [path, code] of [
      ['page.html', 'image_unsupported'],
      ['vector.svg', 'image_unsupported'],
      ['huge.png', 'media_too_large'],
      ['huge-unsized.png', 'media_too_large'],
    ] as const) {
      const response = await proxy(`https://pbs.twimg.com/media/${path}`);
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ code });
      if (code === 'media_too_large') expect(body).toMatchObject({ maxBytes: MAX_MEDIA_BYTES });
    }
  });

  it('answers 404 when the host has no such image and 502 when it fails', async () => {
    expect((await proxy('https://pbs.twimg.com/media/gone.jpg')).status).toBe(404);
    const broken = await proxy('https://pbs.twimg.com/media/broken.jpg');
    expect(broken.status).toBe(502);
    expect(await broken.json()).toMatchObject({ code: 'upstream_error' });
  });

  it('requires the url parameter', async () => {
    const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
    const response = await SELF.fetch(`${base}/api/image-proxy`, { headers: auth });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'url' });
  });
});
