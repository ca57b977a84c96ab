import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cut, escapeHtml, type Fault, hang, html, json, readBody, type ReceivedPost, token } from './common';

/**
 * A Bluesky PDS, from the XRPC methods launch uses (docs.bsky.app, lexicons com.atproto.*):
 * createSession, refreshSession, resolveHandle, uploadBlob (1,000,000 bytes), createRecord (with a
 * record key; a taken key answers 400 InvalidRequest), getRecord (400 RecordNotFound). Errors are
 * `{ error, message }`; every answer carries `ratelimit-limit/-remaining/-reset/-policy`. Access
 * tokens are JWTs whose `exp` is `accessTtlSeconds` ahead. Posts show at `/profile/<handle>/post/<rkey>`.
 *
 * Control (not Bluesky's): POST /_fake/accounts `{ handle, password, did? }` → `{ did }`;
 * POST /_fake/faults `{ handle, faults: [...] }` (common.ts); POST /_fake/expire `{ handle }` ends
 * the access tokens; GET /_fake/received[?handle=] every record and blob stored; GET /_fake/tokens?handle=
 * every token issued to the account and whether it still works; GET / what it received.
 * `com.atproto.server.deleteSession` (with the refresh JWT) ends that session's refresh token.
 */
interface Account {
  did: string;
  handle: string;
  password: string;
  revoked: boolean;
  faults: Fault[];
  records: Map<string, { cid: string; value: Record<string, unknown>; createdAt: string }>;
  /** Every JWT issued to the account, for tests that look for them where they must not be. */
  issued: string[];
  blobs: Array<{ cid: string; mimeType: string; size: number }>;
}

