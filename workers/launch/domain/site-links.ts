/**
 * Which links of a product site the onboarding crawl follows, in what order, and what an
 * off-site link says about the product (its social accounts, its docs). Pure: URLs in, decisions out.
 */

/** The crawl's site: the start page's host, with and without `www.`. */
export function siteKey(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

export function isSameSite(url: URL, site: string): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && siteKey(url) === site;
}

const TRACKING = ['fbclid', 'gclid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', 'igshid', 'ref'];

/** One key per page: no fragment, no tracking parameters, no trailing `index.html`. */
export function normalizePageUrl(href: string, base: string): URL | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_') || TRACKING.includes(key.toLowerCase())) url.searchParams.delete(key);
  }
  if (url.search === '?') url.search = '';
  url.pathname = url.pathname.replace(/\/index\.html?$/, '/');
  return url;
}

/** Files a crawl for words and colours has no use for; asking would only spend the budget. */
const NOT_PAGES = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'pdf',
  'zip',
  'gz',
  'tgz',
  'dmg',
  'exe',
  'msi',
  'deb',
  'rpm',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'wav',
  'css',
  'js',
  'json',
  'xml',
  'rss',
  'atom',
  'txt',
  'woff',
  'woff2',
  'ttf',
]);

export function looksLikePage(url: URL): boolean {
  const last = url.pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot < 0 || !NOT_PAGES.has(last.slice(dot + 1).toLowerCase());
}

/** Page kinds the profile reads something from, matched on the path's words and the link's text. */
export type PageKind = 'pricing' | 'docs' | 'features' | 'about' | 'other';

const KIND_WORDS: Array<[Exclude<PageKind, 'other'>, string[]]> = [
  ['pricing', ['pricing', 'prices', 'plans']],
  ['docs', ['docs', 'documentation', 'guide', 'guides', 'developers', 'api-reference']],
  ['features', ['features', 'feature', 'product', 'tour', 'why']],
  ['about', ['about', 'about-us', 'company', 'customers']],
];

export function pageKind(url: URL, linkText = ''): PageKind {
  const words = [...url.pathname.toLowerCase().split(/[/_.-]+/), ...linkText.toLowerCase().split(/\s+/)].filter(Boolean);
  const host = url.hostname.toLowerCase();
  for (const [kind, kindWords] of KIND_WORDS) {
    if (kindWords.some((word) => words.includes(word))) return kind;
    if (kind === 'docs' && (host.startsWith('docs.') || host.startsWith('developers.'))) return kind;
  }
  return 'other';
}

/**
 * Lower is sooner: the pages the profile reads from first, then shallow pages before deep ones,
 * so a small page budget is spent where the product describes itself.
 */
export function crawlPriority(kind: PageKind, depth: number): number {
  const byKind: Record<PageKind, number> = { features: 0, pricing: 1, about: 2, docs: 3, other: 5 };
  return byKind[kind] * 10 + depth;
}

/** A social account linked from the site: the channel and the handle as people write it. */
export function socialHandle(href: string): { channel: string; handle: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const first = segments[0];
  const reserved = ['share', 'intent', 'home', 'search', 'hashtag', 'sharer', 'sharer.php', 'login', 'signup'];
  if (!first || reserved.includes(first.toLowerCase())) return null;
  const name = (value: string) => (/^[A-Za-z0-9_.-]{1,64}$/.test(value) ? value : null);
  switch (host) {
    case 'x.com':
    case 'twitter.com':
      return name(first) ? { channel: 'x', handle: first } : null;
    case 'github.com':
      return name(first) ? { channel: 'github', handle: first } : null;
    case 'linkedin.com':
      return (first === 'company' || first === 'in') && segments[1] && name(segments[1]) ? { channel: 'linkedin', handle: segments[1] } : null;
    case 'youtube.com':
      return first.startsWith('@') && name(first.slice(1)) ? { channel: 'youtube', handle: first } : null;
    case 'bsky.app':
      return first === 'profile' && segments[1] ? { channel: 'bluesky', handle: segments[1] } : null;
    case 'instagram.com':
      return name(first) ? { channel: 'instagram', handle: first } : null;
    case 'facebook.com':
      return name(first) ? { channel: 'facebook', handle: first } : null;
    case 'discord.gg':
      return name(first) ? { channel: 'discord', handle: first } : null;
    case 'threads.net':
      return first.startsWith('@') ? { channel: 'threads', handle: first } : null;
    default:
      return null;
  }
}

/** A Mastodon profile (`https://host/@user`) linked with `rel="me"`, as `@user@host`. */
export function fediverseHandle(href: string): string | null {
  try {
    const url = new URL(href);
    const segments = url.pathname.split('/').filter(Boolean);
    if (segments.length === 1 && /^@[A-Za-z0-9_]{1,30}$/.test(segments[0]!)) return `${segments[0]}@${url.hostname.toLowerCase()}`;
  } catch {
    // Not a URL: no handle.
  }
  return null;
}
