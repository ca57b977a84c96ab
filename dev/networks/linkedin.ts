import type { IncomingMessage } from 'node:http';
import {
  bearer,
  consentRedirect,
  FakeState,
  parseForm,
  parseJson,
  record,
  serveFakeNetwork,
  type Account,
  type FakeNetwork,
  type Reply,
} from './oauth-network-fake';

/** The image limit launch holds LinkedIn to (JPG, PNG, GIF; 5 MB as LinkedIn's media guidance gives). */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const error = (status: number, message: string, code?: string, serviceErrorCode?: number): Reply => ({
  status,
  body: { status, message, ...(code ? { code } : {}), ...(serviceErrorCode ? { serviceErrorCode } : {}) },
});

/**
 * LinkedIn (www.linkedin.com/oauth/v2, api.linkedin.com) as its Community Management and Sign In
 * with LinkedIn (OpenID Connect) documentation describes: tokens for 60 days with refresh tokens for
 * a year, `GET /v2/userinfo`, the versioned `POST /rest/posts` (LinkedIn-Version and
 * X-Restli-Protocol-Version 2.0.0 required; the new post's URN in `x-restli-id`) and
 * `POST /rest/images?action=initializeUpload` then a PUT of the bytes to the upload URL. Errors are
 * `{status, message, code?, serviceErrorCode?}`. Reading a member's posts needs r_member_social,
 * which LinkedIn grants only to approved partners: without it `GET /rest/posts?q=author` is 403.
 */
