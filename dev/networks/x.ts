import type { IncomingMessage } from 'node:http';
import twitterText from 'twitter-text';
import {
  basicClient,
  bearer,
  consentRedirect,
  FakeState,
  parseForm,
  parseJson,
  parseMultipart,
  record,
  serveFakeNetwork,
  type Account,
  type FakeNetwork,
  type Reply,
} from './oauth-network-fake';

/** X's documented image limit for the simple upload (5 MB; JPEG, PNG, WebP, GIF). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

const problem = (status: number, title: string, detail: string, type = 'about:blank', extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { title, detail, type, status, ...extra },
});
const invalidRequest = (message: string, parameter: string): Reply => ({
  status: 400,
  body: {
    errors: [{ parameters: { [parameter]: [] }, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  },
});

/**
 * X (api.x.com, x.com/i/oauth2/authorize) as its API v2 documents: OAuth 2.0 with PKCE (access
 * tokens for 2 hours, rotating refresh tokens with offline.access), `POST /2/tweets`, the one-shot
 * `POST /2/media/upload`, alt text through `POST /2/media/metadata`, `GET /2/users/me` and
 * `GET /2/users/:id/tweets`. Errors are problem documents (`{title, detail, type, status}`), with
 * `errors[]` for invalid requests; 429 carries `x-rate-limit-reset` in epoch seconds.
 */
