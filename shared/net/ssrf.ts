import { ApiError } from '../http/api-error';
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
  /** Resolves a host name to its A/AAAA addresses (DNS over HTTPS). */
  resolve?: (host: string) => Promise<string[]>;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.home.arpa', '.lan'];

export async function checkUrl(raw: string, policy: UrlPolicy): Promise<UrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
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
    const addresses = await policy.resolve(host);
    if (addresses.length === 0) return { ok: false, reason: 'does not resolve' };
    if (addresses.some(isNonPublicAddress)) return { ok: false, reason: 'resolves to a private or reserved address' };
  }
  return { ok: true, url };
}

/** For request validation: the URL, or a 400 naming the field and why. */
export async function requirePublicUrl(raw: string, field: string, policy: UrlPolicy): Promise<URL> {
  const check = await checkUrl(raw, policy);
  if (check.ok) return check.url;
  throw new ApiError('validation_failed', `${field} ${check.reason}.`, {
    hint: 'Use a public http(s) URL.',
    details: { field },
  });
}
