import type { ReceivedPost } from './common';
import { startLinkedInFake } from './linkedin';
import type { FakeNetwork } from './oauth-network-fake';
import { startThreadsFake } from './threads';
import { startXFake } from './x';

export interface OAuthFakes {
  /** launch's settings pointing X, LinkedIn and Threads at the fakes, with a dev app's client on each. */
  vars: Record<string, string>;
  /** What the banner says about them. */
  banner: string[];
  close(): Promise<void>;
}

/**
 * The X, LinkedIn and Threads fakes of `npm run dev`, on fixed ports (X_FAKE_PORT, LINKEDIN_FAKE_PORT,
 * THREADS_FAKE_PORT). Each authorize page consents at once as its demo account, whose id is the
 * same in every run; tokens live in memory, so `npm run dev` connects the demo accounts again at
 * each start. `GET <fake>/` lists what it received, each post at the network's path for it (which
 * X_APP_URL and LINKEDIN_APP_URL point at, and Threads' permalinks name).
 */
export async function startOAuthFakes(onPost: (network: string, post: ReceivedPost) => void): Promise<OAuthFakes> {
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const fakes: Array<[string, FakeNetwork]> = [
    ['X', await startXFake(port('X_FAKE_PORT', 8795))],
    ['LINKEDIN', await startLinkedInFake(port('LINKEDIN_FAKE_PORT', 8796))],
    // Threads' permalinks come from its API: the fake names itself in them, so they open offline.
    ['THREADS', await startThreadsFake(port('THREADS_FAKE_PORT', 8797), { linkHere: true })],
  ];
  const vars: Record<string, string> = {};
  for (const [network, fake] of fakes) {
    const name = network.toLowerCase();
    vars[`${network}_API_URL`] = fake.url;
    vars[`${network}_AUTHORIZE_URL`] = fake.url;
    vars[`${network}_CLIENT_ID`] = `launch-dev-${name}`;
    vars[`${network}_CLIENT_SECRET`] = `launch-dev-${name}-secret`;
    if (network !== 'THREADS') vars[`${network}_APP_URL`] = fake.url;
    const { state } = fake;
    state.onPost = (account, post) =>
      onPost(name, { account: `@${account.username}`, text: post.text, url: `${fake.url}${state.options.postPath(account, post)}`, images: post.media.length });
  }
  return {
    vars,
    banner: fakes.map(
      ([network, fake]) => `${network.toLowerCase()} fake: ${fake.url}   what it received: ${fake.url}/   (JSON: ${fake.url}/control/received)`,
    ),
    close: async () => {
      await Promise.all(fakes.map(([, fake]) => fake.close()));
    },
  };
}