export interface FakeNetwork {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startBlueskyFake(
  options: { port?: number; host?: string; accessTtlSeconds?: number; onPost?: (post: ReceivedPost) => void } = {},
): Promise<FakeNetwork> {
  const accounts = new Map<string, Account>();
  const sessions = new Map<string, { did: string; kind: 'access' | 'refresh'; expiresAt: number }>();
  const ttl = options.accessTtlSeconds ?? 2 * 60 * 60;
  let origin = '';
  const byHandle = (handle: string) => [...accounts.values()].find((account) => account.handle === handle.replace(/^@/, '').toLowerCase());

  const jwt = (did: string, kind: 'access' | 'refresh') => {
    const expiresAt = Date.now() + (kind === 'access' ? ttl : 90 * 24 * 3600) * 1000;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const value = `${encode({ alg: 'HS256', typ: kind === 'access' ? 'at+jwt' : 'refresh+jwt' })}.${encode({ sub: did, exp: Math.floor(expiresAt / 1000), jti: token('') })}.${token('')}`;
    sessions.set(value, { did, kind, expiresAt });
    accounts.get(did)?.issued.push(value);
    return value;
  };
  const newSession = (account: Account) => ({
    did: account.did,
    handle: account.handle,
    accessJwt: jwt(account.did, 'access'),
    refreshJwt: jwt(account.did, 'refresh'),
    active: true,
  });
  const limits = (remaining = 4999) => ({
    'ratelimit-limit': '5000',
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'ratelimit-policy': '5000;w=3600',
  });
  const error = (response: ServerResponse, status: number, name: string, message: string, headers: Record<string, string> = {}) =>
    json(response, status, { error: name, message }, { ...limits(), ...headers });
  const session = (request: IncomingMessage, kind: 'access' | 'refresh'): { error: readonly [string, string] } | { account: Account; bearer: string } => {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const found = sessions.get(bearer);
    if (!found || found.kind !== kind) return { error: ['InvalidToken', 'Token could not be verified'] as const };
    const account = accounts.get(found.did)!;
    if (account.revoked) return { error: ['InvalidToken', 'Token has been revoked'] as const };
    if (found.expiresAt < Date.now()) return { error: ['ExpiredToken', 'Token has expired'] as const };
    return { account, bearer };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const input = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    const method = url.pathname.replace(/^\/xrpc\//, '');
    try {
      if (url.pathname === '/_fake/accounts' && request.method === 'POST') {
        const { handle, password, did: fixedDid } = input() as { handle: string; password: string; did?: string };
        const did = fixedDid ?? `did:plc:${randomBytes(12).toString('hex').slice(0, 24)}`;
        accounts.set(did, { did, handle: handle.toLowerCase(), password, revoked: false, faults: [], records: new Map(), issued: [], blobs: [] });
        return json(response, 201, { did });
      }
      if (url.pathname === '/_fake/faults' && request.method === 'POST') {
        const { handle, faults } = input() as { handle: string; faults: Fault[] };
        const account = byHandle(handle);
        if (!account) return json(response, 404, { error: 'NoSuchAccount' });
        account.faults.push(...faults);
        return json(response, 200, { queued: account.faults.length });
      }
      if (url.pathname === '/_fake/expire' && request.method === 'POST') {
        const account = byHandle((input() as { handle: string }).handle);
        for (const value of sessions.values()) if (value.did === account?.did && value.kind === 'access') value.expiresAt = 0;
        return json(response, 200, {});
      }
      if (url.pathname === '/_fake/received') {
        const handle = url.searchParams.get('handle');
        const list = [...accounts.values()].filter((account) => !handle || account.handle === handle);
        return json(response, 200, {
          accounts: list.map((account) => ({
            did: account.did,
            handle: account.handle,
            records: [...account.records].map(([rkey, record]) => ({ rkey, ...record })),
            blobs: account.blobs,
          })),
        });
      }
      if (url.pathname === '/_fake/tokens') {
        const account = byHandle(url.searchParams.get('handle') ?? '');
        if (!account) return json(response, 404, { error: 'NoSuchAccount' });
        const live = (value: string) => !account.revoked && (sessions.get(value)?.expiresAt ?? 0) > Date.now();
        return json(response, 200, { tokens: account.issued.map((value) => ({ value, kind: sessions.get(value)?.kind ?? null, live: live(value) })) });
      }
      const post = url.pathname.match(/^\/profile\/([^/]+)\/post\/([^/]+)$/);
      if (post) {
        const record = byHandle(decodeURIComponent(post[1]!))?.records.get(post[2]!);
        return record
          ? html(response, 200, `<title>@${escapeHtml(post[1]!)}</title><p>${escapeHtml(String(record.value.text))}</p>`)
          : html(response, 404, '<p>Post not found</p>');
      }
      if (url.pathname === '/') {
        const rows = [...accounts.values()].flatMap((account) =>
          [...account.records].map(
            ([rkey, record]) =>
              `<li><a href="/profile/${account.handle}/post/${rkey}">@${escapeHtml(account.handle)}</a>: ${escapeHtml(String(record.value.text))}</li>`,
          ),
        );
        return html(response, 200, `<title>Fake Bluesky PDS</title><h1>Fake Bluesky PDS</h1><p>${accounts.size} accounts</p><ul>${rows.join('')}</ul>`);
      }

      if (method === 'com.atproto.server.createSession') {
        const { identifier, password } = input() as { identifier?: string; password?: string };
        const account = [...accounts.values()].find((candidate) => candidate.handle === identifier?.toLowerCase() || candidate.did === identifier);
        if (!account || account.password !== password || account.revoked)
          return error(response, 401, 'AuthenticationRequired', 'Invalid identifier or password');
        return json(response, 200, newSession(account), limits());
      }
      if (method === 'com.atproto.server.refreshSession') {
        const found = session(request, 'refresh');
        if ('error' in found) return error(response, found.error[0] === 'ExpiredToken' ? 400 : 401, found.error[0], found.error[1]);
        sessions.delete(found.bearer); // refresh tokens are used once
        return json(response, 200, newSession(found.account), limits());
      }
      if (method === 'com.atproto.server.deleteSession') {
        const found = session(request, 'refresh');
        if ('error' in found) return error(response, found.error[0] === 'ExpiredToken' ? 400 : 401, found.error[0], found.error[1]);
        sessions.delete(found.bearer);
        response.writeHead(200, limits()).end();
        return;
      }
      if (method === 'com.atproto.identity.resolveHandle') {
        const account = byHandle(url.searchParams.get('handle') ?? '');
        return account ? json(response, 200, { did: account.did }, limits()) : error(response, 400, 'InvalidRequest', 'Unable to resolve handle');
      }

      const found = session(request, 'access');
      if ('error' in found) return error(response, found.error[0] === 'ExpiredToken' ? 400 : 401, found.error[0], found.error[1]);
      const { account } = found;
      const writes = method === 'com.atproto.repo.createRecord' || method === 'com.atproto.repo.uploadBlob';
      const fault = writes ? account.faults.shift() : undefined;
      if (fault?.kind === 'revoke') account.revoked = true;
      if (fault?.kind === 'revoke') return error(response, 401, 'InvalidToken', 'Token has been revoked');
      if (fault?.kind === 'rate_limit') {
        const reset = Math.floor(Date.now() / 1000) + (fault.resetSeconds ?? 60);
        return error(response, 429, 'RateLimitExceeded', 'Rate Limit Exceeded', { ...limits(0), 'ratelimit-reset': String(reset) });
      }
      if (fault?.kind === 'server_error') return error(response, 502, 'InternalServerError', 'Upstream Failure');

      if (method === 'com.atproto.repo.uploadBlob') {
        if (body.length > 1_000_000) return error(response, 400, 'BlobTooLarge', 'This file is too large. It is 1.2MB but the maximum size is 976.56KB.');
        const cid = `bafkrei${createHash('sha256').update(body).digest('hex').slice(0, 52)}`;
        const mimeType = request.headers['content-type'] ?? 'application/octet-stream';
        account.blobs.push({ cid, mimeType, size: body.length });
        return json(response, 200, { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: body.length } }, limits());
      }
      if (method === 'com.atproto.repo.getRecord') {
        const record = url.searchParams.get('repo') === account.did ? account.records.get(url.searchParams.get('rkey') ?? '') : undefined;
        if (!record) return error(response, 400, 'RecordNotFound', 'Could not locate record');
        return json(
          response,
          200,
          { uri: `at://${account.did}/app.bsky.feed.post/${url.searchParams.get('rkey')}`, cid: record.cid, value: record.value },
          limits(),
        );
      }
      if (method === 'com.atproto.repo.createRecord') {
        const { repo, collection, rkey, record } = input() as { repo: string; collection: string; rkey?: string; record: Record<string, unknown> };
        if (repo !== account.did) return error(response, 400, 'InvalidRequest', 'Invalid repo');
        if (fault?.kind === 'reject')
          return error(response, 400, 'InvalidRequest', 'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes');
        if (typeof record?.text !== 'string' || [...new Intl.Segmenter().segment(record.text)].length > 300) {
          return error(response, 400, 'InvalidRequest', 'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes');
        }
        const key = rkey ?? token('').slice(0, 13);
        if (account.records.has(key)) return error(response, 400, 'InvalidRequest', `Record already exists: at://${account.did}/${collection}/${key}`);
        const cid = `bafyrei${createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 52)}`;
        account.records.set(key, { cid, value: record, createdAt: new Date().toISOString() });
        const images = (record.embed as { images?: unknown[] } | undefined)?.images?.length ?? 0;
        options.onPost?.({ account: `@${account.handle}`, text: String(record.text), url: `${origin}/profile/${account.handle}/post/${key}`, images });
        if (fault?.kind === 'store_then_hang') return hang(response);
        if (fault?.kind === 'store_then_cut') return cut(response);
        return json(response, 200, { uri: `at://${account.did}/${collection}/${key}`, cid, validationStatus: 'valid' }, limits());
      }
      return error(response, 501, 'MethodNotImplemented', `Method Not Implemented: ${method}`);
    } catch (caught) {
      return error(response, 400, 'InvalidRequest', caught instanceof Error ? caught.message : String(caught));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
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
