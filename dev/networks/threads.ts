import type { IncomingMessage } from 'node:http';
import {
  bearer,
  consentRedirect,
  FakeState,
  parseForm,
  record,
  serveFakeNetwork,
  type Account,
  type FakeNetwork,
  type Reply,
  type StoredPost,
} from './oauth-network-fake';

const _SHORT_LIVED_SECONDS = 3600;

const graphError = (status: number, message: string, code: number, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'AfakeTrace' } },
});

interface Container {
  accountId: string;
  mediaType: string;
  text: string;
  imageUrl: string | null;
  altText: string | null;
  /** An image made with `is_carousel_item=true`: it goes out only as a child of a CAROUSEL container. */
  carouselItem: boolean;
  /** A CAROUSEL container's item containers, in order. */
  children: string[];
  published: boolean;
}

/** Threads' carousel: at least 2 items and at most 20. */
const CAROUSEL_ITEMS = { min: 2, max: 20 };

/**
 * Threads (threads.net/oauth/authorize, graph.threads.net) as Meta documents it: the code grant
 * gives a short-lived token (1 hour), exchanged for a long-lived one (60 days) with
 * `th_exchange_token` and refreshed with `th_refresh_token` (there is no refresh token); posting is a
 * container (`POST /{user-id}/threads`, media TEXT or IMAGE with `image_url` and `alt_text`) then
 * `POST /{user-id}/threads_publish?creation_id=…`; a carousel is an IMAGE container per item with
 * `is_carousel_item=true`, then a CAROUSEL container with `children` (2 to 20 item ids, comma
 * separated) and the text, which is the one published; `GET /me`, `GET /{user-id}/threads` and
 * `GET /{media-id}?fields=permalink` read back. Errors are Graph errors `{error:{message,type,code}}`;
 * a 429 carries `x-business-use-case-usage` with `estimated_time_to_regain_access` in minutes.
 * Parameters come in the query string or a form body, the token as `access_token` or a bearer.
 * Permalinks are threads.net's, or with `linkHere` (`npm run dev`) the fake's own, which serves them.
 */
