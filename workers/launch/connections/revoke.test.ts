import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { channelConnections } from '../../../shared/db/schema';
import { launchTeam } from '../../../test/workers/launch-flow';
import { callAsBrowser, networkAccounts, networkEnv } from '../../../test/workers/network-accounts';
import { withTestDb } from '../../../test/workers/seed';

afterEach(() => {
  vi.restoreAllMocks();
});

async function connected(network: keyof typeof networkAccounts) {
  const team = await launchTeam();
  const owner = await team.session('owner');
  const account = await networkAccounts[network](owner.cookie);
  expect((await account.liveTokens()).length).toBeGreaterThan(0);
  return { owner, account };
}

describe('disconnecting revokes launch’s access where the network documents how', () => {
  it.each(['bluesky', 'mastodon', 'x', 'linkedin'] as const)('%s: the network no longer accepts what the connection held', async (network) => {
    const { owner, account } = await connected(network);
    expect((await callAsBrowser('DELETE', `/api/v1/connections/${account.connectionId}`, { cookie: owner.cookie })).status).toBe(204);
    const live = await account.liveTokens();
    // Bluesky's deleteSession ends the session's refresh token; its access JWT lapses by itself within two hours.
    expect(live.filter((token) => network !== 'bluesky' || token.kind !== 'access')).toEqual([]);
  });

  it('a revocation the network does not confirm leaves the account disconnected, logged without the token', async () => {
    const { owner, account } = await connected('x');
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    // X unreachable for this request: the revoke call is refused before reaching it.
    const unreachable = { ...networkEnv, X_API_URL: 'http://127.0.0.1:9' };
    const response = await callAsBrowser('DELETE', `/api/v1/connections/${account.connectionId}`, { cookie: owner.cookie }, undefined, unreachable);
    expect(response.status).toBe(204);
    const [row] = await withTestDb((db) => db.select().from(channelConnections).where(eq(channelConnections.id, account.connectionId)));
    expect(row).toMatchObject({ status: 'disconnected', sealedCredentials: null });
    expect((await account.liveTokens()).length).toBeGreaterThan(0);
    const line = warnings.find((warning) => warning.includes(account.connectionId));
    expect(line).toContain('revoking its access failed');
    for (const secret of await account.secrets()) expect(line).not.toContain(secret);
  });
});
