import { createExecutionContext, env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import worker from '../index';
import { previewLink } from '../services/link-previews';

const base = 'http://launch.test';
const publicPages = env.TEST_PAGES_PUBLIC_ORIGIN;
const privatePages = env.TEST_PAGES_PRIVATE_ORIGIN;
const bucket = () => crypto.randomUUID().slice(0, 8);

async function requestsSeen(pageBucket: string): Promise<string[]> {
  return ((await (await fetch(`${privatePages}/requests/${pageBucket}`)).json()) as { requests: string[] }).requests;
}

/** As `ALLOW_PRIVATE_URLS=1 npm run dev` runs: the local pages are on this machine. */
async function localPreview(auth: Record<string, string>, url: string, extra = '') {
  const request = new Request(`${base}/api/v1/link-previews?url=${encodeURIComponent(url)}${extra}`, { headers: auth });
  return worker.fetch(request, { ...env, ALLOW_PRIVATE_URLS: '1' }, createExecutionContext());
}

async function previewOf(auth: Record<string, string>, url: string, extra = '') {
  const response = await localPreview(auth, url, extra);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const reader = () => seedWorkspace({ scopes: ['artifact:read'] });

describe('GET /api/v1/link-previews', () => {
  it('reads Open Graph tags, theme colour, the largest icon and the canonical link', async () => {
    const { auth } = await reader();
    const prefix = `${privatePages}/b/${bucket()}`;
    expect(await previewOf(auth, `${prefix}/og`)).toMatchObject({
      finalUrl: `${prefix}/og`,
      contentType: 'text/html',
      title: 'Release 2.4 & friends',
      description: 'Dark mode, faster builds.',
      siteName: 'Acme Blog',
      image: { url: `${prefix}/pixel.png`, width: 1200, height: 630, alt: 'The release banner' },
      favicon: `${prefix}/icon-32.png`,
      canonicalUrl: `${prefix}/og`,
      themeColor: '#112233',
      oembed: null,
      truncated: false,
      cached: false,
    });
  });

  it('caches per normalized URL for a day, and fetches again with refresh=true', async () => {
    const { auth } = await reader();
    const pageBucket = bucket();
    const url = `${privatePages}/b/${pageBucket}/og`;
    const first = await previewOf(auth, url);
    const again = await previewOf(auth, `${url}?utm_source=newsletter#top`);
    expect(again).toMatchObject({ cached: true, fetchedAt: first.fetchedAt, title: first.title });
    expect(new Date(again.expiresAt as string).getTime() - new Date(first.fetchedAt as string).getTime()).toBe(24 * 3_600_000);
    expect(await requestsSeen(pageBucket)).toEqual(['og']);
    expect(await previewOf(auth, url, '&refresh=true')).toMatchObject({ cached: false });
    expect(await requestsSeen(pageBucket)).toEqual(['og', 'og']);
    const other = await seedWorkspace({ scopes: ['artifact:read'] });
    expect(await previewOf(other.auth, url)).toMatchObject({ cached: false });
  });

  it('falls back to Twitter card tags and the plain description', async () => {
    const { auth } = await reader();
    expect(await previewOf(auth, `${privatePages}/b/${bucket()}/twitter`)).toMatchObject({
      title: 'Card title',
      description: 'Plain description',
      siteName: '@acme',
      image: { url: 'https://cdn.example.com/card.png', width: null, height: null, alt: null },
    });
  });

  it('follows the oEmbed link a page announces and returns its answer', async () => {
    const { auth } = await reader();
    const prefix = `${privatePages}/b/${bucket()}`;
    expect(await previewOf(auth, `${prefix}/oembed`)).toMatchObject({
      title: 'A video',
      oembed: {
        url: `${prefix}/oembed.json`,
        data: {
          type: 'video',
          title: 'Release 2.4 walkthrough',
          authorName: 'Acme',
          providerName: 'AcmeTube',
          width: 640,
          height: 360,
          html: expect.stringContaining('<iframe'),
        },
      },
    });
  });

  it('answers a page without metadata with nulls and the default favicon', async () => {
    const { auth } = await reader();
    const prefix = `${privatePages}/b/${bucket()}`;
    expect(await previewOf(auth, `${prefix}/bare`)).toMatchObject({
      title: null,
      description: null,
      siteName: null,
      image: null,
      canonicalUrl: null,
      themeColor: null,
      oembed: null,
      favicon: `${privatePages}/favicon.ico`,
    });
  });

  it('reads only the start of a huge page, the windows-1252 page in its charset, and an image link as an image', async () => {
    const { auth } = await reader();
    const prefix = `${privatePages}/b/${bucket()}`;
    expect(await previewOf(auth, `${prefix}/huge`)).toMatchObject({ title: 'A very long page', truncated: true });
    expect(await previewOf(auth, `${prefix}/latin1`)).toMatchObject({ title: 'Café crème €' });
    expect(await previewOf(auth, `${prefix}/pixel.png`)).toMatchObject({ contentType: 'image/png', title: null, image: { url: `${prefix}/pixel.png` } });
  });

  it('gives up on a page that never finishes with 408, and on a missing page with page_unreachable', async () => {
    const { auth } = await reader();
    const slow = await localPreview(auth, `${privatePages}/b/${bucket()}/slow`);
    expect(slow.status).toBe(408);
    expect(await slow.json()).toMatchObject({ code: 'page_load_timeout', timeoutMs: 5000 });
    const missing = await localPreview(auth, `${privatePages}/b/${bucket()}/nothing-here`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'page_unreachable', detail: 'answered 404' });
  });

  it('follows redirects to the final page', async () => {
    const { auth } = await reader();
    const prefix = `${privatePages}/b/${bucket()}`;
    expect(await previewOf(auth, `${prefix}/redirect?to=${encodeURIComponent(`${prefix}/twitter`)}`)).toMatchObject({
      finalUrl: `${prefix}/twitter`,
      title: 'Card title',
    });
  });

  it('refuses a private address and a public name pointing inward without asking them, and names a bad url', async () => {
    const { auth } = await reader();
    const pageBucket = bucket();
    for (const url of [`${privatePages}/b/${pageBucket}/og`, `http://rebind.example:${new URL(privatePages).port}/b/${pageBucket}/og`]) {
      const response = await SELF.fetch(`${base}/api/v1/link-previews?url=${encodeURIComponent(url)}`, { headers: auth });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'url_not_allowed', field: 'url' });
    }
    expect(await requestsSeen(pageBucket)).toEqual([]);
    const bad = await SELF.fetch(`${base}/api/v1/link-previews?url=not-a-url`, { headers: auth });
    expect(await bad.json()).toMatchObject({ code: 'validation_failed', field: 'url' });
  });
});

