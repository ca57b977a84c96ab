import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assets, launchSubscriptions, postDeliveries, posts, publishingEndpoints } from '../../../shared/db/schema';
import { createLaunchApiKey } from '../../../shared/platform/launch-provisioning';
import { billingPeriod } from '../../../shared/platform/billing-period';
import { verifySignature } from '../../../shared/webhooks/signature';
import { encodedImage, readyAsset } from '../../../test/workers/assets';
import { approvedCampaign, callLaunch, connectPublishingEndpoint, createCampaign, launchTeam, type CampaignBody } from '../../../test/workers/launch-flow';
import { setSubscription, withTestDb } from '../../../test/workers/seed';
import { databaseGate } from '../../../test/workers/database-gate';
import { receivedBy } from '../../../test/workers/webhook-inbox';
import worker from '../index';
import { BACKOFF_MS, MAX_ATTEMPTS } from './publisher';
import { publishDuePosts } from './scheduled';

// The publisher takes every due delivery in the database, whichever workspace it belongs to.
// Other test files schedule an hour ahead; these tests schedule "now" (within the minute of
// clock skew the API allows) and never move the clock further than BACKOFF_MS[0] ahead.
const localEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const };
const SECRET = 'whsec_test_secret_for_the_publisher_0001';

/** An approved campaign scheduled for now, whose workspace publishes to a receiver bucket. */
async function dueCampaign(receiverQuery = '', postInputs = [{ channel: 'x', copy: 'Shipping v3 today' }]) {
  const approved = await approvedCampaign(postInputs);
  const bucket = approved.workspace.id.replace(/[^\w-]/g, '');
  await connectPublishingEndpoint(approved.workspace.id, `${env.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}${receiverQuery}`, SECRET);
  const publishAt = new Date(Date.now() - 1_000).toISOString();
  for (const post of approved.campaign.posts) {
    const response = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, approved.key, { publishAt });
    expect(response.status).toBe(201);
  }
  const read = async () =>
    (await (await callLaunch('GET', `/api/v1/campaigns/${approved.campaign.id}`, approved.key)).json()) as CampaignBody & {
      postCounts: Record<string, number>;
      posts: Array<{ delivery: { status: string; attempts: number; lastError: string | null; externalId: string | null; externalUrl: string | null } | null }>;
    };
  return { ...approved, bucket, read };
}

