import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postDeliveries, posts } from '../../../shared/db/schema';
import { eventually } from '../../../test/workers/bulk-flow';
import { approvedCampaign, callLaunch, connectPublishingEndpoint, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { callAsBrowser, connectLinkedIn, networkEnv } from '../../../test/workers/network-accounts';
import { withTestDb } from '../../../test/workers/seed';
import { receivedBy } from '../../../test/workers/webhook-inbox';
import { publishDuePosts } from '../publishing/scheduled';

const deliveryOf = async (postId: string) => (await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, postId))))[0]!;
const postOf = async (postId: string) => (await withTestDb((db) => db.select().from(posts).where(eq(posts.id, postId))))[0]!;

/** A LinkedIn post whose answer was cut after the fake stored it: LinkedIn cannot be read back, so the delivery is `unknown`. */
async function unknownOnLinkedIn() {
  const approved = await approvedCampaign([{ channel: 'linkedin', copy: `Settled by a person ${crypto.randomUUID().slice(0, 8)}` }]);
  const owner = await approved.session('owner');
  const account = await connectLinkedIn(owner.cookie);
  const postId = approved.campaign.posts[0]!.id;
  // The fault goes first: the post is due at once, and another test file's publisher run (they share the machine's
  // database) may send it before this one does; whichever run sends it meets the cut answer.
  await account.loseAnswer('cut');
  expect((await callLaunch('POST', `/api/v1/posts/${postId}/schedule`, approved.key, { publishAt: new Date(Date.now() - 1_000).toISOString() })).status).toBe(
    201,
  );
  await publishDuePosts(networkEnv);
  expect(await deliveryOf(postId)).toMatchObject({ status: 'unknown', lastError: expect.stringContaining('/delivery-outcome') });
  const [stored] = await account.posts();
  return { ...approved, owner, account, postId, stored: stored! };
}

/** A post on the workspace's own endpoint left as the publisher leaves an unknown outcome: delivery `unknown`, post `failed`. */
async function unknownOnEndpoint() {
  const approved = await approvedCampaign([{ channel: 'x', copy: 'Through the endpoint' }]);
  const bucket = `settle${approved.workspace.id.replace(/[^\w]/g, '')}`;
  await connectPublishingEndpoint(approved.workspace.id, `${env.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}`);
  const postId = approved.campaign.posts[0]!.id;
  // Scheduled ahead, so no other test's publisher run sends it before it is marked unknown.
  const publishAt = new Date(Date.now() + 3_600_000).toISOString();
  expect((await callLaunch('POST', `/api/v1/posts/${postId}/schedule`, approved.key, { publishAt })).status).toBe(201);
  await withTestDb(async (db) => {
    await db.update(postDeliveries).set({ status: 'unknown', attempts: 2, lastError: 'no answer' }).where(eq(postDeliveries.postId, postId));
    await db.update(posts).set({ status: 'failed' }).where(eq(posts.id, postId));
  });
  return { ...approved, bucket, postId };
}

const settle = (postId: string, headers: Record<string, string>, body: unknown) =>
  callAsBrowser('POST', `/api/v1/posts/${postId}/delivery-outcome`, headers, body);

