import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postDeliveries } from '../../../shared/db/schema';
import { approvedCampaign, callLaunch, createCampaign, launchTeam } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';

interface PostDetail {
  id: string;
  campaignId: string;
  variantOf: string | null;
  channel: string;
  copy: string;
  status: string;
  visuals: Array<{ url: string; altText: string }>;
  delivery: { status: string; scheduledFor: string; externalUrl: string | null; lastError: string | null } | null;
}

const readPost = async (postId: string, key: Record<string, string>) => {
  const response = await callLaunch('GET', `/api/v1/posts/${postId}`, key);
  return { status: response.status, body: (await response.json()) as PostDetail & { code?: string } };
};

describe('GET /api/v1/posts/{postId}', () => {
  it('reads one post as its campaign shows it, with campaign, variant and visuals', async () => {
    const team = await launchTeam();
    const campaign = await createCampaign(team.key, [
      { channel: 'bluesky', copy: 'v3 is out', variants: [{ copy: 'v3 shipped' }] } as never,
      { channel: 'x', copy: 'Other post' },
    ]);
    const main = campaign.posts[0]!;
    const edited = await callLaunch('PATCH', `/api/v1/posts/${main.id}`, team.key, {
      visuals: [{ url: 'https://example.com/shot.png', altText: 'The new sync screen' }],
    });
    expect(edited.status).toBe(200);
    const campaignRead = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as {
      posts: Array<PostDetail & { variants: PostDetail[] }>;
    };
    const { variants, ...asCampaignShowsIt } = campaignRead.posts[0]!;

    const read = await readPost(main.id, team.key);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...asCampaignShowsIt, campaignId: campaign.id, variantOf: null });
    expect(read.body.visuals).toMatchObject([{ url: 'https://example.com/shot.png', altText: 'The new sync screen' }]);
    expect(read.body.delivery).toBeNull();

    const variant = await readPost(variants[0]!.id, team.key);
    expect(variant.body).toMatchObject({ copy: 'v3 shipped', channel: 'bluesky', status: 'draft', variantOf: main.id, campaignId: campaign.id });
  });

  it('shows the delivery: when it is due, then how it went (its URL once out, the last error when an attempt failed)', async () => {
    const approved = await approvedCampaign();
    const post = approved.campaign.posts[0]!;
    expect((await readPost(post.id, approved.key)).body).toMatchObject({ status: 'approved', delivery: null });

    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, approved.key, { publishAt })).status).toBe(201);
    expect((await readPost(post.id, approved.key)).body).toMatchObject({
      status: 'scheduled',
      delivery: { status: 'pending', scheduledFor: publishAt, externalUrl: null, lastError: null },
    });

    // What the publisher writes after an attempt that failed, then after one that went out.
    const setDelivery = (values: Partial<typeof postDeliveries.$inferInsert>) =>
      withTestDb((db) => db.update(postDeliveries).set(values).where(eq(postDeliveries.postId, post.id)));
    await setDelivery({ attempts: 1, lastError: 'The endpoint answered 503.', nextAttemptAt: new Date(Date.now() + 7_200_000) });
    expect((await readPost(post.id, approved.key)).body.delivery).toMatchObject({ status: 'pending', lastError: 'The endpoint answered 503.' });
    await setDelivery({ status: 'published', externalUrl: 'https://bsky.app/profile/a/post/3k', publishedAt: new Date() });
    expect((await readPost(post.id, approved.key)).body.delivery).toMatchObject({ status: 'published', externalUrl: 'https://bsky.app/profile/a/post/3k' });
  });

  it("answers 404 for another workspace's post and for an id that names no post, in the one error envelope", async () => {
    const owner = await launchTeam();
    const other = await launchTeam();
    const campaign = await createCampaign(owner.key);
    const foreign = await readPost(campaign.posts[0]!.id, other.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found', message: expect.any(String), hint: expect.any(String) });
    expect((await readPost('pst_01JD3W6Z4T8M2Q9X5K7B1C3V0N', owner.key)).status).toBe(404);
  });
});
