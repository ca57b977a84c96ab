import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';
import { ConnectionRefused, ConnectRejected, type Credentials, type NetworkContext, type OAuthConnector, type OpenConnection } from '../network';
import { NoAnswer, networkRequest, publishFailure, unavailable, type NetworkAnswer } from '../network-http';
import { MASTODON_SCOPES, mastodonApp, storedMastodonApps } from './apps';

interface MastodonCredentials extends Credentials {
  accessToken: string;
}

/** Mastodon's default media limits (instances may raise them): 16 MB images, 99 MB videos; 4 attachments. */
export const MASTODON_IMAGE_BYTES = 16 * 1024 * 1024;
const MASTODON_VIDEO_BYTES = 99 * 1024 * 1024;
const MAX_ATTACHMENTS = 4;

const reason = (answer: NetworkAnswer) => {
  const body = answer.body as { error?: string; error_description?: string } | string;
  if (typeof body === 'string') return body.slice(0, 200) || `HTTP ${answer.status}`;
  return [body.error, body.error_description].filter(Boolean).join(': ') || `HTTP ${answer.status}`;
};

const noAnswer = (error: NoAnswer) => ({ ok: false as const, status: 0, headers: new Headers(), body: error.message });

async function verifyCredentials(context: NetworkContext, instanceUrl: string, accessToken: string) {
  return networkRequest(context.fetch, context.policy, `${instanceUrl}/api/v1/accounts/verify_credentials`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
}

export const mastodonConnector: OAuthConnector = {
  channel: 'mastodon',
  label: 'Mastodon',
  flow: 'oauth',
  missing: () => [],
  serviceUrl: () => null,

  async authorizeUrl(context, input) {
    const app = await mastodonApp(context, input.serviceUrl, input.redirectUri);
    const url = new URL('/oauth/authorize', input.serviceUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: input.redirectUri,
      scope: MASTODON_SCOPES,
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  },

  async exchangeCode(context, input) {
    const app = await mastodonApp(context, input.serviceUrl, input.redirectUri);
    let answer: NetworkAnswer;
    try {
      answer = await networkRequest(context.fetch, context.policy, `${input.serviceUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: input.code,
          client_id: app.clientId,
          client_secret: app.clientSecret,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
          scope: MASTODON_SCOPES,
        }).toString(),
      });
    } catch (error) {
      if (error instanceof NoAnswer) throw unavailable('Mastodon', noAnswer(error), error.message, context.now());
      throw error;
    }
    if (answer.status === 429 || answer.status >= 500) throw unavailable('Mastodon', answer, reason(answer), context.now());
    const token = answer.body as { access_token?: string };
    if (!answer.ok || !token.access_token) throw new ConnectRejected(`${input.serviceUrl} did not grant access: ${reason(answer)}.`);
    const account = await verifyCredentials(context, input.serviceUrl, token.access_token).catch((error: unknown) => {
      throw error instanceof NoAnswer ? unavailable('Mastodon', noAnswer(error), error.message, context.now()) : error;
    });
    const me = account.body as { id?: string; acct?: string; username?: string };
    if (!account.ok || !me.id) throw unavailable('Mastodon', account, `could not read the account: ${reason(account)}`, context.now());
    const host = new URL(input.serviceUrl).host;
    return {
      serviceUrl: input.serviceUrl,
      accountId: me.id,
      accountName: `@${me.username ?? me.acct}@${host}`,
      credentials: { accessToken: token.access_token } satisfies MastodonCredentials,
      accessExpiresAt: null,
    };
  },

  /** Mastodon's tokens do not expire; asked after a 401, the instance says whether it still accepts the token. */
  async refresh(context, connection) {
    const credentials = connection.credentials as MastodonCredentials;
    let answer: NetworkAnswer;
    try {
      answer = await verifyCredentials(context, connection.serviceUrl, credentials.accessToken);
    } catch (error) {
      if (error instanceof NoAnswer) throw unavailable('Mastodon', noAnswer(error), error.message, context.now());
      throw error;
    }
    if (answer.ok) return { credentials, accessExpiresAt: null };
    if (answer.status === 401 || answer.status === 403) {
      throw new ConnectionRefused(
        `${new URL(connection.serviceUrl).host} no longer accepts the access token (${reason(answer)}); it was revoked or the account suspended`,
      );
    }
    throw unavailable('Mastodon', answer, reason(answer), context.now());
  },

  adapter: (context, connection) => mastodonAdapter(context, connection),

  /** `POST /oauth/revoke` with the app the token was issued to (launch's app on the instance). */
  async revoke(context, connection) {
    const { accessToken } = connection.credentials as MastodonCredentials;
    const apps = await storedMastodonApps(context, connection.serviceUrl);
    let last: NetworkAnswer | undefined;
    for (const app of apps) {
      last = await networkRequest(context.fetch, context.policy, `${connection.serviceUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, token: accessToken }).toString(),
        timeoutMs: context.config.NETWORK_TIMEOUT_MS,
      });
      if (last.ok) return;
    }
    throw new Error(`${new URL(connection.serviceUrl).host} did not revoke the token: ${last ? `${last.status} ${reason(last)}` : 'launch has no app there'}`);
  },
};

