import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvedCampaign } from '../../../test/workers/launch-flow';
import { callAsBrowser, networkAccounts, networkEnv, recordResponses, type NetworkAccount } from '../../../test/workers/network-accounts';
import { publishDuePosts } from '../publishing/scheduled';

afterEach(() => {
  vi.restoreAllMocks();
});

const networks = ['bluesky', 'mastodon', 'x', 'linkedin'] as const;

describe('no token or app password in any response or log line', () => {
  it('a full run: connect each network, list, schedule, publish (a refresh and a lost answer included), read, disconnect', async () => {
    const logs: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation(
        (...args: unknown[]) => void logs.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')),
      );
    }
    const responses = recordResponses();
    const approved = await approvedCampaign(networks.map((channel) => ({ channel, copy: `No secrets on ${channel} ${crypto.randomUUID().slice(0, 8)}` })));
    const owner = await approved.session('owner');
    const accounts = {} as Record<(typeof networks)[number], NetworkAccount>;
    for (const network of networks) accounts[network] = await networkAccounts[network](owner.cookie);

    await callAsBrowser('GET', '/api/v1/connections', { cookie: owner.cookie });
    await callAsBrowser('GET', '/app/settings/connections', { cookie: owner.cookie });
    // Bluesky and X refresh an expired access token while publishing; X also loses an answer and reads the account back.
    await accounts.bluesky.expireAccess!();
    await accounts.x.expireAccess!();
    await accounts.x.loseAnswer('cut');
    for (const post of approved.campaign.posts) {
      expect(
        (await callAsBrowser('POST', `/api/v1/posts/${post.id}/schedule`, approved.key, { publishAt: new Date(Date.now() - 1_000).toISOString() })).status,
      ).toBe(201);
    }
    await publishDuePosts(networkEnv);
    const campaign = await callAsBrowser('GET', `/api/v1/campaigns/${approved.campaign.id}`, approved.key);
    expect(((await campaign.json()) as { posts: Array<{ status: string }> }).posts.map((post) => post.status).sort()).toEqual(networks.map(() => 'published'));
    await callAsBrowser('GET', '/api/v1/schedule?status=published', approved.key);
    await callAsBrowser('GET', `/api/v1/campaigns/${approved.campaign.id}/audit`, approved.key);
    await callAsBrowser('GET', `/app/posts/${approved.campaign.posts[0]!.id}`, { cookie: owner.cookie });
    for (const account of Object.values(accounts)) await callAsBrowser('DELETE', `/api/v1/connections/${account.connectionId}`, { cookie: owner.cookie });

    const secrets = [
      ...(await Promise.all(Object.values(accounts).map((account) => account.secrets()))).flat(),
      env.X_CLIENT_SECRET!,
      env.LINKEDIN_CLIENT_SECRET!,
      env.CONNECTION_KEYS!.split(':')[1]!,
    ];
    // The run did what it says: tokens were issued (and rotated), logs written, answers kept.
    expect(secrets.length).toBeGreaterThan(12);
    expect(logs.some((line) => line.includes('publisher run done'))).toBe(true);
    expect(logs.some((line) => line.includes('its access revoked'))).toBe(true);
    expect(responses.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(responses.filter((response) => response.includes(secret))).toEqual([]);
      expect(logs.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
