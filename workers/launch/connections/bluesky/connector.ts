import type { LaunchConfig } from '../../config';
import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';
import { ConnectionRefused, ConnectRejected, type AppPasswordConnector, type Credentials, type NetworkContext, type OpenConnection } from '../network';
import { NoAnswer, networkRequest, publishFailure, unavailable, type NetworkAnswer } from '../network-http';
import { recordKeyFor } from './record-key';
import { detectSegments, facetsFor } from './richtext';

/** What a Bluesky connection keeps, sealed: the session's tokens, and the app password to open a new session once the refresh token expires. */
interface BlueskyCredentials extends Credentials {
  identifier: string;
  appPassword: string;
  accessJwt: string;
  refreshJwt: string;
}

/** Bluesky's limit on one uploaded image (app.bsky.embed.images). */
export const BLUESKY_IMAGE_BYTES = 1_000_000;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_IMAGES = 4;
const POST_COLLECTION = 'app.bsky.feed.post';

const reason = (answer: NetworkAnswer) => {
  const body = answer.body as { error?: string; message?: string } | string;
  if (typeof body === 'string') return body.slice(0, 200) || `HTTP ${answer.status}`;
  return [body.error, body.message].filter(Boolean).join(': ') || `HTTP ${answer.status}`;
};
const errorName = (answer: NetworkAnswer) => (answer.body as { error?: string } | null)?.error;

