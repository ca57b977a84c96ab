import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { FakeNetwork } from './bluesky';
import { cut, escapeHtml, type Fault, hang, html, json, readBody, type ReceivedPost, token } from './common';

/**
 * A Mastodon instance, from the API launch uses (docs.joinmastodon.org): POST /api/v1/apps,
 * GET/POST /oauth/authorize (a consent form: the person types a username), POST /oauth/token
 * (authorization_code with PKCE S256), GET /api/v1/accounts/verify_credentials, POST /api/v2/media
 * (multipart `file` and `description`, 16 MB), POST /api/v1/statuses (500 characters, URLs as 23;
 * `Idempotency-Key` returns the status it already made for that token and key). Errors are
 * `{ error }` (`{ error, error_description }` from OAuth); answers carry `X-RateLimit-Limit`,
 * `-Remaining` and `-Reset` (an ISO 8601 time). Statuses show at `/@<username>/<id>`.
 *
 * Control (not Mastodon's): POST /_fake/faults `{ username, faults: [...] }` (common.ts);
 * GET /_fake/received[?username=] the statuses and media stored; GET /_fake/tokens?username= every
 * token issued to the user and whether it still works; GET / what it received. POST /oauth/revoke
 * (client_id, client_secret, token) ends a token, as Mastodon's does.
 */
interface Account {
  id: string;
  username: string;
  faults: Fault[];
}

