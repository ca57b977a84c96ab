import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections, postDeliveries } from '../../../../shared/db/schema';
import { newId } from '../../../../shared/ids';
import { createLaunchApiKey } from '../../../../shared/platform/launch-provisioning';
import { encodedImage, readyAsset } from '../../../../test/workers/assets';
import { callLaunch, connectPublishingEndpoint, createCampaign, launchTeam, type CampaignBody } from '../../../../test/workers/launch-flow';
import { withTestDb } from '../../../../test/workers/seed';
import { BACKOFF_MS } from '../../publishing/publisher';
import { publishDuePosts } from '../../publishing/scheduled';
import { sealingKeys, sealJson } from '../sealing';
import { credentialsContext } from '../sessions';

// Every test publishes through a fake network over HTTP (dev/networks), as the cron does.
const KEYS = `t1:${btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))}`;
const runEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const, CONNECTION_KEYS: KEYS, NETWORK_TIMEOUT_MS: '1500' };
type Network = 'x' | 'linkedin' | 'threads';
const fakeUrl: Record<Network, string> = { x: env.X_API_URL!, linkedin: env.LINKEDIN_API_URL!, threads: env.THREADS_API_URL! };
const clientId: Record<Network, string> = { x: env.X_CLIENT_ID!, linkedin: env.LINKEDIN_CLIENT_ID!, threads: env.THREADS_CLIENT_ID! };
const scopes: Record<Network, string> = {
  x: 'tweet.read tweet.write users.read offline.access media.write',
  linkedin: 'openid,profile,w_member_social',
  threads: 'threads_basic,threads_content_publish',
};

interface FakeAccount {
  id: string;
  username: string;
  posts: Array<{ id: string; text: string; media: Array<{ id: string; altText: string | null }> }>;
  uploads: Array<{ id: string; bytes: number; altText: string | null }>;
  requests: Array<{ method: string; path: string }>;
}

