import { startBlueskyFake } from './bluesky';
import type { ReceivedPost } from './common';
import { startMastodonFake } from './mastodon';

/** The Bluesky account the fake PDS has from its start; `npm run dev` connects it, and a person can again on Settings → Connections. */
export const DEMO_BLUESKY = { handle: 'demo.bsky.test', appPassword: 'demo-app-pass-word', did: 'did:plc:launchdemobluesky0000000' } as const;

export interface AccountFakes {
  blueskyUrl: string;
  mastodonUrl: string;
  /** launch's settings pointing Bluesky's default PDS and post links at the fake, and letting both fakes through the SSRF guard. */
  vars: Record<string, string>;
  /** What the banner says about them. */
  banner: string[];
  close(): Promise<void>;
}

/**
 * The Bluesky and Mastodon fakes of `npm run dev`, on fixed ports (BLUESKY_FAKE_PORT,
 * MASTODON_FAKE_PORT) so a connection's server stays the same across runs. They keep accounts,
 * sessions and posts in memory; the demo accounts keep their ids (a fixed DID, Mastodon's first
 * account), so the connections `npm run dev` renews at each start stay the same accounts.
 * LOCAL_NETWORK_ORIGINS names exactly these two origins, the servers people type, so the SSRF
 * guard lets them through (and nothing else on this machine).
 */
export async function startAccountFakes(onPost: (network: string, post: ReceivedPost) => void): Promise<AccountFakes> {
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const bluesky = await startBlueskyFake({ port: port('BLUESKY_FAKE_PORT', 8798), onPost: (post) => onPost('bluesky', post) });
  const mastodon = await startMastodonFake({ port: port('MASTODON_FAKE_PORT', 8799), onPost: (post) => onPost('mastodon', post) });
  const created = await fetch(`${bluesky.url}/_fake/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: DEMO_BLUESKY.handle, password: DEMO_BLUESKY.appPassword, did: DEMO_BLUESKY.did }),
  });
  if (!created.ok) throw new Error(`The Bluesky fake did not create the demo account (${created.status}).`);
  return {
    blueskyUrl: bluesky.url,
    mastodonUrl: mastodon.url,
    vars: { BLUESKY_SERVICE_URL: bluesky.url, BLUESKY_APP_URL: bluesky.url, LOCAL_NETWORK_ORIGINS: `${bluesky.url},${mastodon.url}` },
    banner: [
      `bluesky fake: ${bluesky.url}   what it received: ${bluesky.url}/   (BLUESKY_SERVICE_URL, BLUESKY_APP_URL)`,
      `  to connect it yourself on Settings → Connections: handle ${DEMO_BLUESKY.handle}, app password ${DEMO_BLUESKY.appPassword}`,
      `mastodon fake: ${mastodon.url}   what it received: ${mastodon.url}/   (give ${mastodon.url} as the instance; its consent form signs in as demo)`,
    ],
    close: async () => {
      await Promise.all([bluesky.close(), mastodon.close()]);
    },
  };
}