describe('settling a delivery whose outcome is unknown', () => {
  it('published: the URL must be the post’s page on the network; the post is published, in the trail, once', async () => {
    const due = await unknownOnLinkedIn();
    const urn = `urn:li:share:${due.stored.id}`;
    for (const url of ['https://x.com/a/status/1', `http://www.linkedin.com/feed/update/${urn}/`, 'https://www.linkedin.com/', 'not a url']) {
      const refused = await settle(due.postId, due.key, { outcome: 'published', url });
      expect(refused.status, url).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'validation_failed', field: 'url', hint: expect.any(String) });
    }
    expect(await deliveryOf(due.postId)).toMatchObject({ status: 'unknown' });

    const url = `https://www.linkedin.com/feed/update/${urn}/`;
    const settled = await settle(due.postId, { cookie: due.owner.cookie }, { outcome: 'published', url });
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ postId: due.postId, status: 'published', delivery: { status: 'published', externalUrl: url } });
    expect(await postOf(due.postId)).toMatchObject({ status: 'published' });
    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${due.campaign.id}/audit`, due.key)).json()) as {
      data: Array<{ action: string; from: string; to: string; actor: { type: string; id: string } }>;
    };
    expect(audit.data.at(-1)).toMatchObject({ action: 'confirm_published', from: 'failed', to: 'published', actor: { type: 'user', id: due.owner.userId } });

    // Settled once: a second answer is 409 and changes nothing; no run sends it again.
    const again = await settle(due.postId, due.key, { outcome: 'not_published' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_transition', deliveryStatus: 'published' });
    await publishDuePosts(networkEnv);
    expect(await due.account.posts()).toHaveLength(1);
  });

  it('not published: the same delivery goes back on the schedule and out once, under its own id', async () => {
    const due = await unknownOnEndpoint();
    const before = await deliveryOf(due.postId);
    const past = await settle(due.postId, due.key, { outcome: 'not_published', publishAt: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ code: 'validation_failed', field: 'publishAt' });

    const settled = await settle(due.postId, due.key, { outcome: 'not_published' });
    expect(settled.status).toBe(200);
    expect(await settled.json()).toMatchObject({ status: 'scheduled', delivery: { id: before.id, status: 'pending', attempts: 0 } });
    expect((await settle(due.postId, due.key, { outcome: 'not_published' })).status).toBe(409);
    await publishDuePosts(networkEnv);
    // Due at once, it may go out in another test file's publisher run (they share the machine's database), still in flight
    // when this run finds nothing left to send: where it went is asserted once it has gone.
    await eventually(
      () => deliveryOf(due.postId),
      (delivery) => delivery.status !== 'pending' && delivery.status !== 'publishing',
    );
    const received = await receivedBy(due.bucket);
    expect(received.map((request) => request.headers['webhook-id'])).toEqual([before.id]);
    expect(await deliveryOf(due.postId)).toMatchObject({ id: before.id, status: 'published' });
    const audit = (await (await callLaunch('GET', `/api/v1/campaigns/${due.campaign.id}/audit`, due.key)).json()) as { data: Array<{ action: string }> };
    expect(audit.data.map((event) => event.action)).toContain('confirm_not_published');
  });

  it('a delivery that is not unknown is 409; another workspace gets 404; a bad body is one 400 envelope', async () => {
    const due = await unknownOnEndpoint();
    await withTestDb((db) => db.update(postDeliveries).set({ status: 'failed' }).where(eq(postDeliveries.postId, due.postId)));
    const failed = await settle(due.postId, due.key, { outcome: 'not_published' });
    expect(failed.status).toBe(409);
    expect(await failed.json()).toMatchObject({ code: 'invalid_transition', currentStatus: 'failed', deliveryStatus: 'failed' });

    const other = await launchTeam();
    expect((await settle(due.postId, other.key, { outcome: 'not_published' })).status).toBe(404);
    const stranger = await other.session('owner');
    expect((await settle(due.postId, { cookie: stranger.cookie }, { outcome: 'published', url: 'https://blog.example/p/1' })).status).toBe(404);

    for (const body of [{}, { outcome: 'maybe' }, { outcome: 'published' }, { outcome: 'not_published', url: 'https://x.com/a/status/1' }]) {
      const response = await settle(due.postId, due.key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(expect.arrayContaining(['code', 'message', 'hint']));
    }
    // An editor holds no post:schedule.
    const editor = await due.session('editor');
    expect((await settle(due.postId, { cookie: editor.cookie }, { outcome: 'not_published' })).status).toBe(403);
  });

  it('the post page offers both answers to owners and admins beside the unknown delivery, under the same rules', async () => {
    const due = await unknownOnEndpoint();
    const owner = await due.session('owner');
    const form = (body: Record<string, string>) =>
      SELF.fetch(`${launchOrigin}/app/posts/${due.postId}/delivery-outcome`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: launchOrigin, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams(body).toString(),
      });
    const shown = await (await SELF.fetch(`${launchOrigin}/app/posts/${due.postId}`, { headers: { cookie: owner.cookie } })).text();
    expect(shown).toContain('Did it go out?');
    expect(shown).toContain('no answer');
    // The Schedule page lists it among what needs attention, linking to that post.
    const schedule = await (await SELF.fetch(`${launchOrigin}/app/schedule`, { headers: { cookie: owner.cookie } })).text();
    expect(schedule).toContain(`/app/posts/${due.postId}`);
    const viewer = await due.session('viewer');
    expect(await (await SELF.fetch(`${launchOrigin}/app/posts/${due.postId}`, { headers: { cookie: viewer.cookie } })).text()).not.toContain('Did it go out?');

    const refused = await form({ outcome: 'published', url: 'http://blog.example/p/1' });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('must be an https URL');
    expect(page).toContain('value="http://blog.example/p/1"');
    expect(await deliveryOf(due.postId)).toMatchObject({ status: 'unknown' });

    const done = await form({ outcome: 'published', url: 'https://blog.example/p/1' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/app/posts/${due.postId}?done=confirmed_published`);
    expect(await deliveryOf(due.postId)).toMatchObject({ status: 'published', externalUrl: 'https://blog.example/p/1' });
  });

  it('the retry route refuses an unknown delivery (409 naming delivery-outcome, nothing changed) and still retries a failed one', async () => {
    const due = await unknownOnEndpoint();
    const before = await deliveryOf(due.postId);
    const refused = await callLaunch('POST', `/api/v1/posts/${due.postId}/retry`, due.key);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { code: string; message: string; hint: string };
    expect(body).toMatchObject({ code: 'invalid_transition', currentStatus: 'failed', deliveryStatus: 'unknown' });
    expect(body.message).toEqual(expect.any(String));
    expect(body.hint).toContain(`POST /api/v1/posts/${due.postId}/delivery-outcome`);
    const deliveries = await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, due.postId)));
    expect(deliveries).toEqual([before]);
    expect(await postOf(due.postId)).toMatchObject({ status: 'failed' });
    // The schedule shows it as needing a person's answer, not a retry.
    const schedule = (await (await callLaunch('GET', '/api/v1/schedule', due.key)).json()) as { data: Array<Record<string, unknown>> };
    expect(schedule.data).toEqual([
      expect.objectContaining({ postId: due.postId, status: 'unknown', retryPath: null, outcomePath: `/api/v1/posts/${due.postId}/delivery-outcome` }),
    ]);

    await withTestDb((db) => db.update(postDeliveries).set({ status: 'failed' }).where(eq(postDeliveries.postId, due.postId)));
    const retried = await callLaunch('POST', `/api/v1/posts/${due.postId}/retry`, due.key, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(retried.status).toBe(201);
    const fresh = ((await retried.json()) as { delivery: { id: string; status: string } }).delivery;
    expect(fresh).toMatchObject({ status: 'pending' });
    expect(fresh.id).not.toBe(before.id);
    expect(await postOf(due.postId)).toMatchObject({ status: 'scheduled' });
    const after = (await (await callLaunch('GET', '/api/v1/schedule', due.key)).json()) as { data: Array<Record<string, unknown>> };
    expect(after.data).toEqual([expect.objectContaining({ deliveryId: fresh.id, status: 'pending', retryPath: null, outcomePath: null })]);
  });
});