describe('link previews through the SSRF guard', () => {
  /** Like the capture tests' browser: fixture names (public in DNS) are served by this machine's page server. */
  const fixtureFetch = (url: string, init: RequestInit) => {
    const target = new URL(url);
    if (target.hostname.endsWith('.example')) target.hostname = '127.0.0.1';
    return fetch(target, init);
  };

  it('refuses a public page that redirects to a private address, which is never asked for', async () => {
    const { workspace } = await reader();
    const pageBucket = bucket();
    const inward = `${privatePages}/b/${pageBucket}/og`;
    const policy = userUrlPolicy({ ALLOW_PRIVATE_URLS: '0', DOH_URL: env.DOH_URL! }, { httpsOnly: false });
    const attempt = withTestDb((db) =>
      previewLink({ db, policy, fetch: fixtureFetch }, workspace.id, `${publicPages}/b/${pageBucket}/redirect?to=${encodeURIComponent(inward)}`, {
        refresh: false,
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'url_not_allowed', details: { field: 'url', blockedUrl: inward } });
    expect(await requestsSeen(pageBucket)).toEqual([expect.stringMatching(/^redirect\?/)]);
  });

  it('previews a public page through the same guard', async () => {
    const { workspace } = await reader();
    const policy = userUrlPolicy({ ALLOW_PRIVATE_URLS: '0', DOH_URL: env.DOH_URL! }, { httpsOnly: false });
    const preview = await withTestDb((db) =>
      previewLink({ db, policy, fetch: fixtureFetch }, workspace.id, `${publicPages}/b/${bucket()}/og`, { refresh: false }),
    );
    expect(preview).toMatchObject({ title: 'Release 2.4 & friends', cached: false });
  });
});
