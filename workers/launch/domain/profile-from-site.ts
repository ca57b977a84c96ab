import type { ProductProfile } from './product-profile';
import { fediverseHandle, pageKind, socialHandle, type PageKind } from './site-links';
import type { SitePage } from './site-page';

/**
 * Builds a product profile from the pages a crawl read, the way a person skimming the site
 * would: the name from the site's own metadata, the tagline from the home page's headline, the
 * features from the features page's headings, the voice from its sentences. Pure and
 * deterministic: the same pages give the same profile.
 */
export interface ReadPage {
  url: string;
  kind: PageKind;
  page: SitePage;
}

export const PROFILE_LIMITS = { keyFeatures: 8, voiceSamples: 6, brandColors: 6, text: 500 } as const;

const GENERIC_HEADINGS = new Set([
  'features',
  'pricing',
  'faq',
  'frequently asked questions',
  'blog',
  'docs',
  'documentation',
  'about',
  'about us',
  'contact',
  'resources',
  'company',
  'product',
  'legal',
  'newsletter',
  'testimonials',
  'customers',
  'get started',
  'sign up',
  'log in',
  'footer',
  'navigation',
  'menu',
]);

export function assembleProfile(home: ReadPage, pages: ReadPage[], extra: { logoUrl: string | null; brandColors: string[] }): ProductProfile {
  const meta = (name: string) => trimmed(home.page.meta[name]);
  const organization = jsonLdOrganization(home.page.jsonLd);
  const titleParts = splitTitle(home.page.title);
  const name = meta('og:site_name') ?? meta('application-name') ?? organization.name ?? titleParts.name ?? new URL(home.url).hostname.replace(/^www\./, '');
  const tagline = trimmed(home.page.h1[0]) ?? titleParts.rest ?? null;
  const description = meta('description') ?? meta('og:description') ?? trimmed(home.page.paragraphs[0]) ?? null;

  const links = pages.flatMap((read) => read.page.links.map((link) => ({ ...link, base: read.url })));
  const absolute = (href: string, base: string) => {
    try {
      const url = new URL(href, base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
    } catch {
      return null;
    }
  };
  const visitedOf = (kind: PageKind) => pages.find((read) => read.kind === kind)?.url ?? null;
  const linkedOf = (kind: PageKind) => {
    for (const link of links) {
      const url = absolute(link.href, link.base);
      if (url && pageKind(url, link.text) === kind) return url.href;
    }
    return null;
  };

  const socialHandles: Record<string, string> = {};
  const twitterSite = meta('twitter:site')?.replace(/^@/, '');
  if (twitterSite && /^[A-Za-z0-9_]{1,15}$/.test(twitterSite)) socialHandles.x = twitterSite;
  for (const link of links) {
    const url = absolute(link.href, link.base);
    if (!url) continue;
    const social = socialHandle(url.href);
    if (social && !(social.channel in socialHandles)) socialHandles[social.channel] = social.handle;
    const fediverse = link.rel.includes('me') ? fediverseHandle(url.href) : null;
    if (fediverse && !socialHandles.mastodon) socialHandles.mastodon = fediverse;
  }

  return {
    name: limit(name),
    tagline: limit(tagline),
    description: limit(description),
    audience: limit(findAudience(pages)),
    keyFeatures: keyFeatures(pages, home),
    siteUrl: home.url,
    pricingUrl: visitedOf('pricing') ?? linkedOf('pricing'),
    docsUrl: visitedOf('docs') ?? linkedOf('docs'),
    socialHandles,
    logoUrl: extra.logoUrl,
    brandColors: extra.brandColors.slice(0, PROFILE_LIMITS.brandColors),
    voiceSamples: voiceSamples(pages),
  };
}

/** `Acme — Ship faster` → name `Acme`, rest `Ship faster`: the shorter side is the name. */
export function splitTitle(title: string | null): { name: string | null; rest: string | null } {
  const clean = trimmed(title);
  if (!clean) return { name: null, rest: null };
  for (const separator of [' | ', ' — ', ' – ', ' - ', ': ', ' · ']) {
    const index = clean.indexOf(separator);
    if (index < 0) continue;
    const [left, right] = [clean.slice(0, index).trim(), clean.slice(index + separator.length).trim()];
    return left.length <= right.length ? { name: left, rest: right } : { name: right, rest: left };
  }
  return { name: clean, rest: null };
}

function jsonLdOrganization(blocks: string[]): { name: string | null } {
  for (const block of blocks) {
    try {
      const parsed = JSON.parse(block) as unknown;
      const items = Array.isArray(parsed) ? parsed : [parsed, ...(((parsed as { '@graph'?: unknown[] })?.['@graph'] as unknown[]) ?? [])];
      for (const item of items) {
        const record = item as Record<string, unknown>;
        const type = String(record?.['@type'] ?? '');
        if (['Organization', 'SoftwareApplication', 'Product', 'WebSite'].includes(type) && typeof record.name === 'string')
          return { name: record.name.trim() || null };
      }
    } catch {
      // A malformed block says nothing.
    }
  }
  return { name: null };
}

/** The first sentence that says who the product is for. */
function findAudience(pages: ReadPage[]): string | null {
  const cues = [
    'built for ',
    'made for ',
    'designed for ',
    'for teams',
    'for developers',
    'for engineers',
    'for startups',
    'for companies',
    'for marketers',
    'for designers',
    'loved by ',
    'trusted by ',
  ];
  for (const read of pages) {
    for (const text of [...read.page.h1, ...read.page.headings.map((heading) => heading.text), ...read.page.paragraphs]) {
      for (const sentence of sentences(text)) {
        if (cues.some((cue) => sentence.toLowerCase().includes(cue))) return sentence;
      }
    }
  }
  return null;
}

/** The features page's headings (else the home page's), without navigation and section titles. */
function keyFeatures(pages: ReadPage[], home: ReadPage): string[] {
  const source = pages.find((read) => read.kind === 'features') ?? home;
  const fromHeadings = source.page.headings.filter((heading) => heading.level === 3).map((heading) => heading.text);
  const candidates = fromHeadings.length >= 2 ? fromHeadings : [...source.page.headings.map((heading) => heading.text), ...source.page.listItems];
  const features = candidates
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter((text) => text.length >= 3 && text.length <= 120 && !GENERIC_HEADINGS.has(text.toLowerCase()));
  return [...new Set(features)].slice(0, PROFILE_LIMITS.keyFeatures);
}

/** Whole sentences of 6 to 40 words from paragraphs, each once, spread over the pages read. */
function voiceSamples(pages: ReadPage[]): Array<{ text: string; url: string }> {
  const samples: Array<{ text: string; url: string }> = [];
  const seen = new Set<string>();
  const perPage = Math.max(2, Math.ceil(PROFILE_LIMITS.voiceSamples / Math.max(1, pages.length)));
  for (const read of pages) {
    let taken = 0;
    for (const paragraph of read.page.paragraphs) {
      for (const sentence of sentences(paragraph)) {
        const words = sentence.split(' ').length;
        if (words < 6 || words > 40 || seen.has(sentence) || taken >= perPage) continue;
        seen.add(sentence);
        samples.push({ text: sentence, url: read.url });
        taken++;
      }
    }
  }
  return samples.slice(0, PROFILE_LIMITS.voiceSamples);
}

/** Splits prose at `.`, `!` or `?` followed by a space and a capital or a digit. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 2];
    if ((char === '.' || char === '!' || char === '?') && text[i + 1] === ' ' && next && /[A-Z0-9“"]/.test(next)) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 2;
    }
  }
  const tail = text.slice(start).trim();
  if (tail) out.push(tail);
  return out.filter(Boolean);
}

function trimmed(value: string | null | undefined): string | null {
  const clean = value?.replace(/\s+/g, ' ').trim();
  return clean ? clean : null;
}

function limit(value: string | null): string | null {
  return value === null ? null : value.slice(0, PROFILE_LIMITS.text);
}

/**
 * Where the logo may be, best first: the JSON-LD organisation's logo, an `<img>` that says logo,
 * the largest apple-touch-icon or icon, then `/favicon.ico`. Absolute http(s) URLs, each once.
 */
export function logoCandidates(page: SitePage, pageUrl: string): string[] {
  const size = (sizes: string | null) => Number(sizes?.split(/[xX]/)[0]) || 0;
  const icons = [...page.icons].sort((a, b) => Number(b.rel.includes('apple')) - Number(a.rel.includes('apple')) || size(b.sizes) - size(a.sizes));
  const raw = [...jsonLdLogos(page.jsonLd), ...page.logoImages, ...icons.map((icon) => icon.href), '/favicon.ico'];
  const out: string[] = [];
  for (const href of raw) {
    try {
      const url = new URL(href.trim(), pageUrl);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !out.includes(url.href)) out.push(url.href);
    } catch {
      // Not a URL: not a candidate.
    }
  }
  return out;
}

