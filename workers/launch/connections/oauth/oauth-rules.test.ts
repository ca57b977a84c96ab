import { describe, expect, it } from 'vitest';
import { launchConfigSchema } from '../../config';
import { linkedInCommentary } from './linkedin-text';
import { nextUtcMidnight } from './linkedin';
import { fitAltText, imagesProblem, threadsImages, xImages } from './media-limits';
import { networkAvailability, oauthNetworks, type OAuthNetworkSettings } from './networks';
import {
  authorizeUrl,
  classifyTokenFailure,
  codeChallengeS256,
  codeExchangeRequest,
  longLivedExchangeRequest,
  parseTokenAnswer,
  randomToken,
  refreshRequest,
  revokeRequest,
} from './oauth2';
import { sameCopy } from './publish-once';
import { throttledUntil } from './threads';

const settings: OAuthNetworkSettings = {
  clientId: 'client-1',
  clientSecret: 's3cret',
  apiOrigin: 'https://api.example',
  authorizeOrigin: 'https://www.example',
};
const baseConfig = {
  DATABASE_URL: 'postgres://x@localhost/db',
  UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1',
  UPSTASH_REDIS_REST_TOKEN: 't',
  INTERNAL_SECRET: 'x'.repeat(32),
};

describe('PKCE and state', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers and states of 43 unreserved characters, different each time', async () => {
    const [a, b] = [randomToken(), randomToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    await expect(codeChallengeS256(a)).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a verifier RFC 7636 does not allow', async () => {
    await expect(codeChallengeS256('short')).rejects.toThrow(RangeError);
    await expect(codeChallengeS256(`${'a'.repeat(42)} `)).rejects.toThrow(RangeError);
  });
});

describe('authorize URLs', () => {
  const input = { redirectUri: 'https://launch.example/callback', state: 'st4te', codeChallenge: 'ch4llenge' };

  it.each([
    ['x', 'https://www.example/i/oauth2/authorize', 'tweet.read tweet.write users.read offline.access media.write'],
    ['linkedin', 'https://www.example/oauth/v2/authorization', 'openid profile w_member_social'],
    ['threads', 'https://www.example/oauth/authorize', 'threads_basic,threads_content_publish'],
  ] as const)('%s: its page, its scopes, the state and an S256 challenge', (id, page, scope) => {
    const url = new URL(authorizeUrl(oauthNetworks[id], settings, input));
    expect(`${url.origin}${url.pathname}`).toBe(page);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: input.redirectUri,
      scope,
      state: 'st4te',
      code_challenge: 'ch4llenge',
      code_challenge_method: 'S256',
    });
  });
});

describe('token requests', () => {
  const code = { code: 'c0de', redirectUri: 'https://launch.example/callback', codeVerifier: 'v'.repeat(43) };

  it('X: Basic client authentication at api.x.com/2/oauth2/token, the verifier in the form', () => {
    const request = codeExchangeRequest(oauthNetworks.x, settings, code);
    expect(request.url).toBe('https://api.example/2/oauth2/token');
    expect(request.headers.authorization).toBe(`Basic ${btoa('client-1:s3cret')}`);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: code.redirectUri,
      code_verifier: code.codeVerifier,
      client_id: 'client-1',
    });
  });

  it('LinkedIn: the secret in the body, on the OAuth host', () => {
    const request = codeExchangeRequest(oauthNetworks.linkedin, settings, code);
    expect(request.url).toBe('https://www.example/oauth/v2/accessToken');
    expect(request.headers.authorization).toBeUndefined();
    expect(new URLSearchParams(request.body).get('client_secret')).toBe('s3cret');
  });

  it('refreshes with the refresh token, or Threads with the long-lived token itself', () => {
    const x = refreshRequest(oauthNetworks.x, settings, { accessToken: 'a', refreshToken: 'r' });
    expect(Object.fromEntries(new URLSearchParams(x.body))).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'r' });
    const threads = new URL(refreshRequest(oauthNetworks.threads, settings, { accessToken: 'long', refreshToken: null }).url);
    expect(`${threads.origin}${threads.pathname}`).toBe('https://api.example/refresh_access_token');
    expect(Object.fromEntries(threads.searchParams)).toEqual({ grant_type: 'th_refresh_token', access_token: 'long' });
    expect(() => refreshRequest(oauthNetworks.linkedin, settings, { accessToken: 'a', refreshToken: null })).toThrow(/no refresh token|none/);
  });

  it('exchanges Threads’ short-lived token for a long-lived one', () => {
    const url = new URL(longLivedExchangeRequest(settings, 'short').url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ grant_type: 'th_exchange_token', client_secret: 's3cret', access_token: 'short' });
  });

  it('revokes on X and LinkedIn; Threads has no revocation endpoint', () => {
    expect(revokeRequest(oauthNetworks.x, settings, 't')?.url).toBe('https://api.example/2/oauth2/revoke');
    expect(revokeRequest(oauthNetworks.linkedin, settings, 't')?.url).toBe('https://www.example/oauth/v2/revoke');
    expect(revokeRequest(oauthNetworks.threads, settings, 't')).toBeNull();
  });
});

