import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureLocalChromium, INSTALL_HINT, useHostRules } from '../../dev/chromium';
import { startDataStack, type DataStackBindings } from '../../dev/data-stack';
import { startEnginePeers, type EnginePeers } from './fixtures/engine-peers';
import { startOnboardingSite } from './fixtures/onboarding/site-server';
import { dataDirOwner } from '../../dev/postgres';
import { startSocialStandIn } from '../../dev/social-stand-in';
import { startIntakeStandIn } from '../../dev/intake-stand-in';
import { startNotifyStandIn } from '../../dev/notify-stand-in';
import { startLinkedInFake } from '../../dev/networks/linkedin';
import { startThreadsFake } from '../../dev/networks/threads';
import { startXFake } from '../../dev/networks/x';
import { FIXTURE_HOST_RULES } from '../shared/pages';
import { freePort } from './free-port';
import { startPageServer } from './page-server';
import { startSnsStandIn } from './sns-stand-in';
import { startTcpGate, type TcpGate } from './tcp-gate';
import { startWebhookReceiver } from './webhook-receiver';
import { startBlueskyFake } from '../../dev/networks/bluesky';
import { startMastodonFake } from '../../dev/networks/mastodon';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestBindings extends DataStackBindings {
  INTERNAL_SECRET: string;
  SOCIAL_POST_UPSTREAM_URL: string;
  IMAGE_PROXY_UPSTREAM_URL: string;
  GITHUB_API_URL: string;
  /** The release-intake stand-in (dev/intake-stand-in.ts): feeds, changelog pages and GitHub's API, set per test. */
  TEST_INTAKE_URL: string;
  /** The email and chat stand-in (dev/notify-stand-in.ts) and the key it accepts; email stays unconfigured unless a test passes them. */
  TEST_NOTIFY_URL: string;
  TEST_NOTIFY_API_KEY: string;
  /** X, LinkedIn and Threads: the fakes in dev/networks, with a test app's client on each. */
  X_API_URL: string;
  X_AUTHORIZE_URL: string;
  X_CLIENT_ID: string;
  X_CLIENT_SECRET: string;
  LINKEDIN_API_URL: string;
  LINKEDIN_AUTHORIZE_URL: string;
  LINKEDIN_CLIENT_ID: string;
  LINKEDIN_CLIENT_SECRET: string;
  THREADS_API_URL: string;
  THREADS_AUTHORIZE_URL: string;
  THREADS_CLIENT_ID: string;
  THREADS_CLIENT_SECRET: string;
  /** The fake networks (dev/networks/): a Bluesky PDS and a Mastodon instance. */
  TEST_BLUESKY_URL: string;
  TEST_MASTODON_URL: string;
  CONNECTION_KEYS: string;
  BLUESKY_SERVICE_URL: string;
  BLUESKY_APP_URL: string;
}

/**
 * One gate per Worker project for its outage tests, and one per test file that cuts the database
 * in the middle of work: test files run side by side, and a cut must reach only the file that made it.
 */
export const databaseGateNames = [
  'launch',
  'verify',
  'publisher',
  'adapter-faults',
  'traffic',
  'transaction',
  'pooled-transaction',
  'pipeline-push',
  'github-webhook',
  'bulk-result',
  'provider-delivery',
] as const;
export type DatabaseGateName = (typeof databaseGateNames)[number];

/** A DATABASE_URL that goes through a gate tests can close, and the gate's control URL. */
export interface DatabaseGate {
  databaseUrl: string;
  controlUrl: string;
}

/** The Upstash-protocol server reached through a gate tests can close (test/workers/redis-gate.ts). */
export interface RedisGate {
  url: string;
  controlUrl: string;
}

export interface TestContextValues {
  bindings: TestBindings;
  /** One gate in front of the Upstash-protocol server per Worker project, for its files that cut Redis under traffic. */
  redisGates: Record<'launch' | 'verify', RedisGate>;
  /** One gate per Worker project, so their outage tests cannot interleave. */
  databaseGates: Record<DatabaseGateName, DatabaseGate>;
  /** A local stand-in for users' webhook endpoints (see webhook-receiver.ts). */
  webhookReceiverUrl: string;
  /** The verification engine's peers: DoH over the zone fixture, fixture MTAs, SOCKS5, Gravatar (see fixtures/engine-peers.ts). */
  enginePeers: Omit<EnginePeers, 'close' | 'addresses'>;
  /** Local pages to capture (see page-server.ts): by a public fixture name, and by a private address. */
  pages: { publicOrigin: string; privateOrigin: string };
  /** Amazon SNS's hosts, locally (see sns-stand-in.ts). */
  snsUrl: string;
  /** The onboarding fixture site (see fixtures/onboarding/site-server.ts), by 127.0.0.1. */
  onboardingSiteOrigin: string;
}

declare module 'vitest' {
  export interface ProvidedContext extends TestContextValues {}
}

