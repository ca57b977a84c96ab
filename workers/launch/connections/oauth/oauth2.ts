/**
 * The pure half of OAuth 2.0 authorization code with PKCE (RFC 6749, RFC 7636) as X, LinkedIn and
 * Threads speak it: the state and verifier, the S256 challenge, each network's authorize URL, the
 * token requests and how their answers read. Nothing here does I/O; token-client.ts sends.
 */
import type { OAuthNetwork, OAuthNetworkSettings } from './networks';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 32 random bytes: an unguessable `state` (CSRF) or a PKCE verifier of 43 unreserved characters. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 S256: BASE64URL(SHA-256(ASCII(verifier))). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) throw new RangeError('A PKCE verifier is 43 to 128 unreserved characters.');
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The page the person is sent to, to allow launch to post for them. */
export function authorizeUrl(
  network: OAuthNetwork,
  settings: OAuthNetworkSettings,
  input: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(network.authorizePath, settings.authorizeOrigin);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('scope', network.scopes.join(network.scopeSeparator));
  url.searchParams.set('state', input.state);
  url.searchParams.set('code_challenge', input.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export interface TokenHttpRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

/**
 * The code grant. X's confidential clients authenticate with HTTP Basic; LinkedIn and Threads take
 * the secret in the body. The verifier goes to all three: a network that checks PKCE needs it, and
 * one that does not ignores it.
 */
export function codeExchangeRequest(
  network: OAuthNetwork,
  settings: OAuthNetworkSettings,
  input: { code: string; redirectUri: string; codeVerifier: string },
): TokenHttpRequest {
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  };
  return tokenPost(network, settings, fields);
}

/** The refresh: a refresh_token grant (X, LinkedIn), or Threads' th_refresh_token of the long-lived token itself. */
export function refreshRequest(
  network: OAuthNetwork,
  settings: OAuthNetworkSettings,
  tokens: { accessToken: string; refreshToken: string | null },
): TokenHttpRequest {
  if (network.refresh === 'threads_long_lived') {
    const url = new URL('/refresh_access_token', settings.apiOrigin);
    url.searchParams.set('grant_type', 'th_refresh_token');
    url.searchParams.set('access_token', tokens.accessToken);
    return { url: url.toString(), method: 'GET', headers: { accept: 'application/json' } };
  }
  if (!tokens.refreshToken) throw new RangeError(`${network.label} connections refresh with a refresh token, and this one has none.`);
  return tokenPost(network, settings, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
}

/** Threads only: the short-lived token of the code grant exchanged for a long-lived one (60 days). */
export function longLivedExchangeRequest(settings: OAuthNetworkSettings, shortLivedToken: string): TokenHttpRequest {
  const url = new URL('/access_token', settings.apiOrigin);
  url.searchParams.set('grant_type', 'th_exchange_token');
  url.searchParams.set('client_secret', settings.clientSecret);
  url.searchParams.set('access_token', shortLivedToken);
  return { url: url.toString(), method: 'GET', headers: { accept: 'application/json' } };
}

/** Revocation where the network has it (X, LinkedIn); Threads has no revocation endpoint. */
export function revokeRequest(
  network: OAuthNetwork,
  settings: OAuthNetworkSettings,
  token: string,
  hint: 'access_token' | 'refresh_token' = 'access_token',
): TokenHttpRequest | null {
  if (!network.revokePath) return null;
  const fields: Record<string, string> = { token };
  if (network.id === 'x') fields.token_type_hint = hint;
  const request = tokenPost(network, settings, fields);
  return { ...request, url: new URL(network.revokePath, network.tokenOnAuthorizeHost ? settings.authorizeOrigin : settings.apiOrigin).toString() };
}

function tokenPost(network: OAuthNetwork, settings: OAuthNetworkSettings, fields: Record<string, string>): TokenHttpRequest {
  const url = new URL(network.tokenPath, network.tokenOnAuthorizeHost ? settings.authorizeOrigin : settings.apiOrigin).toString();
  if (network.clientAuth === 'basic') {
    const basic = btoa(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`);
    return { url, method: 'POST', headers: { ...formHeaders, authorization: `Basic ${basic}` }, body: form({ ...fields, client_id: settings.clientId }) };
  }
  return { url, method: 'POST', headers: formHeaders, body: form({ ...fields, client_id: settings.clientId, client_secret: settings.clientSecret }) };
}

export interface TokenSet {
  accessToken: string;
  /** Null where the network gives none (Threads; LinkedIn outside its refresh-token programme). */
  refreshToken: string | null;
  expiresAt: Date;
  /** Granted scopes, as the network listed them. */
  scopes: string[];
}

/** A token endpoint's 200, read: a field missing or of the wrong type is a malformed answer, not a token. */
export function parseTokenAnswer(body: unknown, now: Date, previousRefreshToken: string | null = null): TokenSet {
  const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new TypeError('The token answer has no access_token.');
  // Threads' short-lived code-grant token carries no expires_in: it lives one hour.
  const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3600;
  const scope = typeof answer.scope === 'string' ? answer.scope : '';
  return {
    accessToken: answer.access_token,
    // A refresh that hands back no new refresh token keeps the old one (LinkedIn does not rotate).
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token !== '' ? answer.refresh_token : previousRefreshToken,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    scopes: scope.split(/[ ,]+/).filter(Boolean),
  };
}

/**
 * How a refused token request reads: `refused` when the grant itself is no longer good (revoked,
 * expired, password changed: only the person can reconnect), `transient` when asking again later
 * may work (5xx, 429).
 */
export function classifyTokenFailure(status: number, body: unknown): { kind: 'refused' | 'transient'; reason: string } {
  const answer = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const graph = answer.error && typeof answer.error === 'object' ? (answer.error as Record<string, unknown>) : null;
  const reason =
    (typeof answer.error_description === 'string' && answer.error_description) ||
    (graph && typeof graph.message === 'string' && graph.message) ||
    (typeof answer.error === 'string' && answer.error) ||
    (typeof answer.message === 'string' && answer.message) ||
    `HTTP ${status}`;
  return { kind: status === 429 || status >= 500 ? 'transient' : 'refused', reason };
}