describe('token answers', () => {
  const now = new Date('2026-11-29T08:00:00Z');

  it('reads tokens, expiry and scopes, keeping a refresh token a refresh did not replace', () => {
    expect(parseTokenAnswer({ access_token: 'a', expires_in: 7200, refresh_token: 'r', scope: 'tweet.read tweet.write' }, now)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date('2026-11-29T10:00:00Z'),
      scopes: ['tweet.read', 'tweet.write'],
    });
    expect(parseTokenAnswer({ access_token: 'b', expires_in: 60, scope: 'openid,profile' }, now, 'old')).toMatchObject({
      refreshToken: 'old',
      scopes: ['openid', 'profile'],
    });
  });

  it('refuses an answer without an access token', () => {
    expect(() => parseTokenAnswer({ error: 'x' }, now)).toThrow(TypeError);
  });

  it('tells a refused grant (reconnect) from a network that may answer later', () => {
    expect(classifyTokenFailure(400, { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' })).toEqual({
      kind: 'refused',
      reason: 'Value passed for the token was invalid.',
    });
    expect(classifyTokenFailure(400, { error: { message: 'Session has expired', code: 190 } })).toEqual({ kind: 'refused', reason: 'Session has expired' });
    expect(classifyTokenFailure(503, null)).toEqual({ kind: 'transient', reason: 'HTTP 503' });
    expect(classifyTokenFailure(429, null).kind).toBe('transient');
  });
});

describe('network availability', () => {
  it('names the settings a network lacks instead of offering a broken button', () => {
    const config = launchConfigSchema.parse({ ...baseConfig, X_CLIENT_ID: 'id' });
    expect(networkAvailability(oauthNetworks.x, config)).toMatchObject({
      available: false,
      missing: ['X_CLIENT_SECRET'],
      message: expect.stringContaining('X_CLIENT_SECRET is not set'),
    });
    expect(networkAvailability(oauthNetworks.threads, config)).toMatchObject({ available: false, missing: ['THREADS_CLIENT_ID', 'THREADS_CLIENT_SECRET'] });
    const ready = launchConfigSchema.parse({ ...baseConfig, LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' });
    expect(networkAvailability(oauthNetworks.linkedin, ready)).toEqual({
      available: true,
      settings: { clientId: 'id', clientSecret: 'secret', apiOrigin: 'https://api.linkedin.com', authorizeOrigin: 'https://www.linkedin.com' },
    });
  });
});

describe('LinkedIn commentary', () => {
  it('escapes little text’s reserved characters and keeps hashtags as hashtags', () => {
    expect(linkedInCommentary('v2 (beta) is out @ acme: 50% off_now [docs] <3 ~ * | {x} \\ #launch #v2!')).toBe(
      'v2 \\(beta\\) is out \\@ acme: 50% off\\_now \\[docs\\] \\<3 \\~ \\* \\| \\{x\\} \\\\ {hashtag|\\#|launch} {hashtag|\\#|v2}!',
    );
  });

  it('leaves a # that is not a hashtag escaped (an anchor, C#)', () => {
    expect(linkedInCommentary('See https://a.example/docs#setup and C#')).toBe('See https://a.example/docs\\#setup and C\\#');
  });
});

describe('media limits', () => {
  it('refuses an oversize or unsupported image before any upload, saying which', () => {
    expect(imagesProblem(xImages, [{ bytes: 1000, contentType: 'image/png' }])).toBeNull();
    expect(imagesProblem(xImages, [{ bytes: 6 * 1024 * 1024, contentType: 'image/png' }])).toBe('Visual 1 is 6.0 MB; X takes images up to 5 MB.');
    expect(imagesProblem(threadsImages, [{ bytes: 10, contentType: 'image/webp' }])).toBe('Visual 1 is image/webp; Threads takes JPEG, PNG.');
    // Threads takes several as a carousel, up to 20.
    const images = (count: number) => Array.from({ length: count }, () => ({ bytes: 10, contentType: 'image/png' }));
    expect(imagesProblem(threadsImages, images(2))).toBeNull();
    expect(imagesProblem(threadsImages, images(20))).toBeNull();
    expect(imagesProblem(threadsImages, images(21))).toBe('Threads takes at most 20 images a post from launch; this post has 21.');
  });

  it('cuts alt text over the limit at a word', () => {
    const long = 'word '.repeat(300).trim();
    const fitted = fitAltText(xImages, long);
    expect([...fitted].length).toBeLessThanOrEqual(1000);
    expect(fitted.endsWith('word…')).toBe(true);
    expect(fitAltText(xImages, 'short')).toBe('short');
  });
});

describe('rate-limit resets and read-back', () => {
  const now = new Date('2026-11-29T08:00:00Z');

  it('LinkedIn’s daily limits reset at midnight UTC', () => {
    expect(nextUtcMidnight(now)).toEqual(new Date('2026-11-30T00:00:00Z'));
  });

  it('reads Meta’s estimated time to regain access, else Retry-After', () => {
    const usage = new Headers({ 'x-business-use-case-usage': JSON.stringify({ 1: [{ estimated_time_to_regain_access: 15 }] }) });
    expect(throttledUntil(usage, now)).toEqual(new Date('2026-11-29T08:15:00Z'));
    expect(throttledUntil(new Headers({ 'retry-after': '120' }), now)).toEqual(new Date('2026-11-29T08:02:00Z'));
    expect(throttledUntil(new Headers(), now)).toBeNull();
  });

  it('matches the copy read back with links in any form (X answers with t.co links)', () => {
    expect(sameCopy('Out now: https://acme.example/v2 🚀', 'Out now: https://t.co/abc123 🚀')).toBe(true);
    expect(sameCopy('Out now', 'Out now!')).toBe(false);
  });
});