export async function startLinkedInFake(port = 0): Promise<FakeNetwork> {
  const state = new FakeState({
    network: 'linkedin',
    accessTokenSeconds: 60 * 86400,
    refreshTokenSeconds: 365 * 86400,
    rotateRefreshTokens: false,
    postPath: (_account, post) => `/feed/update/urn:li:share:${post.id}/`,
  });
  const images = new Map<string, { owner: string; bytes: number | null; contentType: string | null }>();

  const token = (body: Buffer): Reply => {
    const form = parseForm(body);
    const clientId = form.get('client_id');
    if (!clientId || !form.get('client_secret')) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    const answer = (issued: ReturnType<FakeState['issue']>): Reply => ({
      status: 200,
      body: {
        access_token: issued.accessToken,
        expires_in: issued.expiresIn,
        refresh_token: issued.refreshToken,
        refresh_token_expires_in: issued.refreshExpiresIn,
        scope: issued.scope,
      },
    });
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const redeemed = state.redeem(form.get('code') ?? '', clientId, form.get('redirect_uri') ?? '', form.get('code_verifier'));
      if ('error' in redeemed) return { status: 400, body: { error: 'invalid_request', error_description: redeemed.error } };
      return answer(state.issue(redeemed.account.id, clientId, redeemed.scope.split(' ').join(',')));
    }
    if (grant === 'refresh_token') {
      const issued = state.refresh(form.get('refresh_token') ?? '', clientId);
      if (!issued)
        return {
          status: 400,
          body: { error: 'invalid_request', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.' },
        };
      return answer(issued);
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' } };
  };

  const routes = async (request: IncomingMessage, url: URL, body: Buffer): Promise<Reply | 'hang' | 'cut' | null> => {
    const { pathname } = url;
    if (request.method === 'GET' && pathname === '/oauth/v2/authorization') return consentRedirect(state, url);
    if (request.method === 'POST' && pathname === '/oauth/v2/accessToken') return token(body);
    if (request.method === 'POST' && pathname === '/oauth/v2/revoke') {
      state.revokeToken(parseForm(body).get('token') ?? '');
      return { status: 200 };
    }
    if (!pathname.startsWith('/v2/') && !pathname.startsWith('/rest/') && !pathname.startsWith('/upload/')) return null;
    const auth = state.authenticate(bearer(request));
    if ('error' in auth) {
      if (auth.error === 'expired') return error(401, 'The token used in the request has expired', 'EXPIRED_ACCESS_TOKEN', 65601);
      if (auth.error === 'revoked') return error(401, 'The token used in the request has been revoked by the user', 'REVOKED_ACCESS_TOKEN', 65602);
      return error(401, 'Invalid access token', 'INVALID_ACCESS_TOKEN', 65600);
    }
    const { account } = auth;
    record(account, request, url);
    if (request.method === 'GET' && pathname === '/v2/userinfo') {
      return {
        status: 200,
        body: { sub: account.id, name: account.name, given_name: account.username, family_name: 'Demo', locale: { country: 'US', language: 'en' } },
      };
    }
    const upload = /^\/upload\/images\/([^/]+)$/.exec(pathname);
    if (request.method === 'PUT' && upload) return putImage(account, upload[1]!, request, body);
    if (!pathname.startsWith('/rest/')) return null;
    if (!/^\d{6}$/.test(String(request.headers['linkedin-version'] ?? ''))) {
      return error(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING');
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') return error(400, 'X-Restli-Protocol-Version 2.0.0 is required.', 'PROTOCOL_VERSION');
    if (request.method === 'POST' && pathname === '/rest/images' && url.searchParams.get('action') === 'initializeUpload') {
      return initializeUpload(account, request, body);
    }
    if (request.method === 'POST' && pathname === '/rest/posts') return createPost(account, body);
    if (request.method === 'GET' && pathname === '/rest/posts' && url.searchParams.get('q') === 'author') {
      if (!auth.token.scope.split(',').includes('r_member_social'))
        return error(403, 'Not enough permissions to access: partnerApiPosts.FINDER-author', 'ACCESS_DENIED', 100);
      const count = Number(url.searchParams.get('count') ?? 10);
      return {
        status: 200,
        body: { elements: account.posts.slice(0, count).map((post) => ({ id: post.id, commentary: post.text, createdAt: Date.parse(post.createdAt) })) },
      };
    }
    return null;
  };

  const initializeUpload = (account: Account, request: IncomingMessage, body: Buffer): Reply => {
    const input = parseJson(body) as { initializeUploadRequest?: { owner?: string } };
    const owner = input.initializeUploadRequest?.owner;
    if (owner !== `urn:li:person:${account.id}`) return error(403, `Not enough permissions to upload as ${owner ?? 'an unknown owner'}.`, 'ACCESS_DENIED', 100);
    const id = state.nextId();
    images.set(id, { owner, bytes: null, contentType: null });
    return {
      status: 200,
      body: {
        value: {
          uploadUrlExpiresAt: Date.now() + 3600_000,
          uploadUrl: `http://${request.headers.host}/upload/images/${id}`,
          image: `urn:li:image:${id}`,
        },
      },
    };
  };

  const putImage = (account: Account, id: string, request: IncomingMessage, body: Buffer): Reply => {
    const image = images.get(id);
    if (!image || image.owner !== `urn:li:person:${account.id}`) return error(404, 'Unknown upload.');
    const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
    if (!['image/jpeg', 'image/png', 'image/gif'].includes(contentType)) return error(400, `Unsupported image type ${contentType}.`);
    if (body.length > MAX_IMAGE_BYTES) return error(400, `The image is larger than ${MAX_IMAGE_BYTES} bytes.`);
    image.bytes = body.length;
    image.contentType = contentType;
    account.uploads.set(`urn:li:image:${id}`, { id: `urn:li:image:${id}`, bytes: body.length, contentType, altText: null });
    return { status: 201 };
  };

  const createPost = (account: Account, body: Buffer): Reply | 'hang' | 'cut' => {
    const input = parseJson(body) as {
      author?: string;
      commentary?: unknown;
      visibility?: string;
      distribution?: { feedDistribution?: string };
      lifecycleState?: string;
      content?: { media?: { id?: string; altText?: string } };
    };
    if (input.author !== `urn:li:person:${account.id}`)
      return error(403, `Not enough permissions to post as ${input.author ?? 'an unknown author'}.`, 'ACCESS_DENIED', 100);
    if (account.suspended) return error(403, 'The member is restricted from posting.', 'ACCESS_DENIED', 100);
    if (state.takeFault(account, 'rate_limit'))
      return error(429, 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.', 'TOO_MANY_REQUESTS');
    if (state.takeFault(account, 'server_error')) return error(503, 'Service Unavailable');
    if (typeof input.commentary !== 'string')
      return error(422, '/commentary :: field is required but not found and has no default value', 'UNPROCESSABLE_ENTITY');
    if (input.commentary.length > 3000) return error(422, '/commentary :: length exceeds 3000 characters', 'UNPROCESSABLE_ENTITY');
    if (input.lifecycleState !== 'PUBLISHED' || !input.visibility || !input.distribution?.feedDistribution) {
      return error(422, 'lifecycleState, visibility and distribution.feedDistribution are required.', 'UNPROCESSABLE_ENTITY');
    }
    const rejected = state.takeFault(account, 'reject_content');
    if (rejected) return error(422, rejected.reason, 'UNPROCESSABLE_ENTITY');
    const duplicate = account.posts.find((post) => post.text === input.commentary);
    if (duplicate) return error(422, `Content is a duplicate of urn:li:share:${duplicate.id}`, 'DUPLICATE_POST');
    const mediaId = input.content?.media?.id;
    if (mediaId && !account.uploads.has(mediaId))
      return error(422, `/content/media/id :: ${mediaId} is not an uploaded image of the author`, 'UNPROCESSABLE_ENTITY');
    if (mediaId) account.uploads.get(mediaId)!.altText = input.content?.media?.altText ?? null;
    const post = state.newPost(account, input.commentary, mediaId ? [{ id: mediaId, altText: input.content?.media?.altText ?? null }] : []);
    const after = state.takeFault(account, 'hang_after_store', 'cut_after_store');
    if (after) return after.kind === 'hang_after_store' ? 'hang' : 'cut';
    return { status: 201, headers: { 'x-restli-id': `urn:li:share:${post.id}` } };
  };

  return serveFakeNetwork(state, routes, port);
}
