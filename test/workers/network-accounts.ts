import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../workers/launch/index';
import { launchOrigin } from './launch-flow';

/** The Worker's bindings for tests that reach the fake networks on 127.0.0.1 (ALLOW_PRIVATE_URLS), with short network timeouts. */
export const networkEnv = { ...env, ALLOW_PRIVATE_URLS: '1' as const, NETWORK_TIMEOUT_MS: '1500' };

let recorded: string[] | null = null;

/** From now on, every answer callAsBrowser gets (status, headers and body) is kept in the returned list, for tests that search them. */
export function recordResponses(): string[] {
  recorded = [];
  return recorded;
}

/** A call to the launch Worker as a browser makes it (Origin set, redirects not followed). */
export async function callAsBrowser(method: string, path: string, headers: Record<string, string>, body?: unknown, bindings: object = networkEnv) {
  const request = new Request(`${launchOrigin}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...headers, origin: launchOrigin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, bindings as never, ctx);
  await waitOnExecutionContext(ctx);
  recorded?.push(`${method} ${path} → ${response.status} ${JSON.stringify([...response.headers])} ${await response.clone().text()}`);
  return response;
}

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
};

/** A post as a fake network stored it. */
export interface StoredOnNetwork {
  id: string;
  text: string;
}

/** A connected account on one fake network, and the fake's view of it. */
export interface NetworkAccount {
  connectionId: string;
  /** What a test must never find in a response or a log line: every token the fake issued to the account, and its password. */
  secrets(): Promise<string[]>;
  /** The issued tokens the network still accepts (`kind`: access or refresh, as the fake knows it). */
  liveTokens(): Promise<Array<{ value: string; kind: string | null }>>;
  /** Every post the fake stored for the account. */
  posts(): Promise<StoredOnNetwork[]>;
  /** The next post is stored, then its answer never comes (`hang`) or the connection is cut (`cut`). */
  loseAnswer(kind: 'hang' | 'cut'): Promise<void>;
  /** The network ends the account's access token now (Mastodon's never expire), so the next call must refresh. */
  expireAccess?(): Promise<void>;
}

type IssuedTokens = { tokens: Array<{ value: string; kind: string | null; live: boolean }> };
const tokenViews = (read: () => Promise<IssuedTokens>, password?: string) => ({
  secrets: async () => [...(password ? [password] : []), ...(await read()).tokens.map((token) => token.value)],
  liveTokens: async () => (await read()).tokens.filter((token) => token.live).map(({ value, kind }) => ({ value, kind })),
});
const getJson = async <T>(url: string) => (await (await fetch(url)).json()) as T;

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Follows an OAuth consent redirect back into launch's callback, as the person's browser does. */
async function finishConsent(location: string | null, cookie: string) {
  if (!location) throw new Error('The consent page did not redirect back.');
  const back = new URL(location);
  const done = await callAsBrowser('GET', `${back.pathname}${back.search}`, { cookie });
  const connected = new URL(done.headers.get('location') ?? '/', launchOrigin).searchParams.get('connected');
  if (done.status !== 302 || !connected) throw new Error(`The callback did not connect: ${done.status} ${done.headers.get('location')}`);
  return connected;
}

async function start(channel: string, cookie: string, body: Record<string, unknown> = {}) {
  const started = await callAsBrowser('POST', `/api/v1/connections/oauth/${channel}/start`, { cookie }, body);
  if (started.status !== 201) throw new Error(`start ${channel}: ${started.status} ${await started.text()}`);
  return new URL(((await started.json()) as { authorizeUrl: string }).authorizeUrl);
}

/** A fresh Bluesky account on the fake PDS, connected with its app password through the API. */
export async function connectBluesky(cookie: string): Promise<NetworkAccount> {
  const handle = `${unique('f')}.bsky.test`;
  const password = `app-${crypto.randomUUID()}`;
  await post(`${env.TEST_BLUESKY_URL}/_fake/accounts`, { handle, password });
  const connected = await callAsBrowser('POST', '/api/v1/connections/bluesky', { cookie }, { identifier: handle, appPassword: password });
  if (connected.status !== 201) throw new Error(`connect bluesky: ${connected.status} ${await connected.text()}`);
  const { id } = (await connected.json()) as { id: string };
  const received = async () =>
    (
      (await (await fetch(`${env.TEST_BLUESKY_URL}/_fake/received?handle=${handle}`)).json()) as {
        accounts: Array<{ records: Array<{ rkey: string; value: { text: string } }> }>;
      }
    ).accounts[0]!;
  return {
    connectionId: id,
    ...tokenViews(() => getJson<IssuedTokens>(`${env.TEST_BLUESKY_URL}/_fake/tokens?handle=${handle}`), password),
    posts: async () => (await received()).records.map((record) => ({ id: record.rkey, text: record.value.text })),
    loseAnswer: async (kind) => {
      await post(`${env.TEST_BLUESKY_URL}/_fake/faults`, { handle, faults: [{ kind: kind === 'hang' ? 'store_then_hang' : 'store_then_cut' }] });
    },
    expireAccess: async () => {
      await post(`${env.TEST_BLUESKY_URL}/_fake/expire`, { handle });
    },
  };
}

/** A fresh Mastodon user on the fake instance, connected through its consent page with PKCE. */
export async function connectMastodon(cookie: string): Promise<NetworkAccount> {
  const username = unique('m');
  const consent = await start('mastodon', cookie, { serviceUrl: env.TEST_MASTODON_URL });
  const form = new URLSearchParams(consent.searchParams);
  form.set('username', username);
  const approved = await fetch(new URL('/oauth/authorize', consent), { method: 'POST', body: form, redirect: 'manual' });
  const connectionId = await finishConsent(approved.headers.get('location'), cookie);
  const received = async () => getJson<{ statuses: Array<{ id: string; content: string }> }>(`${env.TEST_MASTODON_URL}/_fake/received?username=${username}`);
  return {
    connectionId,
    ...tokenViews(() => getJson<IssuedTokens>(`${env.TEST_MASTODON_URL}/_fake/tokens?username=${username}`)),
    posts: async () => (await received()).statuses.map((status) => ({ id: status.id, text: status.content.replace(/^<p>|<\/p>$/g, '') })),
    loseAnswer: async (kind) => {
      await post(`${env.TEST_MASTODON_URL}/_fake/faults`, { username, faults: [{ kind: kind === 'hang' ? 'store_then_hang' : 'store_then_cut' }] });
    },
  };
}

/** A fresh user on the X, LinkedIn or Threads fake, connected through the network's consent page (which consents at once as that user). */
async function connectOAuthFake(channel: 'x' | 'linkedin' | 'threads', apiUrl: string, clientId: string, cookie: string): Promise<NetworkAccount> {
  // Made for launch's client, so every token the account holds is one launch's app was given.
  const account = (await post(`${apiUrl}/control/accounts`, { username: unique(channel), signIn: true, clientId })) as { id: string };
  const consent = await start(channel, cookie);
  // The fake consents as whoever signed in last: another test connecting at the same moment could be that one.
  consent.searchParams.set('login_hint', account.id);
  const approved = await fetch(consent, { redirect: 'manual' });
  const connectionId = await finishConsent(approved.headers.get('location'), cookie);
  return {
    connectionId,
    ...tokenViews(() => getJson<IssuedTokens>(`${apiUrl}/control/accounts/${account.id}/tokens`)),
    posts: async () => (await getJson<{ posts: StoredOnNetwork[] }>(`${apiUrl}/control/accounts/${account.id}`)).posts,
    loseAnswer: async (kind) => {
      await post(`${apiUrl}/control/accounts/${account.id}/faults`, { kind: kind === 'hang' ? 'hang_after_store' : 'cut_after_store' });
    },
    expireAccess: async () => {
      await post(`${apiUrl}/control/accounts/${account.id}/faults`, { kind: 'expire_token' });
    },
  };
}

export const connectX = (cookie: string) => connectOAuthFake('x', env.X_API_URL!, env.X_CLIENT_ID!, cookie);
export const connectLinkedIn = (cookie: string) => connectOAuthFake('linkedin', env.LINKEDIN_API_URL!, env.LINKEDIN_CLIENT_ID!, cookie);
export const connectThreads = (cookie: string) => connectOAuthFake('threads', env.THREADS_API_URL!, env.THREADS_CLIENT_ID!, cookie);

export const networkAccounts = { bluesky: connectBluesky, mastodon: connectMastodon, x: connectX, linkedin: connectLinkedIn, threads: connectThreads } as const;
