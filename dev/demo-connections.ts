import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { mastodonApps } from '../shared/db/schema';
import { totpCode } from './demo-totp';
import { DEMO_BLUESKY } from './networks/account-fakes';

export interface DemoConnection {
  channel: string;
  /** The account's name and connection id, or why it could not be connected. */
  outcome: { ok: true; account: string; connectionId: string } | { ok: false; reason: string };
}

interface Options {
  launchUrl: string;
  user: { email: string; password: string };
  /** The demo user's two-factor secret once it is on: the sign-in needs a code. */
  totpSecret: string | null;
  blueskyUrl: string;
  mastodonUrl: string;
  databaseUrl: string;
}

/**
 * Connects the demo workspace to each fake network as its owner would, through the routes the
 * review app uses: Bluesky with the demo handle and app password, Mastodon through the instance's
 * consent form, X, LinkedIn and Threads through their consent pages (which consent at once). The
 * fakes forget tokens when they stop, so this runs on every start; each fake's demo account keeps
 * its id, so the same connection is renewed rather than a new one added.
 */
export async function connectDemoAccounts(options: Options): Promise<DemoConnection[]> {
  await forgetMastodonApp(options.databaseUrl, options.mastodonUrl);
  const session = await signIn(options);
  const results: DemoConnection[] = [];
  const attempt = async (channel: string, connect: () => Promise<string>) => {
    try {
      const connectionId = await connect();
      const listed = await session.json<{ data: Array<{ id: string; accountName: string }> }>('GET', '/api/v1/connections');
      const account = listed.data.find((connection) => connection.id === connectionId)?.accountName ?? connectionId;
      results.push({ channel, outcome: { ok: true, account, connectionId } });
    } catch (error) {
      results.push({ channel, outcome: { ok: false, reason: error instanceof Error ? error.message : String(error) } });
    }
  };
  try {
    await attempt('bluesky', async () => {
      const connection = await session.json<{ id: string }>('POST', '/api/v1/connections/bluesky', {
        identifier: DEMO_BLUESKY.handle,
        appPassword: DEMO_BLUESKY.appPassword,
      });
      return connection.id;
    });
    await attempt('mastodon', () =>
      session.authorize('mastodon', { serviceUrl: options.mastodonUrl }, async (authorizeUrl) => {
        // The instance's consent form, submitted as the person would: username `demo`, Authorize.
        const form = new URLSearchParams(authorizeUrl.searchParams);
        form.set('username', 'demo');
        form.set('decision', 'approve');
        return fetch(new URL('/oauth/authorize', authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
      }),
    );
    for (const channel of ['x', 'linkedin', 'threads']) {
      await attempt(channel, () => session.authorize(channel, {}, (authorizeUrl) => fetch(authorizeUrl, { redirect: 'manual' })));
    }
  } finally {
    await session.signOut();
  }
  return results;
}

/**
 * The Mastodon fake starts with no apps, while launch keeps the app it registered there in an
 * earlier run: forgotten, so launch registers itself again, as it would on a new instance.
 */
async function forgetMastodonApp(databaseUrl: string, instanceUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await drizzle(pool).delete(mastodonApps).where(eq(mastodonApps.instanceUrl, instanceUrl));
  } finally {
    await pool.end();
  }
}

async function signIn(options: Options) {
  const body = { ...options.user, ...(options.totpSecret ? { totpCode: totpCode(options.totpSecret).code } : {}) };
  const response = await fetch(`${options.launchUrl}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the demo sign-in was refused (${response.status}): ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const headers = (json: boolean) => ({ cookie, origin: options.launchUrl, ...(json ? { 'content-type': 'application/json' } : {}) });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, options.launchUrl), {
      method,
      redirect: 'manual',
      headers: headers(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call(method, path, body);
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${errorMessage(text)}`);
    return JSON.parse(text) as T;
  };

  return {
    json,
    /** Starts the connection, lets `consent` answer the network's page, and follows the redirect back to launch's callback. */
    async authorize(channel: string, input: Record<string, string>, consent: (authorizeUrl: URL) => Promise<Response>): Promise<string> {
      const started = await json<{ authorizeUrl: string }>('POST', `/api/v1/connections/oauth/${channel}/start`, input);
      const answer = await consent(new URL(started.authorizeUrl));
      const back = answer.headers.get('location');
      if (answer.status !== 302 || !back) throw new Error(`the fake's consent page answered ${answer.status}: ${errorMessage(await answer.text())}`);
      const callback = new URL(back);
      const finished = await call('GET', `${callback.pathname}${callback.search}`);
      const landed = new URL(finished.headers.get('location') ?? '/', options.launchUrl);
      const connected = landed.searchParams.get('connected');
      if (!connected) throw new Error(landed.searchParams.get('connection_error') ?? `the callback answered ${finished.status}`);
      return connected;
    },
    async signOut() {
      await call('DELETE', '/api/v1/sessions/current').catch(() => {});
    },
  };
}

function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: string; error?: { message?: string } };
    return body.message ?? body.error?.message ?? text.slice(0, 200);
  } catch {
    return text
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .slice(0, 200);
  }
}
