import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postDeliveries, posts } from '../../../shared/db/schema';
import { approvedCampaign, callLaunch, launchOrigin } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';

const postPage = async (postId: string, cookie: string) =>
  (await SELF.fetch(`${launchOrigin}/app/posts/${postId}`, { headers: { cookie, 'cf-connecting-ip': `2001:db8::${crypto.randomUUID().slice(0, 4)}` } })).text();

/** A post scheduled through the workspace's endpoint, then marked published by the network with `externalUrl`. */
async function publishedPost(externalUrl: string) {
  const approved = await approvedCampaign([{ channel: 'x', copy: 'Out there now' }]);
  const postId = approved.campaign.posts[0]!.id;
  const scheduled = await callLaunch('POST', `/api/v1/posts/${postId}/schedule`, approved.key, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
  expect(scheduled.status).toBe(201);
  const publishedAt = new Date('2026-11-29T10:00:00Z');
  await withTestDb(async (db) => {
    await db.update(postDeliveries).set({ status: 'published', externalId: '1', externalUrl, publishedAt }).where(eq(postDeliveries.postId, postId));
    await db.update(posts).set({ status: 'published' }).where(eq(posts.id, postId));
  });
  return { postId, viewer: await approved.session('viewer') };
}

describe('review app: a post’s delivery', () => {
  it('shows when a published post went out, and its URL in full as a link', async () => {
    const { postId, viewer } = await publishedPost('http://127.0.0.1:8795/demo_x/status/17959509606411000001');
    const html = await postPage(postId, viewer.cookie);
    expect(html).toContain('<dt>Publishing</dt>');
    expect(html).toContain('datetime="2026-11-29T10:00:00.000Z"');
    expect(html).toContain(
      '<dt>Published at</dt><dd class="url"><a href="http://127.0.0.1:8795/demo_x/status/17959509606411000001">http://127.0.0.1:8795/demo_x/status/17959509606411000001</a></dd>',
    );
  });

  it('never links a URL of another scheme a network answered with', async () => {
    const { postId, viewer } = await publishedPost('javascript:alert(document.cookie)');
    const html = await postPage(postId, viewer.cookie);
    expect(html).toContain('<dt>Publishing</dt>');
    expect(html).not.toContain('Published at');
    expect(html).not.toContain('javascript:alert');
  });
});