/**
 * Posts a status with `Idempotency-Key` set to the delivery id, so a retry after a lost answer
 * returns the status the first attempt made (Mastodon keeps the key an hour) instead of a second
 * one. Media go up first through `POST /api/v2/media` with alt text as their description, each
 * checked against the instance's default size limits before upload.
 */
function mastodonAdapter(context: NetworkContext, connection: OpenConnection): ChannelAdapter {
  const credentials = connection.credentials as MastodonCredentials;
  const request = async (path: string, init: RequestInit) => {
    try {
      return await networkRequest(context.fetch, context.policy, `${connection.serviceUrl}${path}`, {
        ...init,
        timeoutMs: context.config.NETWORK_TIMEOUT_MS,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${credentials.accessToken}`, accept: 'application/json' },
      });
    } catch (error) {
      if (error instanceof NoAnswer) throw new PublishError(`Mastodon did not answer ${path}: ${error.message}`, true, { maybeSent: error.maybeSent });
      throw error;
    }
  };
  const failed = (answer: NetworkAnswer) => publishFailure('Mastodon', answer, reason(answer), context.now());

  return {
    async publish(post: PublishRequest): Promise<PublishResult> {
      if (post.visuals.length > MAX_ATTACHMENTS)
        throw new PublishError(`Mastodon takes up to ${MAX_ATTACHMENTS} attachments; this post has ${post.visuals.length}.`, false);
      const files = await Promise.all(post.visuals.map((_, index) => post.readVisual(index)));
      files.forEach((file, index) => {
        const limit = file.contentType.startsWith('video/') ? MASTODON_VIDEO_BYTES : MASTODON_IMAGE_BYTES;
        if (file.bytes.length > limit) {
          throw new PublishError(
            `Visual ${index + 1} is ${file.bytes.length.toLocaleString('en')} bytes; Mastodon takes up to ${limit.toLocaleString('en')}, so nothing was sent.`,
            false,
          );
        }
      });
      const mediaIds: string[] = [];
      for (const [index, file] of files.entries()) {
        const form = new FormData();
        form.append('file', new Blob([file.bytes], { type: file.contentType }), `visual-${index + 1}`);
        form.append('description', post.visuals[index]!.altText);
        const answer = await request('/api/v2/media', { method: 'POST', body: form });
        const media = answer.body as { id?: string };
        if (!answer.ok || !media.id) throw failed(answer);
        mediaIds.push(media.id);
      }
      const answer = await request('/api/v1/statuses', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': post.deliveryId },
        body: JSON.stringify({ status: post.copy, media_ids: mediaIds, visibility: 'public' }),
      });
      const status = answer.body as { id?: string; url?: string | null; uri?: string };
      if (!answer.ok || !status.id) throw failed(answer);
      return { externalId: status.id, externalUrl: status.url ?? status.uri ?? null };
    },
  };
}