export async function startXFake(port = 0): Promise<FakeNetwork> {
  const state = new FakeState({
    network: 'x',
    accessTokenSeconds: 7200,
    refreshTokenSeconds: 180 * 86400,
    rotateRefreshTokens: true,
    postPath: (account, post) => `/${account.username}/status/${post.id}`,
  });

  const token = (request: IncomingMessage, body: Buffer): Reply => {
    const form = parseForm(body);
    const clientId = basicClient(request)?.clientId ?? form.get('client_id');
    if (!clientId) return { status: 401, body: { error: 'unauthorized_client', error_description: 'Missing valid authorization header' } };
    const grant = form.get('grant_type');
    const answer = (issued: ReturnType<FakeState['issue']>): Reply => ({
      status: 200,
      body: { token_type: 'bearer', expires_in: issued.expiresIn, access_token: issued.accessToken, scope: issued.scope, refresh_token: issued.refreshToken },
    });
    if (grant === 'authorization_code') {
      const redeemed = state.redeem(form.get('code') ?? '', clientId, form.get('redirect_uri') ?? '', form.get('code_verifier'));
      if ('error' in redeemed) return { status: 400, body: { error: 'invalid_request', error_description: redeemed.error } };
      return answer(state.issue(redeemed.account.id, clientId, redeemed.scope));
    }
    if (grant === 'refresh_token') {
      const issued = state.refresh(form.get('refresh_token') ?? '', clientId);
      if (!issued) return { status: 400, body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' } };
      return answer(issued);
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' } };
  };

  const routes = async (request: IncomingMessage, url: URL, body: Buffer): Promise<Reply | 'hang' | 'cut' | null> => {
    const { pathname } = url;
    if (request.method === 'GET' && pathname === '/i/oauth2/authorize') return consentRedirect(state, url);
    if (request.method === 'POST' && pathname === '/2/oauth2/token') return token(request, body);
    if (request.method === 'POST' && pathname === '/2/oauth2/revoke') {
      state.revokeToken(parseForm(body).get('token') ?? '');
      return { status: 200, body: { revoked: true } };
    }
    if (!pathname.startsWith('/2/')) return null;
    const auth = state.authenticate(bearer(request));
    if ('error' in auth) return problem(401, 'Unauthorized', 'Unauthorized');
    const { account } = auth;
    record(account, request, url);
    if (request.method === 'GET' && pathname === '/2/users/me')
      return { status: 200, body: { data: { id: account.id, name: account.name, username: account.username } } };
    if (request.method === 'POST' && pathname === '/2/media/upload') return upload(account, request, body);
    if (request.method === 'POST' && pathname === '/2/media/metadata') return metadata(account, body);
    if (request.method === 'POST' && pathname === '/2/tweets') return tweet(account, body);
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(pathname);
    if (request.method === 'GET' && timeline) return readTimeline(timeline[1]!, url);
    return null;
  };

  const upload = (account: Account, request: IncomingMessage, body: Buffer): Reply => {
    const fields = parseMultipart(request, body);
    const media = fields.get('media');
    if (!media) return invalidRequest('The `media` field is required.', 'media');
    const contentType = media.contentType ?? 'application/octet-stream';
    if (!IMAGE_TYPES.has(contentType)) return invalidRequest(`Unsupported media type ${contentType}.`, 'media');
    if (media.value.length > MAX_IMAGE_BYTES) return invalidRequest(`File size exceeds ${MAX_IMAGE_BYTES} bytes.`, 'media');
    const id = state.nextId();
    account.uploads.set(id, { id, bytes: media.value.length, contentType, altText: null });
    return {
      status: 200,
      body: { data: { id, media_key: `3_${id}`, size: media.value.length, expires_after_secs: 86400, image: { image_type: contentType } } },
    };
  };

  const metadata = (account: Account, body: Buffer): Reply => {
    const input = parseJson(body) as { id?: string; metadata?: { alt_text?: { text?: string } } };
    const stored = input.id ? account.uploads.get(input.id) : undefined;
    if (!stored) return invalidRequest('The media id is unknown.', 'id');
    const text = input.metadata?.alt_text?.text ?? '';
    if (text.length > 1000) return invalidRequest('Alt text is limited to 1000 characters.', 'alt_text');
    stored.altText = text;
    return { status: 200, body: { data: { id: stored.id, associated_metadata: { alt_text: { text } } } } };
  };

  const tweet = (account: Account, body: Buffer): Reply | 'hang' | 'cut' => {
    if (account.suspended) return problem(403, 'Forbidden', 'Your account is suspended and is not permitted to access this feature.');
    const limited = state.takeFault(account, 'rate_limit');
    if (limited) {
      return {
        ...problem(429, 'Too Many Requests', 'Too Many Requests'),
        headers: { 'x-rate-limit-limit': '100', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(limited.resetAt) },
      };
    }
    if (state.takeFault(account, 'server_error')) return problem(503, 'Service Unavailable', 'Service Unavailable');
    const input = parseJson(body) as { text?: unknown; media?: { media_ids?: unknown } };
    if (typeof input.text !== 'string' || input.text === '') return invalidRequest('`text` is required unless media is attached.', 'text');
    if (twitterText.parseTweet(input.text).weightedLength > 280) return invalidRequest('Your Tweet text is too long.', 'text');
    const rejected = state.takeFault(account, 'reject_content');
    if (rejected) return invalidRequest(rejected.reason, 'text');
    if (account.posts.some((post) => post.text === input.text))
      return problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    const ids = Array.isArray(input.media?.media_ids) ? (input.media.media_ids as unknown[]).map(String) : [];
    if (ids.length > 4) return invalidRequest('A post takes at most 4 images.', 'media.media_ids');
    const unknown = ids.find((id) => !account.uploads.has(id));
    if (unknown) return invalidRequest(`Your media IDs are invalid: ${unknown}.`, 'media.media_ids');
    const post = state.newPost(
      account,
      input.text,
      ids.map((id) => ({ id, altText: account.uploads.get(id)!.altText })),
    );
    const after = state.takeFault(account, 'hang_after_store', 'cut_after_store');
    if (after) return after.kind === 'hang_after_store' ? 'hang' : 'cut';
    return { status: 201, body: { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } } };
  };

  const readTimeline = (userId: string, url: URL): Reply => {
    const account = state.accounts.get(userId);
    if (!account) return problem(404, 'Not Found Error', `Could not find user with id: [${userId}].`, 'https://api.twitter.com/2/problems/resource-not-found');
    const since = url.searchParams.get('start_time');
    const max = Math.min(100, Math.max(5, Number(url.searchParams.get('max_results') ?? 10)));
    const found = account.posts.filter((post) => !since || post.createdAt >= since).slice(0, max);
    if (found.length === 0) return { status: 200, body: { meta: { result_count: 0 } } };
    return {
      status: 200,
      body: {
        data: found.map((post) => ({ id: post.id, text: post.text, created_at: post.createdAt, edit_history_tweet_ids: [post.id] })),
        meta: { result_count: found.length, newest_id: found[0]!.id, oldest_id: found.at(-1)!.id },
      },
    };
  };

  return serveFakeNetwork(state, routes, port);
}
