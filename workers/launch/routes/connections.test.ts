import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections, notifications, postDeliveries, publishingEndpoints } from '../../../shared/db/schema';
import { approvedCampaign, launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';
import { recordKeyFor } from '../connections/bluesky/record-key';
import worker from '../index';
import { publishDuePosts } from '../publishing/scheduled';

// The Worker reaches the fake networks on 127.0.0.1, as ALLOW_PRIVATE_URLS allows locally.
const localEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const };

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const request = new Request(`${launchOrigin}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...headers, origin: launchOrigin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return worker.fetch(request, localEnv, createExecutionContext());
}

const fake = async (base: string, path: string, body?: unknown) =>
  (
    await fetch(`${base}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json() as Promise<any>;

let counter = 0;
async function blueskyAccount() {
  const handle = `t${Date.now().toString(36)}${counter++}.bsky.test`;
  await fake(env.TEST_BLUESKY_URL, '/_fake/accounts', { handle, password: 'app-pass-word-1234' });
  return handle;
}

async function connectedBluesky() {
  const approved = await approvedCampaign([{ channel: 'bluesky', copy: 'Shipping v3 today https://example.com/v3 #launch' }]);
  const owner = await approved.session('owner');
  const handle = await blueskyAccount();
  const connected = await call('POST', '/api/v1/connections/bluesky', { cookie: owner.cookie }, { identifier: handle, appPassword: 'app-pass-word-1234' });
  expect(connected.status).toBe(201);
  const connection = (await connected.json()) as { id: string; accountName: string; status: string };
  return { ...approved, owner, handle, connection };
}

async function scheduleNow(key: Record<string, string>, postId: string, extra: Record<string, unknown> = {}) {
  return call('POST', `/api/v1/posts/${postId}/schedule`, key, { publishAt: new Date(Date.now() - 1_000).toISOString(), ...extra });
}

const deliveryOf = async (postId: string) => (await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, postId))))[0]!;
const received = async (handle: string) => (await fake(env.TEST_BLUESKY_URL, `/_fake/received?handle=${handle}`)).accounts[0];