function jsonLdLogos(blocks: string[]): string[] {
  const logos: string[] = [];
  for (const block of blocks) {
    try {
      const parsed = JSON.parse(block) as unknown;
      const items = Array.isArray(parsed) ? parsed : [parsed, ...(((parsed as { '@graph'?: unknown[] })?.['@graph'] as unknown[]) ?? [])];
      for (const item of items) {
        const logo = (item as { logo?: unknown })?.logo;
        if (typeof logo === 'string') logos.push(logo);
        else if (logo && typeof (logo as { url?: unknown }).url === 'string') logos.push((logo as { url: string }).url);
      }
    } catch {
      // A malformed block says nothing.
    }
  }
  return logos;
}

export type ProfileField = keyof ProductProfile;

const isEmpty = (value: ProductProfile[ProfileField]) =>
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * What a run writes into the workspace's profile. By default only fields still empty are filled,
 * so what people wrote survives a new crawl; with `overwrite` every field the crawl found replaces
 * the stored one. A field the crawl did not find is never cleared.
 */
export function mergeProfile(current: ProductProfile | null, found: ProductProfile, overwrite: boolean): { profile: ProductProfile; applied: ProfileField[] } {
  const profile = { ...(current ?? found) };
  const applied: ProfileField[] = [];
  for (const field of Object.keys(found) as ProfileField[]) {
    if (isEmpty(found[field])) continue;
    if (current && !overwrite && !isEmpty(current[field])) continue;
    (profile as Record<ProfileField, unknown>)[field] = found[field];
    applied.push(field);
  }
  return { profile, applied };
}
