import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections, postDeliveries } from '../../../shared/db/schema';
import { approvedCampaign, launchOrigin } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';
import { open, sealingKeys } from '../connections/sealing';
import { credentialsContext } from '../connections/sessions';
import worker from '../index';
import { publishDuePosts } from '../publishing/scheduled';
import { CONNECTIONS_CALLBACK_PATH } from './connections';

type Network = 'x' | 'linkedin' | 'threads';
const fakeUrl: Record<Network, string> = { x: env.X_API_URL!, linkedin: env.LINKEDIN_API_URL!, threads: env.THREADS_API_URL! };
const clientId: Record<Network, string> = { x: env.X_CLIENT_ID!, linkedin: env.LINKEDIN_CLIENT_ID!, threads: env.THREADS_CLIENT_ID! };

async function call(runEnv: object, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const request = new Request(`${launchOrigin}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...headers, origin: launchOrigin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return worker.fetch(request, runEnv as typeof env, createExecutionContext());
}

/** A fresh account on the fake, which its consent page then signs in as (the person at the keyboard). */
async function fakeUser(network: Network) {
  const username = `u${crypto.randomUUID().slice(0, 8)}`;
  const response = await fetch(`${fakeUrl[network]}/control/accounts`, { method: 'POST', body: JSON.stringify({ username, signIn: true }) });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; username: string };
}

const fakePosts = async (network: Network, accountId: string) =>
  ((await (await fetch(`${fakeUrl[network]}/control/accounts/${accountId}`)).json()) as { posts: Array<{ id: string; text: string }> }).posts;

/** Owner connects `network` in a fresh approved campaign's workspace: start, the fake's consent, the callback. */
async function connectThroughConsent(network: Network, copy: string) {
  const approved = await approvedCampaign([{ channel: network, copy }]);
  const owner = await approved.session('owner');
  const account = await fakeUser(network);

  const started = await call(env, 'POST', `/api/v1/connections/oauth/${network}/start`, { cookie: owner.cookie }, { returnTo: '/app/settings/connections' });
  expect(started.status).toBe(201);
  const authorize = new URL(((await started.json()) as { authorizeUrl: string }).authorizeUrl);
  expect(authorize.origin).toBe(new URL(fakeUrl[network]).origin);
  expect(authorize.searchParams.get('client_id')).toBe(clientId[network]);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${launchOrigin}${CONNECTIONS_CALLBACK_PATH}`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const state = authorize.searchParams.get('state')!;

  // The fake consents at once (as this test's account, which another test connecting at the same moment might not have
  // left signed in) and sends the browser back with a code the verifier must match.
  authorize.searchParams.set('login_hint', account.id);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${launchOrigin}${CONNECTIONS_CALLBACK_PATH}`);
  expect(back.searchParams.get('state')).toBe(state);

  const finished = await call(env, 'GET', `${back.pathname}${back.search}`, { cookie: owner.cookie });
  expect(finished.status).toBe(302);
  const landed = new URL(finished.headers.get('location')!, launchOrigin);
  expect(landed.pathname).toBe('/app/settings/connections');
  const connectionId = landed.searchParams.get('connected');
  expect(connectionId, landed.searchParams.get('connection_error') ?? '').toMatch(/^con_/);
  return { ...approved, owner, account, connectionId: connectionId! };
}

const row = async (connectionId: string) => (await withTestDb((db) => db.select().from(channelConnections).where(eq(channelConnections.id, connectionId))))[0]!;

async function openedCredentials(connection: typeof channelConnections.$inferSelect) {
  const sealed = { keyId: connection.credentialsKeyId!, value: connection.sealedCredentials! };
  return JSON.parse(await open(await sealingKeys(env.CONNECTION_KEYS!), sealed, credentialsContext(connection))) as {
    accessToken: string;
    refreshToken: string | null;
  };
}

describe.each(['x', 'linkedin', 'threads'] as const)('connecting %s through its consent page', (network) => {
  it('stores the account sealed and lists it without any token', async () => {
    const { connectionId, account, owner, workspace, key } = await connectThroughConsent(network, `Connected ${network} ${crypto.randomUUID().slice(0, 6)}`);

    const stored = await row(connectionId);
    expect(stored).toMatchObject({ workspaceId: workspace.id, channel: network, accountId: account.id, status: 'connected' });
    expect(stored.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    const credentials = await openedCredentials(stored);
    expect(credentials.accessToken).toMatch(new RegExp(`^${network}-at-`));
    // Sealed: the token is not in the stored bytes, and they open only for this account's row.
    expect(stored.sealedCredentials).not.toContain(credentials.accessToken);
    await expect(
      open(
        await sealingKeys(env.CONNECTION_KEYS!),
        { keyId: stored.credentialsKeyId!, value: stored.sealedCredentials! },
        credentialsContext({ ...stored, accountId: 'someone-else' }),
      ),
    ).rejects.toThrow();

    for (const credential of [{ cookie: owner.cookie }, key]) {
      const listed = await call(env, 'GET', '/api/v1/connections', credential);
      expect(listed.status).toBe(200);
      const text = await listed.text();
      const body = JSON.parse(text) as { data: Array<{ id: string; channel: string; accountId: string; status: string }> };
      expect(body.data).toEqual([expect.objectContaining({ id: connectionId, channel: network, accountId: account.id, status: 'connected' })]);
      expect(text).not.toContain(credentials.accessToken);
      if (credentials.refreshToken) expect(text).not.toContain(credentials.refreshToken);
      expect(text).not.toMatch(/accessToken|refreshToken|sealed/i);
    }
  });

  it('refreshes the access token before it expires, then publishes with the new one', async () => {
    const copy = `Refreshed ${network} ${crypto.randomUUID().slice(0, 6)}`;
    const { connectionId, account, campaign, key } = await connectThroughConsent(network, copy);
    const before = await row(connectionId);
    const oldCredentials = await openedCredentials(before);
    const postId = campaign.posts[0]!.id;
    const scheduled = await call(env, 'POST', `/api/v1/posts/${postId}/schedule`, key, { publishAt: new Date(Date.now() - 1_000).toISOString() });
    expect(scheduled.status).toBe(201);

    // The cron runs a minute before the token would end: still valid at the network, but inside the margin.
    const cronAt = new Date(before.accessExpiresAt!.getTime() - 60_000);
    await publishDuePosts(env, () => cronAt);

    const after = await row(connectionId);
    const newCredentials = await openedCredentials(after);
    expect(after.status).toBe('connected');
    expect(newCredentials.accessToken).not.toBe(oldCredentials.accessToken);
    expect(after.accessExpiresAt!.getTime()).toBeGreaterThan(cronAt.getTime() + 30 * 60_000);
    if (network === 'x') expect(newCredentials.refreshToken).not.toBe(oldCredentials.refreshToken); // X rotates them
    const [delivery] = await withTestDb((db) => db.select().from(postDeliveries).where(eq(postDeliveries.postId, postId)));
    expect(delivery).toMatchObject({ status: 'published', connectionId });
    expect(delivery!.externalUrl).toMatch(/^https?:\/\//);
    expect((await fakePosts(network, account.id)).map((post) => post.text)).toEqual([copy]);
  });
});

describe('LOCAL_NETWORK_ORIGINS', () => {
  const signIn = async (runEnv: object) => {
    const handle = `l${crypto.randomUUID().slice(0, 8)}.bsky.test`;
    await fetch(`${env.TEST_BLUESKY_URL}/_fake/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle, password: 'app-pass-word-1234' }),
    });
    const approved = await approvedCampaign([{ channel: 'bluesky', copy: 'Allowlisted' }]);
    const owner = await approved.session('owner');
    return call(runEnv, 'POST', '/api/v1/connections/bluesky', { cookie: owner.cookie }, { identifier: handle, appPassword: 'app-pass-word-1234' });
  };

  it('lets a PDS on this machine through when its origin is listed, with private URLs still refused', async () => {
    const listed = { ...env, ALLOW_PRIVATE_URLS: '0' as const, LOCAL_NETWORK_ORIGINS: `http://127.0.0.1:1,${env.TEST_BLUESKY_URL}` };
    expect((await signIn(listed)).status).toBe(201);
  });

  it('refuses the same PDS when it is not listed', async () => {
    const unlisted = { ...env, ALLOW_PRIVATE_URLS: '0' as const, LOCAL_NETWORK_ORIGINS: 'http://127.0.0.1:1' };
    const refused = await signIn(unlisted);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string; message: string }).message).toMatch(/serviceUrl/);
  });
});