describe('connections', () => {
  it('connects Bluesky with an app password, never showing it, and lists it for reviewers', async () => {
    const { connection, handle, session, key } = await connectedBluesky();
    expect(connection).toMatchObject({ accountName: `@${handle}`, status: 'connected' });
    const reviewer = await session('reviewer');
    const listed = await call('GET', '/api/v1/connections', { cookie: reviewer.cookie });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain('app-pass-word-1234');
    expect(text).not.toMatch(/accessJwt|refreshJwt|eyJ/);
    const body = JSON.parse(text) as { data: Array<{ id: string }>; networks: Array<{ channel: string; available: boolean; missing: string[] }> };
    expect(body.data.map((row) => row.id)).toEqual([connection.id]);
    expect(body.networks.find((network) => network.channel === 'bluesky')).toMatchObject({ available: true, missing: [] });
    // The tests set up an X app (the fake in dev/networks/x.ts); a deployment without one is covered in connections/oauth/oauth-rules.test.ts.
    expect(body.networks.find((network) => network.channel === 'x')).toMatchObject({ available: true, missing: [] });
    // Reviewers list but do not connect; keys never connect.
    expect((await call('POST', '/api/v1/connections/bluesky', { cookie: reviewer.cookie }, { identifier: handle, appPassword: 'x' })).status).toBe(403);
    expect((await call('POST', '/api/v1/connections/bluesky', key, { identifier: handle, appPassword: 'x' })).status).toBe(403);
    const stored = (await withTestDb((db) => db.select().from(channelConnections).where(eq(channelConnections.id, connection.id))))[0]!;
    expect(stored.sealedCredentials).not.toContain('app-pass-word');
  });

  it('refuses a wrong app password with the network’s reason, and saves nothing', async () => {
    const team = await launchTeam();
    const owner = await team.session('owner');
    const handle = await blueskyAccount();
    const response = await call('POST', '/api/v1/connections/bluesky', { cookie: owner.cookie }, { identifier: handle, appPassword: 'wrong' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'network_refused', message: expect.stringContaining('Invalid identifier or password') });
    expect(((await (await call('GET', '/api/v1/connections', { cookie: owner.cookie })).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('another workspace gets 404 for a connection it does not own', async () => {
    const { connection } = await connectedBluesky();
    const other = await launchTeam();
    const stranger = await other.session('owner');
    expect((await call('DELETE', `/api/v1/connections/${connection.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call('POST', `/api/v1/connections/${connection.id}/reconnect`, { cookie: stranger.cookie }, { appPassword: 'x' })).status).toBe(404);
    expect(((await (await call('GET', '/api/v1/connections', { cookie: stranger.cookie })).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('publishes to Bluesky once under the delivery’s record key, with facets, and keeps the URL', async () => {
    const due = await connectedBluesky();
    const postId = due.campaign.posts[0]!.id;
    expect((await scheduleNow(due.key, postId)).status).toBe(201);
    const delivery = await deliveryOf(postId);
    expect(delivery.connectionId).toBe(due.connection.id);
    // The fake stores the record, then cuts the connection: the outcome is unknown to launch.
    await fake(env.TEST_BLUESKY_URL, '/_fake/faults', { handle: due.handle, faults: [{ kind: 'store_then_cut' }] });
    const first = Date.now();
    await publishDuePosts(localEnv, () => new Date(first));
    expect(await deliveryOf(postId)).toMatchObject({ status: 'pending', previousAttemptUnknown: true });
    await publishDuePosts(localEnv, () => new Date(first + 61_000));
    const account = await received(due.handle);
    expect(account.records).toHaveLength(1);
    const rkey = await recordKeyFor(delivery.id);
    expect(account.records[0]).toMatchObject({ rkey, value: { text: 'Shipping v3 today https://example.com/v3 #launch' } });
    const facets = account.records[0].value.facets as Array<{ index: { byteStart: number; byteEnd: number }; features: Array<{ $type: string }> }>;
    expect(facets.map((facet) => [facet.features[0]!.$type, facet.index.byteStart, facet.index.byteEnd])).toEqual([
      ['app.bsky.richtext.facet#link', 18, 40],
      ['app.bsky.richtext.facet#tag', 41, 48],
    ]);
    expect(await deliveryOf(postId)).toMatchObject({
      status: 'published',
      externalId: `at://${account.did}/app.bsky.feed.post/${rkey}`,
      externalUrl: `${env.BLUESKY_APP_URL}/profile/${due.handle}/post/${rkey}`,
    });
  });

  it('defers a rate-limited post to the reset the network gives, then publishes it', async () => {
    const due = await connectedBluesky();
    const postId = due.campaign.posts[0]!.id;
    await scheduleNow(due.key, postId);
    await fake(env.TEST_BLUESKY_URL, '/_fake/faults', { handle: due.handle, faults: [{ kind: 'rate_limit', resetSeconds: 600 }] });
    const first = Date.now();
    await publishDuePosts(localEnv, () => new Date(first));
    const deferred = await deliveryOf(postId);
    expect(deferred).toMatchObject({ status: 'pending', attempts: 0, lastError: expect.stringContaining('rate limiting') });
    expect(deferred.nextAttemptAt!.getTime()).toBeGreaterThan(first + 500_000);
    await publishDuePosts(localEnv, () => new Date(first + 601_000));
    expect((await received(due.handle)).records).toHaveLength(1);
    expect(await deliveryOf(postId)).toMatchObject({ status: 'published' });
  });

  it('fails a post the network rejects, with its reason', async () => {
    const due = await connectedBluesky();
    const postId = due.campaign.posts[0]!.id;
    await scheduleNow(due.key, postId);
    await fake(env.TEST_BLUESKY_URL, '/_fake/faults', { handle: due.handle, faults: [{ kind: 'reject' }] });
    await publishDuePosts(localEnv);
    expect(await deliveryOf(postId)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('must not be longer than 300 graphemes') });
    expect((await received(due.handle)).records).toHaveLength(0);
  });

  it('marks a revoked account reconnect_required, and holds its posts unattempted, shown on the schedule', async () => {
    const due = await connectedBluesky();
    const postId = due.campaign.posts[0]!.id;
    await scheduleNow(due.key, postId);
    // The app password is revoked and the session ends: refresh and a new session are both refused.
    await fake(env.TEST_BLUESKY_URL, '/_fake/faults', { handle: due.handle, faults: [{ kind: 'revoke' }] });
    await publishDuePosts(localEnv);
    const [row] = await withTestDb((db) => db.select().from(channelConnections).where(eq(channelConnections.id, due.connection.id)));
    expect(row).toMatchObject({ status: 'reconnect_required', statusReason: expect.stringContaining('app password') });
    // The owner hears of it, with the account and the network's reason.
    const told = await withTestDb((db) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.workspaceId, due.workspace.id), eq(notifications.kind, 'connection_reconnect_required'))),
    );
    expect(told.filter((item) => item.channel === 'email').map((item) => item.userId)).toContain(due.owner.userId);
    expect(told[0]!.payload).toMatchObject({ connectionId: due.connection.id, account: `@${due.handle}`, reason: expect.stringContaining('app password') });
    expect(await deliveryOf(postId)).toMatchObject({ status: 'pending' });
    const schedule = (await (await call('GET', '/api/v1/schedule', due.key)).json()) as { data: Array<{ postId: string; blockedBy: string | null }> };
    expect(schedule.data.find((item) => item.postId === postId)).toMatchObject({ blockedBy: 'reconnect_required' });
    await publishDuePosts(localEnv);
    expect((await received(due.handle)).records).toHaveLength(0);
  });

  it('refuses to schedule a post whose channel has no account and no endpoint, naming what is missing', async () => {
    const approved = await approvedCampaign([{ channel: 'mastodon', copy: 'Hello fediverse' }]);
    await withTestDb((db) => db.delete(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, approved.workspace.id)));
    const response = await scheduleNow(approved.key, approved.campaign.posts[0]!.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'publishing_endpoint_required',
      channel: 'mastodon',
      missing: ['a connected mastodon account', 'or a publishing endpoint'],
    });
  });

  it('connects Mastodon through the instance’s consent page with PKCE, and posts once with Idempotency-Key', async () => {
    const approved = await approvedCampaign([{ channel: 'mastodon', copy: 'Hello fediverse' }]);
    const owner = await approved.session('owner');
    const started = await call('POST', '/api/v1/connections/oauth/mastodon/start', { cookie: owner.cookie }, { serviceUrl: env.TEST_MASTODON_URL });
    expect(started.status).toBe(201);
    const { authorizeUrl } = (await started.json()) as { authorizeUrl: string };
    const consent = new URL(authorizeUrl);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    const username = `u${Date.now().toString(36)}${counter++}`;
    const form = new URLSearchParams(consent.searchParams);
    form.set('username', username);
    const approvedConsent = await fetch(new URL('/oauth/authorize', consent), { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(approvedConsent.headers.get('location')!);
    // Another workspace's member cannot finish it.
    const other = await (await launchTeam()).session('owner');
    expect((await call('GET', `${back.pathname}${back.search}`, { cookie: other.cookie })).status).toBe(404);
    const finished = await call('GET', `${back.pathname}${back.search}`, { cookie: owner.cookie });
    expect(finished.status).toBe(404); // the state is used once: the stranger's attempt consumed it
    // A fresh authorisation by the right person connects.
    const again = (await (
      await call('POST', '/api/v1/connections/oauth/mastodon/start', { cookie: owner.cookie }, { serviceUrl: env.TEST_MASTODON_URL })
    ).json()) as { authorizeUrl: string };
    const consent2 = new URL(again.authorizeUrl);
    const form2 = new URLSearchParams(consent2.searchParams);
    form2.set('username', username);
    const back2 = new URL((await fetch(new URL('/oauth/authorize', consent2), { method: 'POST', body: form2, redirect: 'manual' })).headers.get('location')!);
    const done = await call('GET', `${back2.pathname}${back2.search}`, { cookie: owner.cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(/^\/app\/settings\/connections\?connected=con_/);

    const postId = approved.campaign.posts[0]!.id;
    expect((await scheduleNow(approved.key, postId)).status).toBe(201);
    await fake(env.TEST_MASTODON_URL, '/_fake/faults', { username, faults: [{ kind: 'store_then_cut' }] });
    const first = Date.now();
    await publishDuePosts(localEnv, () => new Date(first));
    await publishDuePosts(localEnv, () => new Date(first + 61_000));
    const statuses = (await fake(env.TEST_MASTODON_URL, `/_fake/received?username=${username}`)).statuses as Array<{
      id: string;
      url: string;
      idempotencyKey: string;
    }>;
    expect(statuses).toHaveLength(1);
    const delivery = await deliveryOf(postId);
    expect(statuses[0]!.idempotencyKey).toBe(delivery.id);
    expect(delivery).toMatchObject({ status: 'published', externalId: statuses[0]!.id, externalUrl: statuses[0]!.url });
  });
});
