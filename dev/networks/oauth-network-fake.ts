import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the X, LinkedIn and Threads fakes share: accounts with OAuth 2.0 tokens (authorization code
 * with PKCE S256, refresh, revocation), the posts each account made, the faults a test or a person
 * under `npm run dev` injects, and the control endpoints that set and show them. Each network's
 * file adds its own documented paths, request shapes and error bodies on top.
 *
 * Control (not part of any network's API):
 *   POST /control/accounts                 {username?, signIn?} → the account with fresh tokens; signIn: the next authorize consents as it
 *                                          (an authorize naming an account as its `login_hint` consents as that one instead)
 *   GET  /control/accounts/:id             the account: posts, uploads, requests (tokens left out)
 *   GET  /control/accounts/:id/tokens      every token issued to the account and whether it still works
 *   POST /control/accounts/:id/faults      {kind, …} queued; see `Fault`
 *   GET  /control/received                 everything every account received, newest first (what `npm run dev` shows)
 * and, as pages: GET / lists every post with a link to its own page (the network's post URL path).
 */
export type Fault =
  /** The account's current access token expires now: the next call answers 401 until the client refreshes. */
  | { kind: 'expire_token' }
  /** The user revoked the app: every token stops working and a refresh is refused. */
  | { kind: 'revoke' }
  /** The next post answers 429 with the network's reset (epoch seconds). */
  | { kind: 'rate_limit'; resetAt: number }
  /** The next `times` posts answer 503. */
  | { kind: 'server_error'; times: number }
  /** The next post is stored, then the answer never comes (the client times out) … */
  | { kind: 'hang_after_store' }
  /** … or the connection is cut. Either way a blind retry would post twice. */
  | { kind: 'cut_after_store' }
  /** The next post is refused for its content, with this reason. */
  | { kind: 'reject_content'; reason: string }
  /** The account is suspended: every post is refused. */
  | { kind: 'suspend' };

export interface StoredPost {
  id: string;
  text: string;
  createdAt: string;
  media: Array<{ id: string; altText: string | null }>;
}

export interface StoredUpload {
  id: string;
  bytes: number;
  contentType: string;
  altText: string | null;
}

export interface Account {
  id: string;
  username: string;
  name: string;
  posts: StoredPost[];
  uploads: Map<string, StoredUpload>;
  faults: Fault[];
  revoked: boolean;
  suspended: boolean;
  requests: Array<{ method: string; path: string; at: string; status?: number }>;
}

interface Token {
  accountId: string;
  expiresAt: number;
  kind: 'access' | 'refresh';
  clientId: string;
  scope: string;
  /** When issued, for Threads' rule that a long-lived token refreshes only once it is a day old. */
  issuedAt: number;
}

interface PendingCode {
  accountId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string | null;
  expiresAt: number;
}

export interface FakeNetworkOptions {
  /** X, LinkedIn or Threads: names the demo account and the ids. */
  network: string;
  accessTokenSeconds: number;
  /** Null: the network issues no refresh tokens (Threads refreshes the access token itself). */
  refreshTokenSeconds: number | null;
  /** Whether a refresh hands out a new refresh token (X rotates them). */
  rotateRefreshTokens: boolean;
  /** The path of a post's page on the network's site, which the fake serves (`/<handle>/status/<id>` on X). */
  postPath: (account: Account, post: StoredPost) => string;
}

/**
 * The demo account's id, the same in every run, so a connection `npm run dev` made to it in an
 * earlier run is the same account when it connects again (the fake forgets tokens between runs).
 */
export const DEMO_ACCOUNT_ID = '1700000000000000001';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw text instead of JSON. */
  text?: string;
}

export class FakeState {
  readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, Token>();
  private readonly codes = new Map<string, PendingCode>();
  /** Every token issued, by account, kept after revocation so tests can look for them where they must not be. */
  private readonly issued = new Map<string, string[]>();
  private signedIn: string;
  private sequence = 1_000_000;
  /** The fake's own origin once it listens: post URLs that the network builds itself (Threads' permalink) point here. */
  origin = '';
  /** Called with each post stored, for `npm run dev`'s log. */
  onPost?: (account: Account, post: StoredPost) => void;

  constructor(readonly options: FakeNetworkOptions) {
    this.signedIn = this.createAccount(`demo_${options.network}`, DEMO_ACCOUNT_ID).id;
  }

  nextId(): string {
    this.sequence += 1;
    return `${Date.now()}${this.sequence}`;
  }

  createAccount(username?: string, fixedId?: string): Account {
    const id = fixedId ?? this.nextId();
    const name = username ?? `user_${id.slice(-6)}`;
    const account: Account = {
      id,
      username: name,
      name: `${name} (${this.options.network})`,
      posts: [],
      uploads: new Map(),
      faults: [],
      revoked: false,
      suspended: false,
      requests: [],
    };
    this.accounts.set(id, account);
    return account;
  }

  signInAs(accountId: string) {
    this.signedIn = accountId;
  }

  issue(accountId: string, clientId: string, scope: string, now = Date.now()) {
    const accessToken = `${this.options.network}-at-${randomBytes(18).toString('base64url')}`;
    const issued = this.issued.get(accountId) ?? [];
    this.issued.set(accountId, issued);
    issued.push(accessToken);
    this.tokens.set(accessToken, { accountId, clientId, scope, kind: 'access', expiresAt: now + this.options.accessTokenSeconds * 1000, issuedAt: now });
    let refreshToken: string | undefined;
    if (this.options.refreshTokenSeconds !== null) {
      refreshToken = `${this.options.network}-rt-${randomBytes(18).toString('base64url')}`;
      this.tokens.set(refreshToken, { accountId, clientId, scope, kind: 'refresh', expiresAt: now + this.options.refreshTokenSeconds * 1000, issuedAt: now });
      issued.push(refreshToken);
    }
    return { accessToken, refreshToken, expiresIn: this.options.accessTokenSeconds, refreshExpiresIn: this.options.refreshTokenSeconds, scope };
  }

  /** The account whose valid access token this is, or why not. */
  authenticate(token: string | null): { account: Account; token: Token } | { error: 'missing' | 'invalid' | 'expired' | 'revoked' } {
    if (!token) return { error: 'missing' };
    const found = this.tokens.get(token);
    if (found?.kind !== 'access') return { error: 'invalid' };
    const account = this.accounts.get(found.accountId)!;
    if (account.revoked) return { error: 'revoked' };
    if (found.expiresAt <= Date.now()) return { error: 'expired' };
    return { account, token: found };
  }

  /** A refresh grant: the account's new tokens, or null when the refresh token is unknown, expired or revoked. */
  refresh(refreshToken: string, clientId: string) {
    const found = this.tokens.get(refreshToken);
    if (found?.kind !== 'refresh' || found.clientId !== clientId || found.expiresAt <= Date.now()) return null;
    const account = this.accounts.get(found.accountId)!;
    if (account.revoked) return null;
    if (this.options.rotateRefreshTokens) this.tokens.delete(refreshToken);
    const issued = this.issue(account.id, clientId, found.scope);
    if (!this.options.rotateRefreshTokens && issued.refreshToken) {
      this.tokens.delete(issued.refreshToken);
      issued.refreshToken = refreshToken;
    }
    return issued;
  }

  /** Threads: a long-lived token exchanged or refreshed for another of the same account. */
  reissueAccess(token: string, minimumAgeMs: number) {
    const found = this.tokens.get(token);
    if (found?.kind !== 'access') return null;
    const account = this.accounts.get(found.accountId)!;
    if (account.revoked || found.expiresAt <= Date.now() || Date.now() - found.issuedAt < minimumAgeMs) return null;
    return this.issue(account.id, found.clientId, found.scope);
  }

  /** Every token issued to the account, and whether the network would still accept it. */
  tokensOf(accountId: string) {
    const account = this.accounts.get(accountId);
    return (this.issued.get(accountId) ?? []).map((value) => {
      const found = this.tokens.get(value);
      return { value, kind: found?.kind ?? null, live: !!found && !account?.revoked && found.expiresAt > Date.now() };
    });
  }

  revokeToken(token: string) {
    const found = this.tokens.get(token);
    if (!found) return;
    for (const [value, other] of this.tokens) if (other.accountId === found.accountId && other.clientId === found.clientId) this.tokens.delete(value);
  }

  expireAccessTokens(accountId: string) {
    for (const token of this.tokens.values()) if (token.accountId === accountId && token.kind === 'access') token.expiresAt = Date.now() - 1;
  }

  /**
   * The authorize step, consenting at once as the signed-in account, or as the one OAuth's `login_hint` names (tests that
   * connect at the same time each name their own, so none consents as another's): the code to hand back.
   */
  authorize(params: URLSearchParams): { code: string } | { error: string } {
    const clientId = params.get('client_id');
    const redirectUri = params.get('redirect_uri');
    if (!clientId || !redirectUri) return { error: 'client_id and redirect_uri are required' };
    const challenge = params.get('code_challenge');
    if (challenge && params.get('code_challenge_method') !== 'S256') return { error: 'code_challenge_method must be S256' };
    const code = randomBytes(16).toString('base64url');
    const hinted = params.get('login_hint');
    const accountId = hinted && this.accounts.has(hinted) ? hinted : this.signedIn;
    this.codes.set(code, { accountId, clientId, redirectUri, scope: params.get('scope') ?? '', challenge, expiresAt: Date.now() + 10 * 60_000 });
    return { code };
  }

  /** The code grant: checks the client, the redirect URI and the PKCE verifier (S256), once. */
  redeem(code: string, clientId: string, redirectUri: string, verifier: string | null): { account: Account; scope: string } | { error: string } {
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expiresAt <= Date.now()) return { error: 'The authorization code is unknown, used or expired.' };
    if (pending.clientId !== clientId) return { error: 'The authorization code was issued to another client.' };
    if (pending.redirectUri !== redirectUri) return { error: 'redirect_uri does not match the authorization request.' };
    if (pending.challenge !== null) {
      if (!verifier) return { error: 'code_verifier is required.' };
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) return { error: 'code_verifier does not match the code_challenge.' };
    }
    return { account: this.accounts.get(pending.accountId)!, scope: pending.scope };
  }

  /** The first queued fault of one of these kinds, taken off the queue (a suspension stays). */
  takeFault<K extends Fault['kind']>(account: Account, ...kinds: K[]): Extract<Fault, { kind: K }> | undefined {
    const index = account.faults.findIndex((fault) => (kinds as string[]).includes(fault.kind));
    if (index < 0) return undefined;
    const fault = account.faults[index]!;
    if (fault.kind === 'server_error' && fault.times > 1) {
      account.faults[index] = { ...fault, times: fault.times - 1 };
      return fault as Extract<Fault, { kind: K }>;
    }
    account.faults.splice(index, 1);
    return fault as Extract<Fault, { kind: K }>;
  }

  inject(account: Account, fault: Fault) {
    if (fault.kind === 'expire_token') this.expireAccessTokens(account.id);
    else if (fault.kind === 'revoke') account.revoked = true;
    else if (fault.kind === 'suspend') account.suspended = true;
    else account.faults.push(fault);
  }

  newPost(account: Account, text: string, media: StoredPost['media']): StoredPost {
    const post = { id: this.nextId(), text, createdAt: new Date().toISOString(), media };
    account.posts.unshift(post);
    this.onPost?.(account, post);
    return post;
  }
}