export async function startThreadsFake(port = 0, options: { linkHere?: boolean } = {}): Promise<FakeNetwork> {
  const state = new FakeState({
    network: 'threads',
    accessTokenSeconds: 60 * 86400,
    refreshTokenSeconds: null,
    rotateRefreshTokens: false,
    // The shortcode of the permalink: the whole id, so two posts of one second never share a page.
    postPath: (account, post) => `/@${account.username}/post/${Buffer.from(post.id).toString('base64url')}`,
  });
  const containers = new Map<string, Container>();
  const shortLived = new Set<string>();

  const longLived = (issued: ReturnType<FakeState['issue']>): Reply => ({
    status: 200,
    body: { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn },
  });

  const routes = async (request: IncomingMessage, url: URL, body: Buffer): Promise<Reply | 'hang' | 'cut' | null> => {
    const params = new URLSearchParams(url.search);
    for (const [key, value] of parseForm(body)) params.set(key, value);
    const { pathname } = url;
    if (request.method === 'GET' && pathname === '/oauth/authorize') return consentRedirect(state, url);
    if (request.method === 'POST' && pathname === '/oauth/access_token') {
      const clientId = params.get('client_id');
      if (!clientId || !params.get('client_secret')) return graphError(400, 'Missing client_id or client_secret', 101);
      const redeemed = state.redeem(params.get('code') ?? '', clientId, params.get('redirect_uri') ?? '', params.get('code_verifier'));
      if ('error' in redeemed) return graphError(400, redeemed.error, 100, { error_subcode: 36007 });
      const issued = state.issue(redeemed.account.id, clientId, redeemed.scope);
      shortLived.add(issued.accessToken);
      return { status: 200, body: { access_token: issued.accessToken, user_id: Number(redeemed.account.id) } };
    }
    if (request.method === 'GET' && pathname === '/access_token' && params.get('grant_type') === 'th_exchange_token') {
      const token = params.get('access_token') ?? '';
      if (!params.get('client_secret') || !shortLived.has(token)) return graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
      const issued = state.reissueAccess(token, 0);
      if (!issued) return graphError(400, 'Error validating access token: Session has expired', 190, { error_subcode: 463 });
      shortLived.delete(token);
      return longLived(issued);
    }
    if (request.method === 'GET' && pathname === '/refresh_access_token' && params.get('grant_type') === 'th_refresh_token') {
      const token = params.get('access_token') ?? '';
      const issued = shortLived.has(token) ? null : state.reissueAccess(token, 0);
      if (!issued)
        return graphError(400, 'Error validating access token: the token has expired or the user has not authorized the application', 190, {
          error_subcode: 463,
        });
      return longLived(issued);
    }
    if (!pathname.startsWith('/v1.0/')) return null;
    const auth = state.authenticate(params.get('access_token') ?? bearer(request));
    if ('error' in auth) {
      if (auth.error === 'expired') return graphError(401, 'Error validating access token: Session has expired.', 190, { error_subcode: 463 });
      if (auth.error === 'revoked')
        return graphError(401, 'Error validating access token: The user has not authorized application.', 190, { error_subcode: 458 });
      return graphError(401, 'Invalid OAuth access token - Cannot parse access token', 190);
    }
    const { account } = auth;
    record(account, request, url);
    const parts = pathname.split('/').filter(Boolean).slice(1);
    if (request.method === 'GET' && parts.length === 1 && parts[0] === 'me')
      return { status: 200, body: { id: account.id, username: account.username, name: account.name } };
    if (parts.length === 2 && parts[0] !== account.id && parts[0] !== 'me')
      return graphError(400, 'Unsupported request: the user id is not the token’s user', 100);
    if (request.method === 'POST' && parts[1] === 'threads') return createContainer(account, params);
    if (request.method === 'POST' && parts[1] === 'threads_publish') return publish(account, params);
    if (request.method === 'GET' && parts[1] === 'threads') return list(account, params);
    if (request.method === 'GET' && parts.length === 1) return readObject(account, parts[0]!);
    return null;
  };

  const createContainer = (account: Account, params: URLSearchParams): Reply => {
    const mediaType = params.get('media_type');
    const text = params.get('text') ?? '';
    const carouselItem = params.get('is_carousel_item') === 'true';
    if (mediaType !== 'TEXT' && mediaType !== 'IMAGE' && mediaType !== 'CAROUSEL')
      return graphError(400, 'Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}', 100);
    if (carouselItem && mediaType !== 'IMAGE') return graphError(400, 'Only IMAGE and VIDEO containers can be carousel items.', 100);
    if (mediaType === 'TEXT' && !text) return graphError(400, 'Param text is required for TEXT posts', 100);
    if ([...text].length > 500) return graphError(400, 'Param text must be at most 500 characters long.', 100);
    const imageUrl = params.get('image_url');
    if (mediaType === 'IMAGE' && !imageUrl) return graphError(400, 'Param image_url is required for IMAGE posts', 100);
    const children = mediaType === 'CAROUSEL' ? (params.get('children') ?? '').split(',').filter(Boolean) : [];
    if (mediaType === 'CAROUSEL') {
      if (children.length < CAROUSEL_ITEMS.min || children.length > CAROUSEL_ITEMS.max)
        return graphError(400, `Param children must name between ${CAROUSEL_ITEMS.min} and ${CAROUSEL_ITEMS.max} carousel items.`, 100);
      const items = children.map((id) => containers.get(id));
      if (items.some((item) => !item || item.accountId !== account.id || !item.carouselItem))
        return graphError(400, 'Param children must name carousel item containers (is_carousel_item=true) of this user.', 100, { error_subcode: 4279009 });
    }
    const id = state.nextId();
    containers.set(id, { accountId: account.id, mediaType, text, imageUrl, altText: params.get('alt_text'), carouselItem, children, published: false });
    return { status: 200, body: { id } };
  };

  /** What a published container shows: its image, or a carousel's images in order, each with its alt text. */
  const mediaOf = (container: Container): StoredPost['media'] =>
    container.mediaType === 'CAROUSEL'
      ? container.children.map((id) => containers.get(id)!).map((item) => ({ id: item.imageUrl!, altText: item.altText }))
      : container.imageUrl
        ? [{ id: container.imageUrl, altText: container.altText }]
        : [];

  const publish = (account: Account, params: URLSearchParams): Reply | 'hang' | 'cut' => {
    const container = containers.get(params.get('creation_id') ?? '');
    if (!container || container.accountId !== account.id) return graphError(400, 'The media container was not found.', 24, { error_subcode: 4279009 });
    if (container.carouselItem) return graphError(400, 'A carousel item is published only through its CAROUSEL container.', 100);
    if (account.suspended) return graphError(400, 'The user is restricted from publishing on Threads.', 10);
    const limited = state.takeFault(account, 'rate_limit');
    if (limited) {
      const minutes = Math.max(1, Math.ceil((limited.resetAt * 1000 - Date.now()) / 60_000));
      return {
        ...graphError(429, 'Application request limit reached', 4, { is_transient: true }),
        headers: {
          'x-business-use-case-usage': JSON.stringify({
            [account.id]: [{ type: 'threads', call_count: 100, total_time: 1, total_cputime: 1, estimated_time_to_regain_access: minutes }],
          }),
        },
      };
    }
    if (state.takeFault(account, 'server_error')) return graphError(500, 'An unknown error has occurred.', 1, { is_transient: true });
    const rejected = state.takeFault(account, 'reject_content');
    if (rejected) return graphError(400, rejected.reason, 100, { error_subcode: 2207051 });
    if (container.published) return graphError(400, 'The media container has already been published.', 24, { error_subcode: 4279009 });
    container.published = true;
    const post = state.newPost(account, container.text, mediaOf(container));
    const after = state.takeFault(account, 'hang_after_store', 'cut_after_store');
    if (after) return after.kind === 'hang_after_store' ? 'hang' : 'cut';
    return { status: 200, body: { id: post.id } };
  };

  const permalink = (account: Account, id: string) =>
    `${options.linkHere ? state.origin : 'https://www.threads.net'}/@${account.username}/post/${Buffer.from(id).toString('base64url')}`;

  const list = (account: Account, params: URLSearchParams): Reply => {
    const since = params.get('since');
    const sinceMs = since ? (/^\d+$/.test(since) ? Number(since) * 1000 : Date.parse(since)) : 0;
    const limit = Math.min(100, Number(params.get('limit') ?? 25));
    const found = account.posts.filter((post) => Date.parse(post.createdAt) >= sinceMs).slice(0, limit);
    return {
      status: 200,
      body: {
        data: found.map((post) => ({
          id: post.id,
          media_type: post.media.length > 1 ? 'CAROUSEL_ALBUM' : post.media.length ? 'IMAGE' : 'TEXT_POST',
          text: post.text,
          timestamp: post.createdAt.replace(/\.\d{3}Z$/, '+0000'),
          permalink: permalink(account, post.id),
        })),
        paging: { cursors: { before: found[0]?.id ?? '', after: found.at(-1)?.id ?? '' } },
      },
    };
  };

  const readObject = (account: Account, id: string): Reply => {
    const container = containers.get(id);
    if (container && container.accountId === account.id) return { status: 200, body: { id, status: 'FINISHED' } };
    const post = account.posts.find((candidate) => candidate.id === id);
    if (post) return { status: 200, body: { id, permalink: permalink(account, id), text: post.text, timestamp: post.createdAt.replace(/\.\d{3}Z$/, '+0000') } };
    return graphError(400, `Unsupported get request. Object with ID '${id}' does not exist.`, 100, { error_subcode: 33 });
  };

  return serveFakeNetwork(state, routes, port);
}