async function control<T>(network: Network, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${fakeUrl[network]}/control${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`fake ${network} ${path}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
const fakeAccount = (network: Network, id: string) => control<FakeAccount>(network, `/accounts/${id}`);
const inject = (network: Network, id: string, fault: Record<string, unknown>) => control(network, `/accounts/${id}/faults`, fault);

/**
 * An approved post on `network` (with images when given), scheduled for now on a connected account
 * of a fresh fake user whose tokens the connection holds, sealed as the connect flow seals them.
 */
type CreatedAccount = FakeAccount & { tokens: { accessToken: string; refreshToken?: string; expiresIn: number } };

async function dueOnNetwork(
  network: Network,
  copy: string,
  images: Array<{ bytes: Uint8Array; contentType: string; altText: string }> = [],
  existing?: CreatedAccount,
) {
  const team = await launchTeam();
  await connectPublishingEndpoint(team.workspace.id);
  const uploader = await withTestDb((db) =>
    createLaunchApiKey(db, { workspaceId: team.workspace.id, name: 'uploader', scopes: ['upload:sign', 'asset:write', 'artifact:read', 'release:create'] }),
  );
  const auth = { 'x-api-key': uploader.secret };
  const campaign = await createCampaign(team.key, [{ channel: network, copy }]);
  const post = campaign.posts[0]!;
  for (const image of images) {
    const asset = await readyAsset(auth, image.bytes, image.contentType);
    expect((await callLaunch('POST', `/api/v1/posts/${post.id}/visuals`, auth, { assetId: asset.id, altText: image.altText })).status).toBe(200);
  }
  expect((await callLaunch('POST', `/api/v1/campaigns/${campaign.id}/review-requests`, team.key)).status).toBe(201);
  const reviewer = await team.session('reviewer');
  const submitted = (await (await callLaunch('GET', `/api/v1/campaigns/${campaign.id}`, team.key)).json()) as CampaignBody;
  const decided = await callLaunch(
    'POST',
    `/api/v1/posts/${post.id}/decisions`,
    { cookie: reviewer.cookie },
    { decision: 'approve', contentFingerprint: submitted.posts[0]!.contentFingerprint },
  );
  expect(decided.status).toBe(200);

  const created = existing ?? (await control<CreatedAccount>(network, '/accounts', { clientId: clientId[network], scope: scopes[network] }));
  const connectionId = newId('con');
  await withTestDb(async (db) => {
    const sealed = await sealJson(
      await sealingKeys(KEYS),
      { accessToken: created.tokens.accessToken, refreshToken: created.tokens.refreshToken ?? null, scopes: scopes[network].split(/[ ,]/) },
      credentialsContext({ workspaceId: team.workspace.id, channel: network, accountId: created.id }),
    );
    await db.insert(channelConnections).values({
      id: connectionId,
      workspaceId: team.workspace.id,
      channel: network,
      serviceUrl: fakeUrl[network],
      accountId: created.id,
      accountName: network === 'linkedin' ? created.username : `@${created.username}`,
      sealedCredentials: sealed.value,
      credentialsKeyId: sealed.keyId,
      accessExpiresAt: new Date(Date.now() + created.tokens.expiresIn * 1000),
      connectedBy: 'test',
    });
  });
  const scheduled = await callLaunch('POST', `/api/v1/posts/${post.id}/schedule`, team.key, { publishAt: new Date(Date.now() - 1_000).toISOString() });
  expect(scheduled.status).toBe(201);
  await withTestDb((db) => db.update(postDeliveries).set({ connectionId }).where(eq(postDeliveries.postId, post.id)));
  const delivery = async () => (await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, post.id))))[0]!;
  const connection = async () => (await withTestDb((db) => db.select().from(channelConnections).where(eq(channelConnections.id, connectionId))))[0]!;
  return { team, post, account: created, connectionId, delivery, connection };
}

const png = async (shade: number) => ({ bytes: await encodedImage('png', 24, 12, shade), contentType: 'image/png' });
const unique = (words: string) => `${words} ${crypto.randomUUID().slice(0, 8)}`;

describe('publishing to X, LinkedIn and Threads through their fakes', () => {
  it('X: uploads the image with its alt text, posts once, keeps the id and URL', async () => {
    const copy = unique('Launch v3 with charts');
    const due = await dueOnNetwork('x', copy, [{ ...(await png(60)), altText: 'A bar chart of build times' }]);
    expect(await publishDuePosts(runEnv)).toMatchObject({ published: expect.any(Number) });
    const account = await fakeAccount('x', due.account.id);
    expect(account.posts).toHaveLength(1);
    expect(account.posts[0]).toMatchObject({ text: copy, media: [{ altText: 'A bar chart of build times' }] });
    expect(await due.delivery()).toMatchObject({
      status: 'published',
      externalId: account.posts[0]!.id,
      externalUrl: `https://x.com/${due.account.username}/status/${account.posts[0]!.id}`,
    });
  });

  it('LinkedIn: the image through initializeUpload and PUT, commentary escaped, the URN from x-restli-id', async () => {
    const copy = unique('Version 3 (beta) is out #launch');
    const due = await dueOnNetwork('linkedin', copy, [{ ...(await png(80)), altText: 'The new dashboard' }]);
    await publishDuePosts(runEnv);
    const account = await fakeAccount('linkedin', due.account.id);
    expect(account.posts).toHaveLength(1);
    expect(account.posts[0]!.text).toBe(copy.replace('(beta)', '\\(beta\\)').replace('#launch', '{hashtag|\\#|launch}'));
    expect(account.posts[0]!.media).toEqual([{ id: expect.stringMatching(/^urn:li:image:/), altText: 'The new dashboard' }]);
    const urn = `urn:li:share:${account.posts[0]!.id}`;
    expect(await due.delivery()).toMatchObject({ status: 'published', externalId: urn, externalUrl: `https://www.linkedin.com/feed/update/${urn}/` });
  });

  it('Threads: a container then threads_publish, with the permalink', async () => {
    const copy = unique('Threads hears about v3');
    const due = await dueOnNetwork('threads', copy);
    await publishDuePosts(runEnv);
    const account = await fakeAccount('threads', due.account.id);
    expect(account.posts.map((post) => post.text)).toEqual([copy]);
    expect(await due.delivery()).toMatchObject({
      status: 'published',
      externalId: account.posts[0]!.id,
      externalUrl: expect.stringMatching(new RegExp(`^https://www\\.threads\\.net/@${due.account.username}/post/`)),
    });
  });

  it('Threads: several images go out as one carousel, each item with its alt text; one image stays a single IMAGE post', async () => {
    // Threads fetches images from links, so uploaded assets need the deployment's public origin.
    const linkedEnv = { ...runEnv, LAUNCH_PUBLIC_URL: 'https://launch.example.test' };
    const copy = unique('Threads sees three screens');
    const alts = ['The dashboard', 'The settings page', 'The release notes'];
    const due = await dueOnNetwork('threads', copy, await Promise.all(alts.map(async (altText, index) => ({ ...(await png(40 + index * 30)), altText }))));
    await publishDuePosts(linkedEnv);
    const account = await fakeAccount('threads', due.account.id);
    expect(account.posts).toHaveLength(1);
    expect(account.posts[0]!.text).toBe(copy);
    // In the post's order, each a signed link to its asset with its own alt text.
    expect(account.posts[0]!.media).toEqual([
      { id: expect.stringMatching(/^https:\/\/launch\.example\.test\/api\/v1\/assets\/.+\/content\?expires=\d+&signature=/), altText: 'The dashboard' },
      { id: expect.stringContaining('/content?expires='), altText: 'The settings page' },
      { id: expect.stringContaining('/content?expires='), altText: 'The release notes' },
    ]);
    expect(new Set(account.posts[0]!.media.map((item) => item.id)).size).toBe(3);
    // Three item containers and the carousel, then one publish.
    const calls = account.requests.filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1));
    expect(calls).toEqual(['threads', 'threads', 'threads', 'threads', 'threads_publish']);
    expect(await due.delivery()).toMatchObject({ status: 'published', externalId: account.posts[0]!.id });

    const single = await dueOnNetwork('threads', unique('Threads sees one screen'), [{ ...(await png(150)), altText: 'One screen' }]);
    await publishDuePosts(linkedEnv);
    const alone = await fakeAccount('threads', single.account.id);
    expect(alone.posts[0]!.media).toEqual([{ id: expect.stringContaining('/content?expires='), altText: 'One screen' }]);
    expect(alone.requests.filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1))).toEqual([
      'threads',
      'threads_publish',
    ]);
  });

  it('an access token the network expired is refreshed once and the post goes out', async () => {
    const due = await dueOnNetwork('x', unique('Refreshed'));
    await inject('x', due.account.id, { kind: 'expire_token' });
    const before = await due.connection();
    await publishDuePosts(runEnv);
    expect((await fakeAccount('x', due.account.id)).posts).toHaveLength(1);
    expect(await due.delivery()).toMatchObject({ status: 'published' });
    const after = await due.connection();
    expect(after.status).toBe('connected');
    expect(after.sealedCredentials).not.toBe(before.sealedCredentials);
  });

  it('a revoked connection is marked reconnect_required and nothing is posted', async () => {
    const due = await dueOnNetwork('linkedin', unique('Revoked'));
    await inject('linkedin', due.account.id, { kind: 'revoke' });
    await publishDuePosts(runEnv);
    expect((await fakeAccount('linkedin', due.account.id)).posts).toEqual([]);
    expect(await due.connection()).toMatchObject({ status: 'reconnect_required', statusReason: expect.stringContaining('LinkedIn') });
    expect(await due.delivery()).toMatchObject({ status: 'pending' });
  });

  it('429 with x-rate-limit-reset defers the delivery to the reset', async () => {
    const due = await dueOnNetwork('x', unique('Rate limited'));
    const resetAt = Math.floor(Date.now() / 1000) + 900;
    await inject('x', due.account.id, { kind: 'rate_limit', resetAt });
    await publishDuePosts(runEnv);
    expect((await fakeAccount('x', due.account.id)).posts).toEqual([]);
    expect(await due.delivery()).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(resetAt * 1000),
      lastError: expect.stringContaining('rate limit'),
    });
  });

  it('5xx is retried with the backoff and then published once', async () => {
    const due = await dueOnNetwork('threads', unique('Second time lucky'));
    await inject('threads', due.account.id, { kind: 'server_error', times: 1 });
    const first = Date.now();
    await publishDuePosts(runEnv, () => new Date(first));
    expect(await due.delivery()).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('500') });
    await publishDuePosts(runEnv, () => new Date(first + BACKOFF_MS[0]! + 1_000));
    expect(await due.delivery()).toMatchObject({ status: 'published', attempts: 2 });
    expect((await fakeAccount('threads', due.account.id)).posts).toHaveLength(1);
  });

  it.each(['x', 'threads'] as const)('%s: a post stored and its answer lost is found on the account, not posted again', async (network) => {
    const copy = unique('Exactly once');
    const due = await dueOnNetwork(network, copy);
    await inject(network, due.account.id, { kind: 'hang_after_store' });
    await publishDuePosts(runEnv);
    const account = await fakeAccount(network, due.account.id);
    expect(account.posts.map((post) => post.text)).toEqual([copy]);
    expect(await due.delivery()).toMatchObject({ status: 'published', externalId: account.posts[0]!.id });
    // A later run has nothing left to send.
    await publishDuePosts(runEnv, () => new Date(Date.now() + BACKOFF_MS[0]! + 1_000));
    expect((await fakeAccount(network, due.account.id)).posts).toHaveLength(1);
  });

  it('LinkedIn: a cut after the post was stored stays unknown for a person, never posted twice', async () => {
    const due = await dueOnNetwork('linkedin', unique('Cut mid-way'));
    await inject('linkedin', due.account.id, { kind: 'cut_after_store' });
    await publishDuePosts(runEnv);
    await publishDuePosts(runEnv, () => new Date(Date.now() + BACKOFF_MS[0]! + 1_000));
    expect((await fakeAccount('linkedin', due.account.id)).posts).toHaveLength(1);
    expect(await due.delivery()).toMatchObject({ status: 'unknown', lastError: expect.stringContaining('r_member_social') });
  });

  it('content the network rejects fails the post with its reason in words', async () => {
    const due = await dueOnNetwork('threads', unique('Not allowed'));
    await inject('threads', due.account.id, { kind: 'reject_content', reason: 'The post violates our Community Guidelines.' });
    await publishDuePosts(runEnv);
    expect(await due.delivery()).toMatchObject({ status: 'failed', lastError: expect.stringContaining('violates our Community Guidelines') });
    expect((await fakeAccount('threads', due.account.id)).posts).toEqual([]);
  });

  it('X refuses duplicate content: the post fails saying so', async () => {
    const copy = unique('Said twice');
    const first = await dueOnNetwork('x', copy);
    await publishDuePosts(runEnv);
    expect(await first.delivery()).toMatchObject({ status: 'published' });
    // The same account posting the same copy again, as a second campaign would.
    const second = await dueOnNetwork('x', copy, [], first.account);
    await publishDuePosts(runEnv);
    expect(await second.delivery()).toMatchObject({ status: 'failed', lastError: expect.stringContaining('duplicate content') });
  });

  it('an image over the network’s limit is refused before anything is uploaded', async () => {
    // A valid PNG followed by padding: 5.5 MB, over X's 5 MB.
    const image = await png(90);
    const padded = new Uint8Array(5.5 * 1024 * 1024);
    padded.set(image.bytes);
    const due = await dueOnNetwork('x', unique('Too big'), [{ bytes: padded, contentType: 'image/png', altText: 'Huge' }]);
    await publishDuePosts(runEnv);
    expect(await due.delivery()).toMatchObject({ status: 'failed', lastError: expect.stringContaining('X takes images up to 5 MB') });
    const account = await fakeAccount('x', due.account.id);
    expect(account.uploads).toEqual([]);
    expect(account.requests).toEqual([]);
  });
});
