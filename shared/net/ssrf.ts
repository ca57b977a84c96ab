import { ApiError } from '../http/api-error';
import { dohResolver, type DnsResolver } from './doh';
import { isIpLiteral, isNonPublicAddress } from './ip-ranges';

/**
 * The one SSRF guard every user-supplied URL goes through (webhooks, screenshots, proxies,
 * sources): http(s) only, no credentials in the URL, no private, loopback, link-local or metadata
 * address, checked on the literal host and, when a resolver is given, on every address it
 * resolves to. `allowPrivate` is a local-development switch and is never set in production.
 */
export interface UrlPolicy {
  allowPrivate: boolean;
  /** Schemes allowed; `https:` only for anything that carries secrets. */
  protocols?: readonly ('http:' | 'https:')[];
  /** Every A and AAAA address of a host name (DNS over HTTPS), or why there is none. */
  resolve?: (host: string) => Promise<ResolvedHost>;
  /**
   * Origins let through whatever their scheme and address: the local fake networks a dev stack
   * names in a setting. An exact origin, so another port or path prefix of the same host is not.
   */
  allowedOrigins?: readonly string[];
}

export type ResolvedHost = { ok: true; addresses: string[] } | { ok: false; reason: string };

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.home.arpa', '.lan'];

export async function checkUrl(raw: string, policy: UrlPolicy): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (policy.allowedOrigins?.includes(url.origin) && !url.username && !url.password) return { ok: true, url };
  const protocols = policy.protocols ?? ['http:', 'https:'];
  if (!protocols.includes(url.protocol as 'http:' | 'https:')) return { ok: false, reason: `must use ${protocols.map((p) => p.slice(0, -1)).join(' or ')}` };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (policy.allowPrivate) return { ok: true, url };

  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || (!host.includes('.') && !isIpLiteral(host))) {
    return { ok: false, reason: 'points at an internal host name' };
  }
  if (isIpLiteral(host)) {
    return isNonPublicAddress(host) ? { ok: false, reason: 'points at a private or reserved address' } : { ok: true, url };
  }
  if (policy.resolve) {
    const resolved = await policy.resolve(host);
    if (!resolved.ok) return resolved;
    if (resolved.addresses.some(isNonPublicAddress)) return { ok: false, reason: 'resolves to a private or reserved address' };
  }
  return { ok: true, url };
}

/** One DNS question: an answer takes a few milliseconds; past this the name is refused. */
const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * The policy for URLs users give us, under a Worker's settings: names are resolved over DoH and
 * refused when any address is private (a public name pointing inward), answers are reused for the
 * policy's life (one request, one capture, one cron run); `httpsOnly` for whatever carries a
 * secret or a signature. With ALLOW_PRIVATE_URLS (local development) anything goes, over http too.
 */
export function userUrlPolicy(config: { ALLOW_PRIVATE_URLS: '0' | '1'; DOH_URL: string }, options: { httpsOnly: boolean }): UrlPolicy {
  const local = config.ALLOW_PRIVATE_URLS === '1';
  const resolver = dohResolver(config.DOH_URL, { timeoutMs: RESOLVE_TIMEOUT_MS });
  const answers = new Map<string, Promise<ResolvedHost>>();
  return {
    allowPrivate: local,
    protocols: local || !options.httpsOnly ? ['http:', 'https:'] : ['https:'],
    resolve(host) {
      let answer = answers.get(host);
      if (!answer) answers.set(host, (answer = addressesOf(resolver, host)));
      return answer;
    },
  };
}

/** Both address families: a client may connect over either, so both must be public. */
async function addressesOf(resolver: DnsResolver, host: string): Promise<ResolvedHost> {
  const answers = await Promise.all([resolver.query(host, 'A'), resolver.query(host, 'AAAA')]);
  const failure = answers.find((answer) => answer.status === 'failed');
  if (failure?.status === 'failed') return { ok: false, reason: `could not be resolved (${failure.error})` };
  const addresses = answers.flatMap((answer) => answer.data);
  return addresses.length > 0 ? { ok: true, addresses } : { ok: false, reason: 'does not resolve to any address' };
}

/** For request validation: the URL, or a 400 naming the field and why. */
export async function requirePublicUrl(raw: string, field: string, policy: UrlPolicy): Promise<URL> {
  const check = await checkUrl(raw, policy);
  if (check.ok) return check.url;
  const schemes = (policy.protocols ?? ['http:', 'https:']).map((protocol) => protocol.slice(0, -1));
  throw new ApiError('validation_failed', `${field} ${check.reason}.`, {
    hint: schemes.length === 1 ? `Use a public ${schemes[0]} URL.` : `Use a public ${schemes.join(' or ')} URL.`,
    details: { field },
  });
}
