import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedWorkspace } from '../../../test/workers/seed';
import { syndicationSource } from '../editor/social-post-source';

const base = 'http://launch.test';

async function read(id: string) {
  const { auth } = await seedWorkspace({ scopes: ['artifact:read'] });
  return SELF.fetch(`${base}/api/social-post/${id}`, { headers: auth });
}

/** Each test purges what it reads first, so an earlier run's cache never answers for it. */
async function fresh(id: string) {
  await SELF.fetch(`${base}/api/internal/cache/social-posts/${id}`, { method: 'DELETE', headers: { 'x-internal-secret': env.INTERNAL_SECRET } });
  return read(id);
}

describe('GET /api/social-post/{id}, against recorded payloads served by the local stand-in', () => {
  it('normalizes a text post: display text with expanded links, author, counts; then serves it from the cache', async () => {
    const response = await fresh('1790000000000000001');
    expect(response.status).toBe(200);
    const post = (await response.json()) as Record<string, unknown>;
    expect(post).toEqual({
      id: '1790000000000000001',
      url: 'https://x.com/launchworkspace/status/1790000000000000001',
      text: 'Launch Workspace 2.4 is out: screenshots in dark mode, smaller exports and a faster review queue. Notes: https://launch.example/changelog/2.4 #buildinpublic cc @acme_dev',
      lang: 'en',
      createdAt: '2026-10-14T16:02:11.000Z',
      author: {
        id: '1400000000000000001',
        name: 'Launch Workspace',
        handle: 'launchworkspace',
        avatarUrl: 'https://pbs.twimg.com/profile_images/1700000000000000001/aVatar01_normal.jpg',
        verified: true,
      },
      media: [],
      counts: { likes: 412, replies: 37, reposts: null },
      edited: false,
      sensitive: false,
      quoted: null,
      inReplyTo: null,
      fetchedAt: expect.any(String),
      cached: false,
    });
    const again = (await (await read('1790000000000000001')).json()) as { cached: boolean; fetchedAt: string };
    expect(again).toMatchObject({ cached: true, fetchedAt: post.fetchedAt });
  });

  it('lists photos with their sizes and alt text, and drops the trailing media link from the text', async () => {
    const post = (await (await fresh('1790000000000000002')).json()) as { text: string; media: unknown[] };
    expect(post.text).toBe('Before → after: the new export presets cut our release images by 71% 🚀🎉');
    expect(post.media).toEqual([
      {
        type: 'photo',
        url: 'https://pbs.twimg.com/media/GBefore01AAAbcd.jpg',
        width: 1280,
        height: 800,
        altText: 'Release image before: 412 KB PNG',
        variants: [],
        durationMs: null,
      },
      { type: 'photo', url: 'https://pbs.twimg.com/media/GAfter002AAxyz.png', width: 1280, height: 800, altText: null, variants: [], durationMs: null },
    ]);
  });

  it('gives a video its poster and playable variants (MP4 by bitrate first), and the quoted post', async () => {
    const post = (await (await fresh('1790000000000000003')).json()) as {
      text: string;
      edited: boolean;
      media: Array<{ type: string; url: string; variants: Array<{ contentType: string; bitrate: number | null }>; durationMs: number }>;
      quoted: { id: string; text: string; author: { handle: string }; media: Array<{ url: string }>; counts: unknown };
    };
    expect(post.text).toBe('60 seconds of the new review flow 👀 https://x.com/acme_dev/status/1789999999999999999');
    expect(post.edited).toBe(true);
    expect(post.media).toHaveLength(1);
    expect(post.media[0]).toMatchObject({
      type: 'video',
      url: 'https://pbs.twimg.com/amplify_video_thumb/1790000000000000333/img/Th0mbN41l.jpg',
      durationMs: 60041,
    });
    expect(post.media[0]!.variants.map((variant) => [variant.contentType, variant.bitrate])).toEqual([
      ['video/mp4', 2176000],
      ['video/mp4', 832000],
      ['video/mp4', 288000],
      ['application/x-mpegURL', null],
    ]);
    expect(post.quoted).toMatchObject({
      id: '1789999999999999999',
      text: 'We just shipped scheduled posts with two-factor re-auth 🔐',
      author: { handle: 'acme_dev' },
      media: [{ url: 'https://pbs.twimg.com/media/GQuoted1AAAqrs.jpg' }],
      counts: { likes: 230, replies: 12, reposts: 41 },
    });
  });

  it('cuts a reply to its display range (code points, not UTF-16) and names the post it answers', async () => {
    const post = (await (await fresh('1790000000000000005')).json()) as { text: string; inReplyTo: unknown; author: { name: string } };
    expect(post.text).toBe('Does the screenshot cache key include the colour scheme? Asking for a 🌙 friend');
    expect(post.inReplyTo).toEqual({ id: '1790000000000000001', handle: 'launchworkspace' });
    expect(post.author.name).toBe('Dana 🌙 Night');
  });

  it('answers 404 for an unknown id, a tombstone and a withheld (empty) payload, saying which', async () => {
    for (const [id, reason] of [
      ['1234567890', 'not_found'],
      ['1790000000000000004', 'withheld'],
      ['1790000000000000006', 'withheld'],
    ] as const) {
      const response = await fresh(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', reason });
    }
  });

  it('answers 502 when the upstream fails or answers something unreadable, and 503 when it limits us', async () => {
    for (const id of ['1790000000000000500', '1790000000000000503', '1790000000000000998']) {
      const response = await fresh(id);
      expect(response.status, id).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    }
    const limited = await fresh('1790000000000000429');
    expect(limited.status).toBe(503);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toMatchObject({ code: 'service_unavailable' });
  });

  it('reports an upstream that does not answer in time as unreachable', async () => {
    const answer = await syndicationSource(env.SOCIAL_POST_UPSTREAM_URL!, 300).fetchPost('1790000000000000999');
    expect(answer.kind).toBe('unreachable');
  });

  it('refuses an id that is not numeric with 400', async () => {
    const response = await read('12ab');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'id' });
  });
});
