/**
 * The image proxy's rule for every URL it fetches, the first and each redirect hop alike: https,
 * one of the network's media hosts exactly (no subdomain or look-alike), the default port, no
 * credentials. Video files (video.twimg.com) are not images, so that host is not on the list.
 */
export const MEDIA_HOSTS = ['pbs.twimg.com', 'abs.twimg.com'] as const;

/** Image types the proxy passes on; SVG is left out because it can carry script. */
export const PROXIED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export type MediaUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

export function checkMediaUrl(raw: string, base?: string): MediaUrlCheck {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'must use https' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (url.port !== '') return { ok: false, reason: 'must use the default port' };
  if (!(MEDIA_HOSTS as readonly string[]).includes(url.hostname)) return { ok: false, reason: `must be on ${MEDIA_HOSTS.join(' or ')}` };
  return { ok: true, url };
}

/** The media type of an upstream answer, if the proxy passes it on. */
export function proxiedImageType(contentType: string | null): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (PROXIED_IMAGE_TYPES as readonly string[]).includes(type) ? type : null;
}