describe('publisher', () => {
  it('two overlapping cron runs publish each due post exactly once, signed', async () => {
    const due = await dueCampaign('', [
      { channel: 'x', copy: 'One' },
      { channel: 'linkedin', copy: 'Two' },
      { channel: 'bluesky', copy: 'Three' },
    ]);
    await Promise.all([publishDuePosts(localEnv), publishDuePosts(localEnv)]);

    const received = await receivedBy(due.bucket);
    expect(received).toHaveLength(3);
    const payloads = received.map((request) => JSON.parse(request.body) as { postId: string; deliveryId: string; copy: string; channel: string });
    expect(payloads.map((payload) => payload.postId).sort()).toEqual(due.campaign.posts.map((post) => post.id).sort());
    for (const request of received) {
      expect(await verifySignature(SECRET, request.headers['webhook-signature'], request.body)).toMatchObject({ ok: true });
      expect(request.headers['webhook-id']).toBe((JSON.parse(request.body) as { deliveryId: string }).deliveryId);
    }

    const campaign = await due.read();
    expect(campaign.status).toBe('published');
    for (const post of campaign.posts) {
      expect(post.status).toBe('published');
      expect(post.delivery).toMatchObject({
        status: 'published',
        attempts: 1,
        lastError: null,
        externalId: expect.stringContaining(due.bucket),
        externalUrl: expect.stringMatching(/^https:/),
      });
    }
  });

  it('runs from the Worker’s scheduled() handler', async () => {
    const due = await dueCampaign();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), localEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(await receivedBy(due.bucket)).toHaveLength(1);
    expect((await due.read()).posts[0]!.status).toBe('published');
  });

  it('retries a 5xx later with backoff, and publishes on the next due run', async () => {
    const due = await dueCampaign('?status=503&failTimes=1');
    const first = Date.now();
    await publishDuePosts(localEnv, () => new Date(first));
    let campaign = await due.read();
    expect(campaign.posts[0]).toMatchObject({ status: 'scheduled', delivery: { status: 'pending', attempts: 1, lastError: expect.stringContaining('503') } });
    const [delivery] = await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, due.campaign.posts[0]!.id)));
    expect(delivery!.nextAttemptAt!.getTime()).toBe(first + BACKOFF_MS[0]!);
    const nextAttemptAt = new Date(first + BACKOFF_MS[0]!).toISOString();
    expect(campaign.posts[0]!.delivery).toMatchObject({ nextAttemptAt });
    const schedule = (await (await callLaunch('GET', '/api/v1/schedule', due.key)).json()) as { data: unknown[] };
    expect(schedule.data).toEqual([
      expect.objectContaining({ postId: due.campaign.posts[0]!.id, status: 'pending', attempts: 1, nextAttemptAt, lastError: expect.stringContaining('503') }),
    ]);

    await publishDuePosts(localEnv, () => new Date(first + 1_000));
    expect(await receivedBy(due.bucket)).toHaveLength(1);

    await publishDuePosts(localEnv, () => new Date(first + BACKOFF_MS[0]! + 1_000));
    campaign = await due.read();
    expect(campaign.posts[0]).toMatchObject({ status: 'published', delivery: { status: 'published', attempts: 2, lastError: null } });
    expect(await receivedBy(due.bucket)).toHaveLength(2);
  });

  it(`fails a post after ${MAX_ATTEMPTS} attempts`, async () => {
    const due = await dueCampaign('?status=500');
    await withTestDb((db) =>
      db
        .update(postDeliveries)
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where(eq(postDeliveries.postId, due.campaign.posts[0]!.id)),
    );
    await publishDuePosts(localEnv);
    expect((await due.read()).posts[0]).toMatchObject({
      status: 'failed',
      delivery: { status: 'failed', attempts: MAX_ATTEMPTS, lastError: expect.stringContaining('500') },
    });
  });

  it('fails at once on an answer retrying cannot fix; the campaign shows the one failed channel; retry puts it back', async () => {
    const due = await dueCampaign('?status=400&failTimes=1', [
      { channel: 'x', copy: 'Fails once' },
      { channel: 'mastodon', copy: 'Also due' },
    ]);
    // One at a time, so that the receiver's first (failing) answer goes to a known post.
    const [first, second] = due.campaign.posts;
    await withTestDb((db) =>
      db
        .update(postDeliveries)
        .set({ scheduledFor: new Date(Date.now() + 30_000) })
        .where(eq(postDeliveries.postId, second!.id)),
    );
    await publishDuePosts(localEnv);
    await publishDuePosts(localEnv, () => new Date(Date.now() + 31_000));

    const campaign = await due.read();
    expect(campaign.status).toBe('partially_published');
    const byId = new Map(campaign.posts.map((post) => [post.id, post]));
    expect(byId.get(first!.id)).toMatchObject({ status: 'failed', delivery: { status: 'failed', attempts: 1, lastError: expect.stringContaining('400') } });
    expect(byId.get(second!.id)).toMatchObject({ status: 'published', delivery: { status: 'published' } });

    expect(campaign.postCounts).toMatchObject({ published: 1, failed: 1 });

    // The failed post stays on the schedule with its failure and the way back.
    const schedule = (await (await callLaunch('GET', '/api/v1/schedule', due.key)).json()) as { data: unknown[] };
    expect(schedule.data).toEqual([
      expect.objectContaining({
        postId: first!.id,
        status: 'failed',
        postStatus: 'failed',
        attempts: 1,
        nextAttemptAt: null,
        lastError: expect.stringContaining('400'),
        retryPath: `/api/v1/posts/${first!.id}/retry`,
      }),
    ]);

    const retried = await callLaunch('POST', `/api/v1/posts/${first!.id}/retry`, due.key);
    expect(retried.status).toBe(201);
    expect(await retried.json()).toMatchObject({ status: 'scheduled', delivery: { status: 'pending', attempts: 0 } });
    expect((await callLaunch('POST', `/api/v1/posts/${first!.id}/retry`, due.key)).status).toBe(409);
    const afterRetry = (await (await callLaunch('GET', '/api/v1/schedule', due.key)).json()) as { data: Array<{ status: string; retryPath: null }> };
    expect(afterRetry.data).toEqual([expect.objectContaining({ postId: first!.id, status: 'pending', retryPath: null })]);
    await publishDuePosts(localEnv);
    expect((await due.read()).status).toBe('published');
  });

  it('a campaign with 3 of its 4 posts published says partially_published and counts each state', async () => {
    const due = await dueCampaign('', [
      { channel: 'x', copy: 'One' },
      { channel: 'linkedin', copy: 'Two' },
      { channel: 'bluesky', copy: 'Three' },
      { channel: 'threads', copy: 'Four' },
    ]);
    const held = due.campaign.posts[3]!;
    expect((await callLaunch('POST', `/api/v1/posts/${held.id}/cancel`, due.key)).status).toBe(200);
    await publishDuePosts(localEnv);
    const campaign = await due.read();
    expect(campaign.status).toBe('partially_published');
    expect(campaign.postCounts).toEqual({
      draft: 0,
      in_review: 0,
      changes_requested: 0,
      approved: 1,
      rejected: 0,
      scheduled: 0,
      publishing: 0,
      published: 3,
      failed: 0,
    });
    const list = (await (await callLaunch('GET', '/api/v1/campaigns', due.key)).json()) as { data: Array<{ id: string; status: string; postCounts: unknown }> };
    expect(list.data.find((item) => item.id === due.campaign.id)).toMatchObject({ status: 'partially_published', postCounts: { published: 3, approved: 1 } });
  });

  it('fails a post whose workspace has no publishing endpoint, saying so', async () => {
    const due = await dueCampaign();
    await withTestDb((db) => db.delete(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, due.workspace.id)));
    await publishDuePosts(localEnv);
    expect((await due.read()).posts[0]).toMatchObject({
      status: 'failed',
      delivery: { status: 'failed', lastError: expect.stringContaining('PUT /api/v1/publishing-endpoint') },
    });
  });

  it('sends nothing for a post cancelled after its delivery was claimed', async () => {
    const due = await dueCampaign();
    // What a cancel landing between another run's claim and its publish leaves behind.
    await withTestDb(async (db) => {
      await db
        .update(postDeliveries)
        .set({ status: 'publishing', claimedUntil: new Date(Date.now() - 1_000), attempts: 1 })
        .where(eq(postDeliveries.postId, due.campaign.posts[0]!.id));
      await db.update(posts).set({ status: 'approved' }).where(eq(posts.id, due.campaign.posts[0]!.id));
    });
    await publishDuePosts(localEnv);
    expect(await receivedBy(due.bucket)).toHaveLength(0);
    expect((await due.read()).posts[0]).toMatchObject({ status: 'approved', delivery: { status: 'cancelled' } });
  });

  it('takes over a delivery whose run died holding the claim', async () => {
    const due = await dueCampaign();
    await withTestDb(async (db) => {
      await db
        .update(postDeliveries)
        .set({ status: 'publishing', claimedUntil: new Date(Date.now() - 1_000), attempts: 1 })
        .where(eq(postDeliveries.postId, due.campaign.posts[0]!.id));
      await db.update(posts).set({ status: 'publishing' }).where(eq(posts.id, due.campaign.posts[0]!.id));
    });
    await publishDuePosts(localEnv);
    expect(await receivedBy(due.bucket)).toHaveLength(1);
    expect((await due.read()).posts[0]).toMatchObject({ status: 'published', delivery: { status: 'published', attempts: 2 } });
  });

  it('records the publisher in the audit trail', async () => {
    const due = await dueCampaign();
    await publishDuePosts(localEnv);
    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${due.campaign.id}/audit`, due.key)).json()) as {
      data: Array<{ action: string; from: string | null; to: string; actor: { type: string; id: string } }>;
    };
    expect(audit.data.slice(-2).map((event) => [event.action, event.from, event.to, event.actor.type, event.actor.id])).toEqual([
      ['start_publishing', 'scheduled', 'publishing', 'system', 'publisher'],
      ['publish_succeeded', 'publishing', 'published', 'system', 'publisher'],
    ]);
  });

  it('publishes a post scheduled in one billing period and due in the next, renewing the subscription', async () => {
    const due = await dueCampaign();
    const end = new Date(Date.now() - 1);
    await setSubscription({ workspaceId: due.workspace.id }, { currentPeriodEnd: end });
    await publishDuePosts(localEnv);
    expect(await receivedBy(due.bucket)).toHaveLength(1);
    expect((await due.read()).posts[0]).toMatchObject({ status: 'published', delivery: { status: 'published' } });
    const [subscription] = await withTestDb((db) => db.select().from(launchSubscriptions).where(eq(launchSubscriptions.workspaceId, due.workspace.id)));
    expect(subscription).toMatchObject({ status: 'active', currentPeriodStart: end, currentPeriodEnd: billingPeriod(new Date()).end });
  });

  // Every cut point of a run with three deliveries: early in a connection's start-up (3, 4) a run
  // once waited forever on its pool; later ones left it waiting on a client cut mid-transaction
  // (20, 22, 24) or a post `publishing` after its delivery was recorded as published (28) (issue 12).
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))(
    'a database cut mid-run (after %i chunks) publishes every due post in the end, each under one webhook-id',
    async (chunks) => {
      const gate = databaseGate('publisher');
      const gated = { ...localEnv, DATABASE_URL: gate.databaseUrl };
      const due = await dueCampaign('', [
        { channel: 'x', copy: 'One' },
        { channel: 'linkedin', copy: 'Two' },
        { channel: 'bluesky', copy: 'Three' },
      ]);
      // The run stops wherever the cut lands: before a claim, between a send and its record, or after.
      await gate.control(`down-after/${chunks}`);
      // The cut run fails (or not, if the cut lands after its last statement); either way it ends.
      await publishDuePosts(gated).catch(() => {});
      await gate.control('up');
      // A run that died holding claims leaves them to expire; move them to now rather than wait.
      await withTestDb((db) =>
        db
          .update(postDeliveries)
          .set({ claimedUntil: new Date(Date.now() - 1_000) })
          .where(
            and(
              eq(postDeliveries.status, 'publishing'),
              inArray(
                postDeliveries.postId,
                due.campaign.posts.map((post) => post.id),
              ),
            ),
          ),
      );
      await publishDuePosts(localEnv);

      const campaign = await due.read();
      expect(campaign.posts.map((post) => post.status)).toEqual(['published', 'published', 'published']);
      // A send whose record was cut is sent again after the claim expires: at least once, never
      // under a new id, so a receiver that keeps webhook-ids publishes each post once.
      const received = await receivedBy(due.bucket);
      const idsByPost = new Map<string, Set<string>>();
      for (const request of received) {
        const { postId } = JSON.parse(request.body) as { postId: string };
        idsByPost.set(postId, new Set([...(idsByPost.get(postId) ?? []), request.headers['webhook-id']!]));
      }
      expect([...idsByPost.keys()].sort()).toEqual(due.campaign.posts.map((post) => post.id).sort());
      for (const ids of idsByPost.values()) expect(ids.size).toBe(1);
    },
  );

  it('sends nothing for a workspace whose subscription ended, and fails the post saying why', async () => {
    const due = await dueCampaign();
    await setSubscription({ workspaceId: due.workspace.id }, { currentPeriodEnd: new Date(Date.now() - 1), canceledAt: new Date(Date.now() - 86_400_000) });
    await publishDuePosts(localEnv);
    expect(await receivedBy(due.bucket)).toHaveLength(0);
    const [delivery] = await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, due.campaign.posts[0]!.id)));
    expect(delivery).toMatchObject({ status: 'failed', lastError: expect.stringContaining('no active subscription') });
    const [post] = await withTestDb((db) => db.select().from(posts).where(eq(posts.id, due.campaign.posts[0]!.id)));
    expect(post!.status).toBe('failed');
  });

  it('refuses to send a visual whose stored bytes no longer hash to what was approved, saying which and why', async () => {
    const team = await launchTeam();
    const uploader = await withTestDb((db) =>
      createLaunchApiKey(db, { workspaceId: team.workspace.id, name: 'uploader', scopes: ['upload:sign', 'asset:write', 'artifact:read', 'release:create'] }),
    );
    const auth = { 'x-api-key': uploader.secret };
    const campaign = await createCampaign(team.key, [
      { channel: 'x', copy: 'Kept' },
      { channel: 'linkedin', copy: 'Swapped' },
      { channel: 'bluesky', copy: 'Removed' },
    ]);
    const shown = [];
    for (const [index, post] of campaign.posts.entries()) {
      const asset = await readyAsset(auth, await encodedImage('png', 20 + index, 10, 40 + index));
      const attached = await callLaunch('POST', `/api/v1/posts/${post.id}/visuals`, auth, { assetId: asset.id, altText: `Chart ${index}` });
      expect(attached.status).toBe(200);
      shown.push(asset);
    }
    expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key)).status).toBe(201);
    const reviewer = await team.session('reviewer');
    const submitted = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as CampaignBody;
    for (const post of submitted.posts) {
      const decided = await callLaunch(
        'POST',
        `/api/v1/posts/${post.id}/decisions`,
        { cookie: reviewer.cookie },
        { decision: 'approve', contentFingerprint: post.contentFingerprint },
      );
      expect(decided.status).toBe(200);
    }
    const bucket = team.workspace.id.replace(/[^\w-]/g, '');
    await connectPublishingEndpoint(team.workspace.id, `${env.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}`, SECRET);
    for (const post of campaign.posts) {
      expect((await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, team.key, { publishAt: new Date(Date.now() - 1_000).toISOString() })).status).toBe(
        201,
      );
    }

    // Behind the approval's back: other bytes under the key the asset is served from, and a file gone.
    const keyOf = async (assetId: string) =>
      (await withTestDb((db) => db.select({ key: assets.objectKey }).from(assets).where(eq(assets.id, assetId))))[0]!.key!;
    await env.ASSET_FILES.put(await keyOf(shown[1]!.id), await encodedImage('png', 21, 10, 99));
    await env.ASSET_FILES.delete(await keyOf(shown[2]!.id));
    await publishDuePosts(localEnv);

    const received = await receivedBy(bucket);
    expect(received.map((request) => (JSON.parse(request.body) as { postId: string; visuals: unknown }).postId)).toEqual([campaign.posts[0]!.id]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ visuals: [{ url: `asset:${shown[0]!.id}`, altText: 'Chart 0' }] });
    const deliveries = await withTestDb((db) =>
      db
        .select()
        .from(postDeliveries)
        .where(
          inArray(
            postDeliveries.postId,
            campaign.posts.map((post) => post.id),
          ),
        ),
    );
    const byPost = new Map(deliveries.map((delivery) => [delivery.postId, delivery]));
    expect(byPost.get(campaign.posts[0]!.id)).toMatchObject({ status: 'published' });
    expect(byPost.get(campaign.posts[1]!.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(
        new RegExp(
          `^Visual 1 \\(asset ${shown[1]!.id}\\): the stored file hashes to SHA-256 [0-9a-f]{64}, not ${shown[1]!.sha256} as approved; .*nothing was sent`,
        ),
      ),
    });
    expect(byPost.get(campaign.posts[2]!.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining(`Visual 1 (asset ${shown[2]!.id}) has no stored file`),
    });
    const [post] = await withTestDb((db) => db.select().from(posts).where(eq(posts.id, campaign.posts[1]!.id)));
    expect(post!.status).toBe('failed');
  });
});
