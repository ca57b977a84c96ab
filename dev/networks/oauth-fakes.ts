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
 * THREADS_FAKE_PORT) so connections made in one run keep working in the next. Each authorize page
 * consents at once as its demo account; `GET <fake>/control/received` shows what it was sent.
 */
export async function startOAuthFakes(): Promise<OAuthFakes> {
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const fakes: Array<[string, FakeNetwork]> = [
    ['X', await startXFake(port('X_FAKE_PORT', 8795))],
    ['LINKEDIN', await startLinkedInFake(port('LINKEDIN_FAKE_PORT', 8796))],
    ['THREADS', await startThreadsFake(port('THREADS_FAKE_PORT', 8797))],
  ];
  const vars: Record<string, string> = {};
  for (const [network, fake] of fakes) {
    vars[`${network}_API_URL`] = fake.url;
    vars[`${network}_AUTHORIZE_URL`] = fake.url;
    vars[`${network}_CLIENT_ID`] = `launch-dev-${network.toLowerCase()}`;
    vars[`${network}_CLIENT_SECRET`] = `launch-dev-${network.toLowerCase()}-secret`;
  }
  return {
    vars,
    banner: fakes.map(([network, fake]) => `${network.toLowerCase()} fake: ${fake.url} (what it received: ${fake.url}/control/received)`),
    close: async () => {
      await Promise.all(fakes.map(([, fake]) => fake.close()));
    },
  };
}
