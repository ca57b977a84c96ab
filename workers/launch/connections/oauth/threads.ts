import { measurePost } from '../../domain/channels';
import { sign, urlSigningKey } from '../../domain/signed-url';
import { PublishError, type ChannelAdapter, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';
import { ConnectRejected, NetworkUnavailable, type NetworkContext, type OpenConnection } from '../network';
import { oauthConnector, oauthCredentials } from './connector';
import { fitAltText, imagesProblem, threadsImages } from './media-limits';
import { callNetwork, NoAnswer, retryAfter, type NetworkAnswer } from './network-http';
import { oauthNetworks, type OAuthNetworkSettings } from './networks';
import { publishOnce, sameCopy, SentWithoutAnswer, type Lookup } from './publish-once';

/** Threads fetches a post's image itself; a signed link to an uploaded asset lasts this long. */
const IMAGE_LINK_SECONDS = 24 * 60 * 60;
/** Graph API codes for throttling: app, user, too many calls, rate limited. */
const THROTTLED = new Set([4, 17, 32, 613]);

interface GraphError {
  message?: string;
  code?: number;
  is_transient?: boolean;
}

const graphError = (answer: NetworkAnswer): GraphError => ((answer.json as { error?: GraphError } | null)?.error ?? {}) as GraphError;
const reason = (answer: NetworkAnswer) => graphError(answer).message ?? `HTTP ${answer.status}`;

/** When Meta says access comes back: `estimated_time_to_regain_access` (minutes) of its usage header, else Retry-After. */
export function throttledUntil(headers: Headers, now: Date): Date | null {
  const usage = headers.get('x-business-use-case-usage');
  if (usage) {
    try {
      const entries = Object.values(JSON.parse(usage) as Record<string, Array<{ estimated_time_to_regain_access?: number }>>).flat();
      const minutes = Math.max(0, ...entries.map((entry) => entry.estimated_time_to_regain_access ?? 0));
      if (minutes > 0) return new Date(now.getTime() + minutes * 60_000);
    } catch {
      // An unreadable header says nothing; Retry-After or the backoff decides.
    }
  }
  return retryAfter(headers, now);
}

function refusal(answer: NetworkAnswer, what: string, now: Date): PublishError {
  const error = graphError(answer);
  const words = reason(answer);
  if (answer.status === 401 || error.code === 190)
    return new PublishError(`Threads refused the account's access while ${what}: ${words}`, false, { reconnect: true });
  if (answer.status === 429 || (error.code !== undefined && THROTTLED.has(error.code))) {
    const at = throttledUntil(answer.headers, now);
    return new PublishError(
      `Threads' rate limit was reached while ${what} (${words})${at ? `; access returns at ${at.toISOString()}` : ''}.`,
      true,
      at ? { retryAt: at } : {},
    );
  }
  if (answer.status >= 500 || error.is_transient) return new PublishError(`Threads answered ${answer.status} while ${what}: ${words}`, true);
  return new PublishError(`Threads refused the post while ${what}: ${words}`, false);
}

export function threadsAdapter(context: NetworkContext, connection: OpenConnection, settings: OAuthNetworkSettings): ChannelAdapter {
  const { accessToken } = oauthCredentials(connection.credentials);
  const user = encodeURIComponent(connection.accountId);
  const api = (path: string, params: Record<string, string> = {}) => {
    const url = new URL(`/v1.0/${path}`, settings.apiOrigin);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  };
  const headers = { authorization: `Bearer ${accessToken}` };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  async function call(url: string, init: RequestInit, what: string): Promise<NetworkAnswer> {
    try {
      return await callNetwork(context, url, init);
    } catch (error) {
      if (error instanceof NoAnswer) throw new PublishError(`Threads did not answer while ${what}: ${error.message}.`, true);
      throw error;
    }
  }

  /** A link Threads can fetch the image from: a linked image as it is, an uploaded asset by a signed download link. */
  async function imageUrl(request: PublishRequest, url: string): Promise<string> {
    if (!url.startsWith('asset:')) return url;
    const origin = context.config.LAUNCH_PUBLIC_URL;
    if (!origin)
      throw new PublishError('Threads fetches images from a link, and this deployment has no LAUNCH_PUBLIC_URL to link its uploaded images from.', false);
    const assetId = url.slice('asset:'.length);
    const expires = Math.floor(context.now().getTime() / 1000) + IMAGE_LINK_SECONDS;
    const signature = await sign(await urlSigningKey(context.config.INTERNAL_SECRET), {
      purpose: 'download',
      assetId,
      workspaceId: request.workspaceId,
      expires,
    });
    return `${origin.replace(/\/$/, '')}/api/v1/assets/${assetId}/content?expires=${expires}&signature=${signature}`;
  }

  /** Creates one container, answering its id, or throws the Graph error in words. */
  async function create(fields: Record<string, string>, what: string): Promise<string> {
    const created = await call(api(`${user}/threads`), form(fields), what);
    const id = (created.json as { id?: unknown } | null)?.id;
    if (created.status !== 200 || typeof id !== 'string') throw refusal(created, what, context.now());
    return id;
  }

  /** A container with media is ready once Threads has fetched it; publishing (or a carousel of it) before fails. */
  async function ready(id: string, what: string): Promise<void> {
    const status = await call(api(id, { fields: 'status,error_message' }), { headers }, `checking ${what}`);
    const state = (status.json as { status?: string; error_message?: string } | null) ?? {};
    if (state.status === 'ERROR' || state.status === 'EXPIRED')
      throw new PublishError(`Threads could not take ${what}: ${state.error_message ?? state.status}.`, false);
    if (state.status !== 'FINISHED') throw new PublishError(`Threads is still fetching ${what}; the post is tried again later.`, true);
  }

  /** An image's fields: its link and, where the visual has one, its alt text. */
  async function imageFields(request: PublishRequest, index: number): Promise<Record<string, string>> {
    const visual = request.visuals[index]!;
    const altText = visual.altText.trim();
    return { media_type: 'IMAGE', image_url: await imageUrl(request, visual.url), ...(altText ? { alt_text: fitAltText(threadsImages, altText) } : {}) };
  }

  /**
   * The container to publish: text alone, one image with the text, or, for several images, a
   * carousel (Threads' three steps: an item container per image with `is_carousel_item`, each
   * fetched, then a CAROUSEL container naming them as `children`, with the text).
   */
  async function container(request: PublishRequest): Promise<string> {
    const files = await Promise.all(request.visuals.map((_, index) => request.readVisual(index)));
    const problem = imagesProblem(
      threadsImages,
      files.map((file) => ({ bytes: file.bytes.byteLength, contentType: file.contentType })),
    );
    if (problem) throw new PublishError(`${problem} Nothing was sent to Threads.`, false);
    if (request.visuals.length === 0) return create({ media_type: 'TEXT', text: request.copy }, 'preparing the post');
    if (request.visuals.length === 1) {
      const id = await create({ ...(await imageFields(request, 0)), text: request.copy }, 'preparing the post');
      await ready(id, 'the image');
      return id;
    }
    const children: string[] = [];
    for (const index of request.visuals.keys()) {
      const what = `image ${index + 1} of the carousel`;
      const id = await create({ ...(await imageFields(request, index)), is_carousel_item: 'true' }, `preparing ${what}`);
      await ready(id, what);
      children.push(id);
    }
    const carousel = await create({ media_type: 'CAROUSEL', children: children.join(','), text: request.copy }, 'preparing the carousel');
    await ready(carousel, 'the carousel');
    return carousel;
  }

  async function send(request: PublishRequest): Promise<PublishResult> {
    const measured = measurePost('threads', request.copy);
    if (measured.length > measured.limit) throw new PublishError(`The copy is ${measured.length} characters; Threads takes ${measured.limit}.`, false);
    const creationId = await container(request);
    let answer: NetworkAnswer;
    try {
      answer = await callNetwork(context, api(`${user}/threads_publish`), form({ creation_id: creationId }));
    } catch (error) {
      if (error instanceof NoAnswer) throw new SentWithoutAnswer(error.message);
      throw error;
    }
    const id = (answer.json as { id?: unknown } | null)?.id;
    if (answer.status !== 200 || typeof id !== 'string') throw refusal(answer, 'publishing', context.now());
    // The post is out: a permalink that cannot be read now leaves only the link missing.
    const read = await callNetwork(context, api(id, { fields: 'permalink' }), { headers }).catch(() => null);
    const permalink = (read?.json as { permalink?: unknown } | null)?.permalink;
    return { externalId: id, externalUrl: typeof permalink === 'string' ? permalink : null };
  }

  async function lookup(request: PublishRequest, since: Date): Promise<Lookup> {
    const params = { fields: 'id,text,timestamp,permalink', since: String(Math.floor(since.getTime() / 1000)), limit: '50' };
    const answer = await callNetwork(context, api(`${user}/threads`, params), { headers });
    if (answer.status !== 200)
      return { kind: 'cannot_tell', reason: `reading the account's posts back, Threads answered ${answer.status}: ${reason(answer)}.` };
    const posts = (answer.json as { data?: Array<{ id: string; text?: string; permalink?: string }> } | null)?.data ?? [];
    const found = posts.filter((post) => sameCopy(request.copy, post.text ?? '')).at(-1);
    return found ? { kind: 'found', result: { externalId: found.id, externalUrl: found.permalink ?? null } } : { kind: 'absent' };
  }

  return {
    publish: (request) => publishOnce(request, 'Threads', { lookup: (since) => lookup(request, since), send: () => send(request) }),
  };
}

export const threadsConnector = oauthConnector({
  channel: 'threads',
  network: oauthNetworks.threads,
  async profile(context, settings, accessToken) {
    let answer: NetworkAnswer;
    try {
      const url = new URL('/v1.0/me', settings.apiOrigin);
      url.searchParams.set('fields', 'id,username');
      answer = await callNetwork(context, url.toString(), { headers: { authorization: `Bearer ${accessToken}` } });
    } catch (error) {
      throw new NetworkUnavailable(`Threads did not answer who the account is: ${error instanceof Error ? error.message : String(error)}.`);
    }
    const me = answer.json as { id?: unknown; username?: unknown } | null;
    if (answer.status !== 200 || typeof me?.id !== 'string')
      throw new ConnectRejected(`Threads did not say who the account is (${answer.status}): ${reason(answer)}`);
    return { accountId: me.id, accountName: typeof me.username === 'string' ? `@${me.username}` : me.id };
  },
  adapter: threadsAdapter,
});