export async function startMastodonFake(options: { port?: number; host?: string; onPost?: (post: ReceivedPost) => void } = {}): Promise<FakeNetwork> {
  const apps = new Map<string, { secret: string; redirectUri: string; name: string }>();
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; username: string }>();
  const tokens = new Map<string, { username: string; clientId: string; revoked: boolean }>();
  const accounts = new Map<string, Account>();
  const statuses: Array<{ id: string; username: string; text: string; mediaIds: string[]; idempotencyKey: string | null; token: string; createdAt: string }> =
    [];
  const media = new Map<string, { username: string; description: string; size: number; type: string }>();
  let sequence = 100000;
  let origin = '';

  const account = (username: string) => {
    let found = accounts.get(username);
    if (!found) accounts.set(username, (found = { id: String(++sequence), username, faults: [] }));
    return found;
  };
  const limits = (remaining = 299) => ({
    'x-ratelimit-limit': '300',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': new Date(Date.now() + 5 * 60_000).toISOString(),
  });
  const error = (response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) =>
    json(response, status, { error: message }, { ...limits(), ...headers });
  const statusView = (status: (typeof statuses)[number]) => ({
    id: status.id,
    uri: `${origin}/users/${status.username}/statuses/${status.id}`,
    url: `${origin}/@${status.username}/${status.id}`,
    created_at: status.createdAt,
    content: `<p>${escapeHtml(status.text)}</p>`,
    visibility: 'public',
    account: { id: account(status.username).id, username: status.username, acct: status.username },
    media_attachments: status.mediaIds.map((id) => ({ id, type: 'image', description: media.get(id)?.description ?? null })),
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    const form = async (): Promise<Record<string, string>> => {
      if (type.includes('json')) return JSON.parse(raw.toString('utf8') || '{}') as Record<string, string>;
      if (type.includes('multipart/form-data')) {
        const parsed = await new Request('http://fake', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
        const out: Record<string, string> = {};
        for (const [name, value] of parsed) out[name] = typeof value === 'string' ? value : `file:${(value as Blob).size}:${(value as Blob).type}`;
        return out;
      }
      return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    };
    try {
      if (url.pathname === '/_fake/faults' && request.method === 'POST') {
        const { username, faults } = (await form()) as unknown as { username: string; faults: Fault[] };
        account(username).faults.push(...faults);
        return json(response, 200, { queued: account(username).faults.length });
      }
      if (url.pathname === '/_fake/received') {
        const username = url.searchParams.get('username');
        return json(response, 200, {
          statuses: statuses
            .filter((status) => !username || status.username === username)
            .map((status) => ({ ...statusView(status), idempotencyKey: status.idempotencyKey })),
          media: [...media].filter(([, item]) => !username || item.username === username).map(([id, item]) => ({ id, ...item })),
          apps: apps.size,
        });
      }
      if (url.pathname === '/_fake/tokens') {
        const username = url.searchParams.get('username');
        const issued = [...tokens].filter(([, item]) => item.username === username);
        return json(response, 200, { tokens: issued.map(([value, item]) => ({ value, kind: 'access', live: !item.revoked })) });
      }
      const page = url.pathname.match(/^\/@([^/]+)\/(\d+)$/);
      if (page) {
        const status = statuses.find((candidate) => candidate.id === page[2] && candidate.username === page[1]);
        return status
          ? html(response, 200, `<title>@${escapeHtml(status.username)}</title><p>${escapeHtml(status.text)}</p>`)
          : html(response, 404, '<p>Not found</p>');
      }
      if (url.pathname === '/') {
        const rows = statuses.map(
          (status) => `<li><a href="/@${status.username}/${status.id}">@${escapeHtml(status.username)}</a>: ${escapeHtml(status.text)}</li>`,
        );
        return html(response, 200, `<title>Fake Mastodon</title><h1>Fake Mastodon</h1><p>${apps.size} apps registered</p><ul>${rows.join('')}</ul>`);
      }
      if (url.pathname === '/api/v1/apps' && request.method === 'POST') {
        const input = await form();
        if (!input.client_name || !input.redirect_uris)
          return json(response, 422, { error: "Validation failed: Name can't be blank, Redirect URI can't be blank" });
        const clientId = token('');
        apps.set(clientId, { secret: token(''), redirectUri: input.redirect_uris, name: input.client_name });
        return json(response, 200, {
          id: String(++sequence),
          name: input.client_name,
          redirect_uri: input.redirect_uris,
          client_id: clientId,
          client_secret: apps.get(clientId)!.secret,
        });
      }
      if (url.pathname === '/oauth/authorize') {
        const params = request.method === 'POST' ? new URLSearchParams(await form()) : url.searchParams;
        const app = apps.get(params.get('client_id') ?? '');
        if (!app || app.redirectUri !== params.get('redirect_uri')) return html(response, 400, '<p>The redirect uri included is not valid.</p>');
        if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) return html(response, 400, '<p>PKCE (S256) is required.</p>');
        const username = params.get('username');
        if (request.method !== 'POST' || !username) {
          const hidden = [...params]
            .filter(([name]) => name !== 'username')
            .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);
          return html(
            response,
            200,
            `<title>Authorize ${escapeHtml(app.name)}</title><h1>Authorize ${escapeHtml(app.name)}?</h1><form method="post" action="/oauth/authorize">${hidden.join('')}<label>Username <input name="username" value="demo"></label><button name="decision" value="approve">Authorize</button><button name="decision" value="deny">Deny</button></form>`,
          );
        }
        const back = new URL(app.redirectUri);
        back.searchParams.set('state', params.get('state') ?? '');
        if (params.get('decision') === 'deny') {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
        } else {
          const code = token('');
          codes.set(code, { clientId: params.get('client_id')!, redirectUri: app.redirectUri, challenge: params.get('code_challenge')!, username });
          back.searchParams.set('code', code);
        }
        response.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (url.pathname === '/oauth/token' && request.method === 'POST') {
        const input = await form();
        const grant = codes.get(input.code ?? '');
        codes.delete(input.code ?? '');
        const app = apps.get(input.client_id ?? '');
        if (!grant || !app || app.secret !== input.client_secret || grant.clientId !== input.client_id || grant.redirectUri !== input.redirect_uri) {
          return json(response, 400, {
            error: 'invalid_grant',
            error_description:
              'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
          });
        }
        if (
          createHash('sha256')
            .update(input.code_verifier ?? '')
            .digest('base64url') !== grant.challenge
        ) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'The code verifier does not match the code challenge.' });
        }
        const access = token('');
        tokens.set(access, { username: grant.username, clientId: grant.clientId, revoked: false });
        return json(response, 200, { access_token: access, token_type: 'Bearer', scope: input.scope ?? 'read', created_at: Math.floor(Date.now() / 1000) });
      }
      if (url.pathname === '/oauth/revoke' && request.method === 'POST') {
        const input = await form();
        const app = apps.get(input.client_id ?? '');
        if (!app || app.secret !== input.client_secret) {
          return json(response, 403, { error: 'unauthorized_client', error_description: 'You are not authorized to revoke this token' });
        }
        const found = tokens.get(input.token ?? '');
        if (found && found.clientId === input.client_id) found.revoked = true;
        return json(response, 200, {});
      }

      const bearer = tokens.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
      if (!bearer || bearer.revoked) return error(response, 401, 'The access token is invalid');
      const me = account(bearer.username);
      if (url.pathname === '/api/v1/accounts/verify_credentials') {
        return json(
          response,
          200,
          { id: me.id, username: me.username, acct: me.username, display_name: me.username, url: `${origin}/@${me.username}` },
          limits(),
        );
      }
      const fault = request.method === 'POST' ? me.faults.shift() : undefined;
      if (fault?.kind === 'revoke') {
        bearer.revoked = true;
        return error(response, 401, 'The access token was revoked');
      }
      if (fault?.kind === 'rate_limit') {
        return error(response, 429, 'Too many requests', {
          ...limits(0),
          'x-ratelimit-reset': new Date(Date.now() + (fault.resetSeconds ?? 60) * 1000).toISOString(),
        });
      }
      if (fault?.kind === 'server_error') return error(response, 503, 'Service Unavailable');
      if (url.pathname === '/api/v2/media' && request.method === 'POST') {
        const input = await form();
        const [, size, mime] = (input.file ?? '').split(':');
        if (!size) return error(response, 422, 'Validation failed: File is invalid');
        if (Number(size) > 16 * 1024 * 1024) return error(response, 422, 'Validation failed: File file size must be less than 16 MB');
        const id = String(++sequence);
        media.set(id, { username: me.username, description: input.description ?? '', size: Number(size), type: mime ?? '' });
        return json(response, 200, { id, type: 'image', url: `${origin}/media/${id}`, description: input.description ?? null }, limits());
      }
      if (url.pathname === '/api/v1/statuses' && request.method === 'POST') {
        const input = (await form()) as unknown as { status?: string; media_ids?: string[] };
        const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
        const bearerToken = request.headers.authorization!.replace(/^Bearer /, '');
        const earlier = key ? statuses.find((status) => status.idempotencyKey === key && status.token === bearerToken) : undefined;
        if (earlier) return json(response, 200, statusView(earlier), limits());
        const text = input.status ?? '';
        const length = [...text.replace(/https?:\/\/\S+/g, '')].length + (text.match(/https?:\/\/\S+/g)?.length ?? 0) * 23;
        if (fault?.kind === 'reject' || length > 500) return error(response, 422, 'Validation failed: Text character limit of 500 exceeded');
        if (!text && !input.media_ids?.length) return error(response, 422, "Validation failed: Text can't be blank");
        const status = {
          // Time-ordered like Mastodon's snowflake ids, so a restarted fake never reuses an earlier run's URL.
          id: `${Date.now()}${String(++sequence).slice(-4)}`,
          username: me.username,
          text,
          mediaIds: input.media_ids ?? [],
          idempotencyKey: key,
          token: bearerToken,
          createdAt: new Date().toISOString(),
        };
        statuses.push(status);
        options.onPost?.({ account: `@${status.username}`, text, url: statusView(status).url, images: status.mediaIds.length });
        if (fault?.kind === 'store_then_hang') return hang(response);
        if (fault?.kind === 'store_then_cut') return cut(response);
        return json(response, 200, statusView(status), limits());
      }
      return error(response, 404, 'Record not found');
    } catch (caught) {
      return error(response, 400, caught instanceof Error ? caught.message : String(caught));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // The first account, so its id is the same in every run: a connection to it stays the same account.
  account('demo');
  return {
    url: origin,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
