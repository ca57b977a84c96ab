import { and, eq } from 'drizzle-orm';
import { mastodonApps } from '../../../../shared/db/schema';
import { ConnectRejected, type NetworkContext } from '../network';
import { NoAnswer, networkRequest, unavailable } from '../network-http';
import { open, seal } from '../sealing';

export const MASTODON_SCOPES = 'read:accounts write:statuses write:media';

/** What a Mastodon app's sealed client secret is bound to: its instance and redirect URI. */
export const mastodonAppContext = (instanceUrl: string, redirectUri: string) => `mastodon-app:${instanceUrl} ${redirectUri}`;

/**
 * launch's app on an instance, registered once (`POST /api/v1/apps`) and shared by every
 * workspace connecting there. Two first connections at once may both register; the first row
 * stored wins and the other app is simply never used.
 */
export async function mastodonApp(context: NetworkContext, instanceUrl: string, redirectUri: string): Promise<{ clientId: string; clientSecret: string }> {
  const stored = async () => {
    const [row] = await context.db
      .select()
      .from(mastodonApps)
      .where(and(eq(mastodonApps.instanceUrl, instanceUrl), eq(mastodonApps.redirectUri, redirectUri)));
    if (!row) return null;
    const clientSecret = await open(context.keys, { keyId: row.secretKeyId, value: row.sealedClientSecret }, mastodonAppContext(instanceUrl, redirectUri));
    return { clientId: row.clientId, clientSecret };
  };
  const known = await stored();
  if (known) return known;
  let answer: Awaited<ReturnType<typeof networkRequest>>;
  try {
    answer = await networkRequest(context.fetch, context.policy, `${instanceUrl}/api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_name: 'Launch', redirect_uris: redirectUri, scopes: MASTODON_SCOPES, website: new URL(redirectUri).origin }),
    });
  } catch (error) {
    if (error instanceof NoAnswer)
      throw unavailable(
        'Mastodon',
        { ok: false, status: 0, headers: new Headers(), body: '' },
        `${instanceUrl} did not answer (${error.message})`,
        context.now(),
      );
    throw error;
  }
  const app = answer.body as { client_id?: string; client_secret?: string; error?: string };
  if (answer.status === 429 || answer.status >= 500) throw unavailable('Mastodon', answer, `${instanceUrl} could not register the app now`, context.now());
  if (!answer.ok || !app.client_id || !app.client_secret) {
    throw new ConnectRejected(`${instanceUrl} did not register the app${app.error ? ` (${app.error})` : ''}; is it a Mastodon instance?`);
  }
  const sealed = await seal(context.keys, app.client_secret, mastodonAppContext(instanceUrl, redirectUri));
  await context.db
    .insert(mastodonApps)
    .values({ instanceUrl, redirectUri, clientId: app.client_id, sealedClientSecret: sealed.value, secretKeyId: sealed.keyId })
    .onConflictDoNothing();
  return (await stored())!;
}

/** The apps launch registered on an instance (one per redirect URI it was reached under), never registering one. */
export async function storedMastodonApps(context: NetworkContext, instanceUrl: string): Promise<Array<{ clientId: string; clientSecret: string }>> {
  const rows = await context.db.select().from(mastodonApps).where(eq(mastodonApps.instanceUrl, instanceUrl));
  return Promise.all(
    rows.map(async (row) => ({
      clientId: row.clientId,
      clientSecret: await open(context.keys, { keyId: row.secretKeyId, value: row.sealedClientSecret }, mastodonAppContext(instanceUrl, row.redirectUri)),
    })),
  );
}