export type Handler = (request: IncomingMessage, url: URL, body: Buffer) => Promise<Reply | 'hang' | 'cut' | null> | Reply | 'hang' | 'cut' | null;

export interface FakeNetwork {
  url: string;
  state: FakeState;
  close(): Promise<void>;
}

const MAX_BODY = 20 * 1024 * 1024;

/** Starts one network's fake: its own routes first, then the control endpoints. */
export async function serveFakeNetwork(state: FakeState, routes: Handler, port = 0): Promise<FakeNetwork> {
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    let body: Buffer;
    try {
      body = await readRaw(request);
    } catch {
      return void send(response, { status: 413, body: { error: 'body too large' } });
    }
    try {
      const reply = (await control(state, request, url, body)) ?? (await routes(request, url, body)) ?? pages(state, request, url);
      if (reply === 'cut') return void request.socket.destroy();
      if (reply === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      send(response, reply ?? { status: 404, body: { error: `No route ${request.method} ${url.pathname}` } });
    } catch (error) {
      send(response, { status: 500, body: { error: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.origin,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, reply: Reply) {
  const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  const type = reply.text !== undefined ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  response.writeHead(reply.status, { ...(text ? { 'content-type': type } : {}), ...reply.headers }).end(text);
}

function readRaw(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function control(state: FakeState, request: IncomingMessage, url: URL, body: Buffer): Reply | null {
  if (!url.pathname.startsWith('/control/')) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (request.method === 'POST' && url.pathname === '/control/accounts') {
    const input = parseJson(body) as { username?: string; signIn?: boolean; clientId?: string; scope?: string };
    const account = state.createAccount(input.username);
    if (input.signIn) state.signInAs(account.id);
    const tokens = state.issue(account.id, input.clientId ?? 'test-client', input.scope ?? '');
    return { status: 201, body: { ...describe(account), tokens } };
  }
  if (request.method === 'GET' && url.pathname === '/control/received') {
    const posts = [...state.accounts.values()].flatMap((account) => account.posts.map((post) => ({ account: account.username, ...post })));
    return { status: 200, body: { network: state.options.network, posts: posts.sort((a, b) => b.createdAt.localeCompare(a.createdAt)) } };
  }
  const account = parts[1] === 'accounts' && parts[2] ? state.accounts.get(parts[2]) : undefined;
  if (!account) return { status: 404, body: { error: 'unknown control path or account' } };
  if (request.method === 'GET' && parts.length === 3) return { status: 200, body: describe(account) };
  if (request.method === 'GET' && parts[3] === 'tokens') return { status: 200, body: { tokens: state.tokensOf(account.id) } };
  if (request.method === 'POST' && parts[3] === 'faults') {
    state.inject(account, parseJson(body) as Fault);
    return { status: 204 };
  }
  return { status: 404, body: { error: 'unknown control path' } };
}

/** What a person opens: the list of posts received, and each post's page at the network's path for it. */
function pages(state: FakeState, request: IncomingMessage, url: URL): Reply | null {
  if (request.method !== 'GET') return null;
  const posts = [...state.accounts.values()].flatMap((account) =>
    account.posts.map((post) => ({ account, post, path: state.options.postPath(account, post) })),
  );
  const title = `Fake ${state.options.network}`;
  if (url.pathname === '/') {
    const rows = posts
      .sort((a, b) => b.post.createdAt.localeCompare(a.post.createdAt))
      .map(
        ({ account, post, path }) =>
          `<li><a href="${escapeHtml(path)}">@${escapeHtml(account.username)}</a> ${escapeHtml(post.createdAt)}: ${escapeHtml(post.text)}${post.media.length ? ` (${post.media.length} image${post.media.length > 1 ? 's' : ''})` : ''}</li>`,
      );
    return {
      status: 200,
      text: `<!doctype html><html lang="en"><title>${title}</title><h1>${title}: what it received</h1><p>${posts.length} posts; JSON at <a href="/control/received">/control/received</a></p><ul>${rows.join('')}</ul></html>`,
    };
  }
  const found = posts.find((candidate) => candidate.path === url.pathname);
  if (!found) return null;
  const media = found.post.media.map((item) => `<li>image ${escapeHtml(item.id)}: ${escapeHtml(item.altText ?? '(no alt text)')}</li>`).join('');
  return {
    status: 200,
    text: `<!doctype html><html lang="en"><title>@${escapeHtml(found.account.username)} on ${title}</title><p>@${escapeHtml(found.account.username)}</p><p>${escapeHtml(found.post.text)}</p><ul>${media}</ul></html>`,
  };
}

function describe(account: Account) {
  return {
    id: account.id,
    username: account.username,
    revoked: account.revoked,
    suspended: account.suspended,
    posts: account.posts,
    uploads: [...account.uploads.values()],
    requests: account.requests,
    pendingFaults: account.faults,
  };
}

export function parseJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  const value = JSON.parse(body.toString('utf8')) as unknown;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function parseForm(body: Buffer): URLSearchParams {
  return new URLSearchParams(body.toString('utf8'));
}

export function bearer(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/** `Authorization: Basic` client credentials, as X's confidential clients send them. */
export function basicClient(request: IncomingMessage): { clientId: string; secret: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const [clientId, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return clientId && secret !== undefined ? { clientId: decodeURIComponent(clientId), secret: decodeURIComponent(secret) } : null;
}

/** The authorize step's answer: straight back to the app with the code and state (the user consented). */
export function consentRedirect(state: FakeState, url: URL): Reply {
  const result = state.authorize(url.searchParams);
  if ('error' in result) return { status: 400, text: `<!doctype html><title>Authorization error</title><p>${escapeHtml(result.error)}</p>` };
  const back = new URL(url.searchParams.get('redirect_uri')!);
  back.searchParams.set('code', result.code);
  const stateParam = url.searchParams.get('state');
  if (stateParam !== null) back.searchParams.set('state', stateParam);
  return { status: 302, headers: { location: back.toString() } };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One multipart/form-data body's fields (the media upload's `media` part as bytes). */
export function parseMultipart(request: IncomingMessage, body: Buffer): Map<string, { value: Buffer; contentType: string | null }> {
  const fields = new Map<string, { value: Buffer; contentType: string | null }>();
  const boundary = /boundary="?([^";]+)"?/.exec(request.headers['content-type'] ?? '')?.[1];
  if (!boundary) return fields;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = part.subarray(0, split).toString('utf8');
      const name = /name="([^"]+)"/.exec(head)?.[1];
      const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null;
      if (name) fields.set(name, { value: part.subarray(split + 4), contentType });
    }
    start = next;
  }
  return fields;
}

/** Logs a request against the account it authenticated as. */
export function record(account: Account, request: IncomingMessage, url: URL, status?: number) {
  account.requests.push({ method: request.method ?? 'GET', path: url.pathname, at: new Date().toISOString(), ...(status ? { status } : {}) });
}

export const newRequestId = () => randomUUID();