/**
 * Starts the same data stack as `npm run dev` (embedded PostgreSQL unless DATABASE_URL, the
 * Upstash-protocol server over REDIS_URL when set) and hands its addresses to every project.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startDataStack({
    dataDir: freeDataDir(),
    postgresPort: await freePort(),
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  });
  const database = new URL(stack.bindings.DATABASE_URL);
  const target = { host: database.hostname, port: Number(database.port || 5432) };
  const gates = Object.fromEntries(await Promise.all(databaseGateNames.map(async (name) => [name, await startTcpGate(target)] as const)));
  const upstash = new URL(stack.bindings.UPSTASH_REDIS_REST_URL);
  const redisGates = {
    launch: await startTcpGate({ host: upstash.hostname, port: Number(upstash.port) }),
    verify: await startTcpGate({ host: upstash.hostname, port: Number(upstash.port) }),
  };
  const receiver = await startWebhookReceiver();
  // A tarpit that outlasts the engine tests' shortened reply budget, not the suite's patience.
  const peers = await startEnginePeers({ tarpitMs: 3_000 });
  const pages = await startPageServer();
  const sns = await startSnsStandIn();
  const social = await startSocialStandIn();
  const onboardingSite = await startOnboardingSite();
  const intake = await startIntakeStandIn();
  const notify = await startNotifyStandIn();
  const [xFake, linkedInFake, threadsFake] = await Promise.all([startXFake(), startLinkedInFake(), startThreadsFake()]);
  const bluesky = await startBlueskyFake();
  const mastodon = await startMastodonFake();
  const chromium = ensureLocalChromium();
  if (!chromium.executable) console.warn(`Chromium is not installed: screenshot tests will fail with 503. Install it with: ${INSTALL_HINT}`);
  // The browsers this run's miniflare starts resolve the fixture names to the page server.
  const forgetHostRules = useHostRules(chromium, FIXTURE_HOST_RULES);
  const gatedUrl = (port: number) => {
    const gated = new URL(stack.bindings.DATABASE_URL);
    gated.hostname = '127.0.0.1';
    gated.port = String(port);
    return gated.toString();
  };

  project.provide('bindings', {
    ...stack.bindings,
    INTERNAL_SECRET: randomBytes(32).toString('hex'),
    SOCIAL_POST_UPSTREAM_URL: social.syndicationUrl,
    IMAGE_PROXY_UPSTREAM_URL: social.mediaUrl,
    GITHUB_API_URL: intake.githubApiUrl,
    TEST_INTAKE_URL: intake.url,
    TEST_NOTIFY_URL: notify.url,
    TEST_NOTIFY_API_KEY: notify.apiKey,
    ...oauthFakeBindings({ X: xFake.url, LINKEDIN: linkedInFake.url, THREADS: threadsFake.url }),
    TEST_BLUESKY_URL: bluesky.url,
    TEST_MASTODON_URL: mastodon.url,
    CONNECTION_KEYS: `test:${randomBytes(32).toString('base64')}`,
    BLUESKY_SERVICE_URL: bluesky.url,
    BLUESKY_APP_URL: bluesky.url,
  });
  project.provide(
    'databaseGates',
    Object.fromEntries(Object.entries(gates).map(([name, gate]) => [name, { databaseUrl: gatedUrl(gate.port), controlUrl: gate.controlUrl }])) as Record<
      DatabaseGateName,
      DatabaseGate
    >,
  );
  const gatedUpstash = (gate: TcpGate): RedisGate => ({ url: `http://127.0.0.1:${gate.port}`, controlUrl: gate.controlUrl });
  project.provide('redisGates', { launch: gatedUpstash(redisGates.launch), verify: gatedUpstash(redisGates.verify) });
  project.provide('webhookReceiverUrl', receiver.url);
  project.provide('enginePeers', { dohUrl: peers.dohUrl, gravatarUrl: peers.gravatarUrl, controlUrl: peers.controlUrl, socks: peers.socks, ipv6: peers.ipv6 });
  project.provide('pages', { publicOrigin: pages.publicOrigin, privateOrigin: pages.privateOrigin });
  project.provide('snsUrl', sns.url);
  project.provide('onboardingSiteOrigin', onboardingSite.privateOrigin);
  console.log(`Test stack: PostgreSQL ${stack.describe.postgres}, Redis ${stack.describe.redis}`);
  return async () => {
    forgetHostRules();
    await Promise.all([
      ...Object.values(gates).map((gate) => gate.close()),
      redisGates.launch.close(),
      redisGates.verify.close(),
      receiver.close(),
      peers.close(),
      pages.close(),
      social.close(),
      sns.close(),
      onboardingSite.close(),
      intake.close(),
      notify.close(),
      xFake.close(),
      linkedInFake.close(),
      threadsFake.close(),
      bluesky.close(),
      mastodon.close(),
    ]);
    await stack.close();
  };
}

/** Each OAuth network's API and authorize page at its fake, and a test app's client id and secret. */
function oauthFakeBindings(urls: Record<'X' | 'LINKEDIN' | 'THREADS', string>) {
  const bindings: Record<string, string> = {};
  for (const [network, url] of Object.entries(urls)) {
    Object.assign(bindings, {
      [`${network}_API_URL`]: url,
      [`${network}_AUTHORIZE_URL`]: url,
      [`${network}_CLIENT_ID`]: `launch-test-${network.toLowerCase()}`,
      [`${network}_CLIENT_SECRET`]: `launch-test-${network.toLowerCase()}-secret`,
    });
  }
  return bindings as Pick<TestBindings, `${keyof typeof urls}_${'API_URL' | 'AUTHORIZE_URL' | 'CLIENT_ID' | 'CLIENT_SECRET'}`>;
}

/** Concurrent test runs (two terminals, parallel sessions) each get their own kept data folder. */
function freeDataDir(): string {
  for (let slot = 1; ; slot++) {
    const dir = join(root, '.local', slot === 1 ? 'test-postgres' : `test-postgres-${slot}`);
    if (!dataDirOwner(dir)) return dir;
  }
}
