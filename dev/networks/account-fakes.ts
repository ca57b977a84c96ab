import { startBlueskyFake } from './bluesky';
import { startMastodonFake } from './mastodon';

/** The Bluesky account the fake PDS has from its start, to connect on Settings → Connections. */
export const DEMO_BLUESKY = { handle: 'demo.bsky.test', appPassword: 'demo-app-pass-word' } as const;

export interface AccountFakes {
  /** launch's settings pointing Bluesky's default PDS and post links at the fake. */
  vars: Record<string, string>;
  /** What the banner says about them. */
  banner: string[];
  close(): Promise<void>;
}

/**
 * The Bluesky and Mastodon fakes of `npm run dev`, on fixed ports (BLUESKY_FAKE_PORT,
 * MASTODON_FAKE_PORT) so a connection's server stays the same across runs. They keep accounts and
 * sessions in memory: after a restart a Bluesky connection is refused and must be reconnected
 * with DEMO_BLUESKY's password, as a real revoked one would be.
 */
export async function startAccountFakes(): Promise<AccountFakes> {
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const bluesky = await startBlueskyFake({ port: port('BLUESKY_FAKE_PORT', 8798) });
  const mastodon = await startMastodonFake({ port: port('MASTODON_FAKE_PORT', 8799) });
  const created = await fetch(`${bluesky.url}/_fake/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: DEMO_BLUESKY.handle, password: DEMO_BLUESKY.appPassword }),
  });
  if (!created.ok) throw new Error(`The Bluesky fake did not create the demo account (${created.status}).`);
  return {
    vars: { BLUESKY_SERVICE_URL: bluesky.url, BLUESKY_APP_URL: bluesky.url },
    banner: [
      `bluesky fake: ${bluesky.url} (BLUESKY_SERVICE_URL and BLUESKY_APP_URL; what it received: ${bluesky.url}/_fake/received)`,
      `  connect on Settings → Connections: handle ${DEMO_BLUESKY.handle}, app password ${DEMO_BLUESKY.appPassword} (needs ALLOW_PRIVATE_URLS=1)`,
      `mastodon fake: ${mastodon.url} (give it as the instance on Settings → Connections; needs ALLOW_PRIVATE_URLS=1)`,
    ],
    close: async () => {
      await Promise.all([bluesky.close(), mastodon.close()]);
    },
  };
}
