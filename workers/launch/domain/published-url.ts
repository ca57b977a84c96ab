import type { Channel } from './channels';

/** Where each network shows a published post; Bluesky's and Mastodon's depend on the deployment and the account. */
const networkHosts: Partial<Record<Channel, readonly string[]>> = {
  x: ['x.com', 'twitter.com'],
  linkedin: ['linkedin.com'],
  threads: ['threads.net', 'threads.com'],
};

/**
 * The origins a published post's URL may have: the network's hosts (and their subdomains, as
 * www.linkedin.com), Bluesky's app (BLUESKY_APP_URL), a Mastodon account's own instance. Null
 * when it cannot be known: a post delivered to the workspace's own endpoint may live anywhere.
 */
export function publishedUrlOrigins(channel: Channel, where: { viaConnection: boolean; blueskyAppUrl: string; serviceUrl: string | null }): string[] | null {
  if (!where.viaConnection) return null;
  if (channel === 'bluesky') return [new URL(where.blueskyAppUrl).origin];
  if (channel === 'mastodon') return where.serviceUrl ? [new URL(where.serviceUrl).origin] : null;
  return (networkHosts[channel] ?? []).map((host) => `https://${host}`);
}

/**
 * Why a URL a person gives for a published post cannot be it, or null: it must be https (or the
 * scheme of a known origin, which is http only for a local fake) on one of `origins`' hosts or
 * their subdomains, and name a page (a path beyond `/`).
 */
export function publishedUrlProblem(raw: string, origins: string[] | null): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.pathname === '/' || url.pathname === '') return "must be the post's own page, not the site's front page";
  if (origins === null) return url.protocol === 'https:' ? null : 'must be an https URL';
  const matches = origins.some((origin) => {
    const known = new URL(origin);
    const sameHost = url.hostname === known.hostname || url.hostname.endsWith(`.${known.hostname}`);
    return sameHost && url.protocol === known.protocol && (known.port === '' || url.port === known.port);
  });
  if (matches) return null;
  const hosts = origins.map((origin) => new URL(origin).host).join(' or ');
  return url.protocol === 'https:' || origins.some((origin) => origin.startsWith('http:'))
    ? `must be on ${hosts}, where this network shows its posts`
    : 'must be an https URL';
}