/** The expiry a session's access JWT carries (`exp`), or two hours from now when it cannot be read. */
export function accessExpiry(jwt: string, now: Date): Date {
  try {
    const payload = JSON.parse(atob(jwt.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/'))) as { exp?: number };
    if (typeof payload.exp === 'number') return new Date(payload.exp * 1000);
  } catch {
    // Not a JWT we can read: the refresh margin then relies on the default below.
  }
  return new Date(now.getTime() + 2 * 60 * 60_000);
}

async function xrpc(
  context: NetworkContext,
  serviceUrl: string,
  method: string,
  init: { token?: string; json?: unknown; query?: Record<string, string>; bytes?: { data: Uint8Array; type: string } },
) {
  const url = new URL(`/xrpc/${method}`, serviceUrl);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.bytes) {
    headers['content-type'] = init.bytes.type;
    body = init.bytes.data;
  }
  return networkRequest(context.fetch, context.policy, url.toString(), {
    method: init.query ? 'GET' : 'POST',
    headers,
    body,
    timeoutMs: context.config.NETWORK_TIMEOUT_MS,
  });
}

async function createSession(context: NetworkContext, serviceUrl: string, identifier: string, password: string) {
  let answer: NetworkAnswer;
  try {
    answer = await xrpc(context, serviceUrl, 'com.atproto.server.createSession', { json: { identifier, password } });
  } catch (error) {
    if (error instanceof NoAnswer)
      throw unavailable('Bluesky', { ok: false, status: 0, headers: new Headers(), body: error.message }, error.message, context.now());
    throw error;
  }
  if (!answer.ok) return { ok: false as const, answer };
  const session = answer.body as { did?: string; handle?: string; accessJwt?: string; refreshJwt?: string; active?: boolean; status?: string };
  if (!session.did || !session.handle || !session.accessJwt || !session.refreshJwt) {
    throw new ConnectRejected(`${serviceUrl} answered createSession without a session; is it a Bluesky PDS?`);
  }
  return { ok: true as const, session: session as Required<Pick<typeof session, 'did' | 'handle' | 'accessJwt' | 'refreshJwt'>> & typeof session };
}

export const blueskyConnector: AppPasswordConnector = {
  channel: 'bluesky',
  label: 'Bluesky',
  flow: 'app_password',
  missing: () => [],

  async signIn(context, input) {
    const result = await createSession(context, input.serviceUrl, input.identifier, input.password);
    if (!result.ok) {
      if (result.answer.status === 401 || result.answer.status === 400) {
        throw new ConnectRejected(`Bluesky refused the handle and app password: ${reason(result.answer)}.`);
      }
      throw unavailable('Bluesky', result.answer, reason(result.answer), context.now());
    }
    const { session } = result;
    if (session.active === false) throw new ConnectRejected(`The Bluesky account @${session.handle} is ${session.status ?? 'not active'}.`);
    const credentials: BlueskyCredentials = {
      identifier: input.identifier,
      appPassword: input.password,
      accessJwt: session.accessJwt,
      refreshJwt: session.refreshJwt,
    };
    return {
      serviceUrl: input.serviceUrl,
      accountId: session.did,
      accountName: `@${session.handle}`,
      credentials,
      accessExpiresAt: accessExpiry(session.accessJwt, context.now()),
    };
  },

  /**
   * `refreshSession` with the refresh token; once that is refused (expired after months, or the
   * session revoked), a new session with the app password; refused too, the password was revoked.
   */
  async refresh(context, connection) {
    const credentials = connection.credentials as BlueskyCredentials;
    let answer: NetworkAnswer;
    try {
      answer = await xrpc(context, connection.serviceUrl, 'com.atproto.server.refreshSession', { token: credentials.refreshJwt });
    } catch (error) {
      if (error instanceof NoAnswer) throw unavailable('Bluesky', { ok: false, status: 0, headers: new Headers(), body: '' }, error.message, context.now());
      throw error;
    }
    if (answer.ok) {
      const session = answer.body as { accessJwt: string; refreshJwt: string };
      return {
        credentials: { ...credentials, accessJwt: session.accessJwt, refreshJwt: session.refreshJwt },
        accessExpiresAt: accessExpiry(session.accessJwt, context.now()),
      };
    }
    if (answer.status === 429 || answer.status >= 500) throw unavailable('Bluesky', answer, reason(answer), context.now());
    const again = await createSession(context, connection.serviceUrl, credentials.identifier, credentials.appPassword);
    if (!again.ok) {
      if (again.answer.status === 429 || again.answer.status >= 500) throw unavailable('Bluesky', again.answer, reason(again.answer), context.now());
      throw new ConnectionRefused(`Bluesky no longer accepts the app password (${reason(again.answer)}); connect the account again with a new app password`);
    }
    const { session } = again;
    return {
      credentials: { ...credentials, accessJwt: session.accessJwt, refreshJwt: session.refreshJwt },
      accessExpiresAt: accessExpiry(session.accessJwt, context.now()),
    };
  },

  adapter: (context, connection) => blueskyAdapter(context, connection),

  /**
   * Ends the session launch holds (`deleteSession` with its refresh JWT). The app password itself
   * can only be deleted by the person, in Bluesky's settings.
   */
  async revoke(context, connection) {
    const credentials = connection.credentials as BlueskyCredentials;
    const answer = await xrpc(context, connection.serviceUrl, 'com.atproto.server.deleteSession', { token: credentials.refreshJwt });
    if (!answer.ok) throw new Error(`Bluesky answered ${answer.status} to deleteSession: ${reason(answer)}`);
  },
};

/**
 * Publishes a post as an `app.bsky.feed.post` record under a record key derived from the delivery
 * (record-key.ts): when an earlier attempt may have reached the PDS, the record is looked up
 * first, and a create that finds the key taken is checked the same way, so a retry never makes a
 * second post. Images go up with uploadBlob (within 1,000,000 bytes, refused before upload
 * otherwise), with alt text; without images, the link's stored preview is sent as an external embed.
 */
function blueskyAdapter(context: NetworkContext, connection: OpenConnection): ChannelAdapter {
  const credentials = connection.credentials as BlueskyCredentials;
  const call = async (method: string, init: Parameters<typeof xrpc>[3]) => {
    try {
      return await xrpc(context, connection.serviceUrl, method, { token: credentials.accessJwt, ...init });
    } catch (error) {
      if (error instanceof NoAnswer) throw new PublishError(`Bluesky did not answer ${method}: ${error.message}`, true, { maybeSent: error.maybeSent });
      throw error;
    }
  };
  const failed = (answer: NetworkAnswer) => {
    const name = errorName(answer);
    // An expired or revoked access token answers 400 ExpiredToken / 401 InvalidToken: refresh, then try once more.
    if (name === 'ExpiredToken' || name === 'InvalidToken' || answer.status === 401) {
      return new PublishError(`Bluesky refused the session: ${reason(answer)}`, false, { reconnect: true });
    }
    return publishFailure('Bluesky', answer, reason(answer), context.now());
  };
  const existing = async (rkey: string): Promise<PublishResult | null> => {
    const answer = await call('com.atproto.repo.getRecord', { query: { repo: connection.accountId, collection: POST_COLLECTION, rkey } });
    if (answer.ok) return resultFor(context.config, connection, rkey, answer.body as { uri?: string });
    if (answer.status === 400 && errorName(answer) === 'RecordNotFound') return null;
    throw failed(answer);
  };

  return {
    async publish(request: PublishRequest): Promise<PublishResult> {
      const rkey = await recordKeyFor(request.deliveryId);
      if (request.previousAttemptUnknown || request.attempt > 1) {
        const found = await existing(rkey);
        if (found) return found;
      }
      const embed = await embedFor(request, call, failed);
      const facets = await facetsFor(detectSegments(request.copy), async (handle) => {
        const answer = await call('com.atproto.identity.resolveHandle', { query: { handle } });
        return answer.ok ? ((answer.body as { did?: string }).did ?? null) : null;
      });
      const record = {
        $type: POST_COLLECTION,
        text: request.copy,
        createdAt: context.now().toISOString(),
        ...(facets.length > 0 && { facets }),
        ...(embed && { embed }),
      };
      const answer = await call('com.atproto.repo.createRecord', { json: { repo: connection.accountId, collection: POST_COLLECTION, rkey, record } });
      if (answer.ok) return resultFor(context.config, connection, rkey, answer.body as { uri?: string });
      // The key is taken: an earlier attempt created the record after all.
      if (answer.status === 400 || answer.status === 409) {
        const found = await existing(rkey);
        if (found) return found;
      }
      throw failed(answer);
    },
  };
}

type Call = (method: string, init: Parameters<typeof xrpc>[3]) => Promise<NetworkAnswer>;

async function embedFor(request: PublishRequest, call: Call, failed: (answer: NetworkAnswer) => PublishError) {
  if (request.visuals.length > MAX_IMAGES)
    throw new PublishError(`Bluesky takes up to ${MAX_IMAGES} images on a post; this one has ${request.visuals.length}.`, false);
  if (request.visuals.length > 0) {
    const files = await Promise.all(request.visuals.map((_, index) => request.readVisual(index)));
    files.forEach((file, index) => {
      if (!IMAGE_TYPES.includes(file.contentType))
        throw new PublishError(`Visual ${index + 1} is ${file.contentType}; Bluesky takes JPEG, PNG, WebP or GIF images.`, false);
      if (file.bytes.length > BLUESKY_IMAGE_BYTES) {
        throw new PublishError(
          `Visual ${index + 1} is ${file.bytes.length.toLocaleString('en')} bytes; Bluesky takes images up to 1,000,000 bytes, so nothing was sent.`,
          false,
        );
      }
    });
    const images = [];
    for (const [index, file] of files.entries()) {
      const answer = await call('com.atproto.repo.uploadBlob', { bytes: { data: file.bytes, type: file.contentType } });
      if (!answer.ok) throw failed(answer);
      images.push({ image: (answer.body as { blob: unknown }).blob, alt: request.visuals[index]!.altText });
    }
    return { $type: 'app.bsky.embed.images', images };
  }
  const card = request.linkCard;
  if (!card) return null;
  return {
    $type: 'app.bsky.embed.external',
    external: { uri: card.url, title: card.title ?? card.url, description: card.description ?? '' },
  };
}

function resultFor(config: LaunchConfig, connection: OpenConnection, rkey: string, body: { uri?: string }): PublishResult {
  const handle = connection.accountName.replace(/^@/, '');
  return {
    externalId: body.uri ?? `at://${connection.accountId}/${POST_COLLECTION}/${rkey}`,
    externalUrl: `${config.BLUESKY_APP_URL.replace(/\/$/, '')}/profile/${handle}/post/${rkey}`,
  };
}
