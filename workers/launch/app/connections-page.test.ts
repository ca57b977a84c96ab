import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelConnections } from '../../../shared/db/schema';
import { launchOrigin, launchTeam } from '../../../test/workers/launch-flow';
import { withTestDb } from '../../../test/workers/seed';
import worker from '../index';

// The Worker reaches the fake networks on 127.0.0.1, as ALLOW_PRIVATE_URLS allows locally.
const localEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const };

/** A browser-like request to a page: same-origin form posts, no redirects followed. */
function page(path: string, options: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const request = new Request(`${launchOrigin}${path}`, {
    method: options.form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: launchOrigin, 'sec-fetch-site': 'same-origin' } : {}),
      ...options.headers,
    },
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return worker.fetch(request, localEnv, createExecutionContext());
}

let counter = 0;
async function blueskyAccount() {
  const handle = `p${Date.now().toString(36)}${counter++}.bsky.test`;
  await fetch(`${env.TEST_BLUESKY_URL}/_fake/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle, password: 'app-pass-word-1234' }),
  });
  return handle;
}

const connectionsOf = (workspaceId: string) =>
  withTestDb((db) =>
    db
      .select()
      .from(channelConnections)
      .where(and(eq(channelConnections.workspaceId, workspaceId), eq(channelConnections.status, 'connected'))),
  );

describe('settings page: connections', () => {
  it('connects Bluesky through the form against the fake, lists it, and disconnects it', async () => {
    const { workspace, session } = await launchTeam();
    const owner = await session('owner');
    const empty = await (await page('/app/settings/connections', { cookie: owner.cookie })).text();
    expect(empty).toContain('0 connected accounts');
    expect(empty).toContain('Connect Bluesky');
    expect(empty).toContain('href="/app/settings/connections"');

    const handle = await blueskyAccount();
    const wrong = await page('/app/settings/connections/bluesky', { cookie: owner.cookie, form: { identifier: handle, appPassword: 'not-it' } });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('Invalid identifier or password');
    expect(await connectionsOf(workspace.id)).toHaveLength(0);

    const connected = await page('/app/settings/connections/bluesky', {
      cookie: owner.cookie,
      form: { identifier: `@${handle}`, appPassword: 'app-pass-word-1234' },
    });
    expect(connected.status).toBe(303);
    expect(connected.headers.get('location')).toBe('/app/settings/connections?done=connected');
    const [row] = await connectionsOf(workspace.id);
    expect(row).toMatchObject({ accountName: `@${handle}`, connectedBy: owner.userId });
    const listed = await (await page('/app/settings/connections?done=connected', { cookie: owner.cookie })).text();
    expect(listed).toContain(`@${handle}`);
    expect(listed).toContain('1 connected account');
    expect(listed).not.toContain('app-pass-word-1234');

    const gone = await page(`/app/settings/connections/${row!.id}/disconnect`, { cookie: owner.cookie, form: {} });
    expect(gone.status).toBe(303);
    expect(await connectionsOf(workspace.id)).toHaveLength(0);
  });

  it('shows an account the network refused with its reason', async () => {
    const { workspace, session } = await launchTeam();
    const owner = await session('owner');
    await page('/app/settings/connections/bluesky', { cookie: owner.cookie, form: { identifier: await blueskyAccount(), appPassword: 'app-pass-word-1234' } });
    const [row] = await connectionsOf(workspace.id);
    await withTestDb((db) =>
      db
        .update(channelConnections)
        .set({ status: 'reconnect_required', statusReason: 'The app password was revoked' })
        .where(eq(channelConnections.id, row!.id)),
    );
    const html = await (await page('/app/settings/connections', { cookie: owner.cookie })).text();
    expect(html).toContain('needs reconnecting: The app password was revoked');
    expect(html).toContain(`Reconnect ${row!.accountName}`);
  });

  it('starts Mastodon with a link to the instance’s consent page', async () => {
    const { session } = await launchTeam();
    const owner = await session('owner');
    const missing = await page('/app/settings/connections/oauth/mastodon', { cookie: owner.cookie, form: {} });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Name the Mastodon server');
    const started = await page('/app/settings/connections/oauth/mastodon', { cookie: owner.cookie, form: { serviceUrl: env.TEST_MASTODON_URL } });
    expect(started.status).toBe(200);
    const html = await started.text();
    const url = /href="([^"]+)">Continue to Mastodon/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(url).toContain(`${env.TEST_MASTODON_URL}/oauth/authorize?`);
    expect(new URL(url!).searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('lets a reviewer see the list but not connect, and refuses an API key', async () => {
    const { workspace, session, key } = await launchTeam();
    const reviewer = await session('reviewer');
    const html = await (await page('/app/settings/connections', { cookie: reviewer.cookie })).text();
    expect(html).toContain('connected accounts');
    expect(html).not.toContain('Connect Bluesky');
    const refused = await page('/app/settings/connections/bluesky', {
      cookie: reviewer.cookie,
      form: { identifier: await blueskyAccount(), appPassword: 'app-pass-word-1234' },
    });
    expect(refused.status).toBe(403);
    expect(await connectionsOf(workspace.id)).toHaveLength(0);
    const keyed = await page('/app/settings/connections', { headers: key });
    expect(keyed.status).toBe(403);
    expect(await keyed.text()).toContain('API keys cannot use its pages');
  });

  it('answers another workspace’s connection as not found, changing nothing', async () => {
    const first = await launchTeam();
    const owner = await first.session('owner');
    await page('/app/settings/connections/bluesky', { cookie: owner.cookie, form: { identifier: await blueskyAccount(), appPassword: 'app-pass-word-1234' } });
    const [row] = await connectionsOf(first.workspace.id);
    const other = await (await launchTeam()).session('owner');
    const foreign = await page(`/app/settings/connections/${row!.id}/disconnect`, { cookie: other.cookie, form: {} });
    expect(foreign.status).toBe(404);
    expect(await connectionsOf(first.workspace.id)).toHaveLength(1);
  });
});
