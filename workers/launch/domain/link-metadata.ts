import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * What a page says about itself for a link preview, read with the runtime's streaming HTML
 * parser (HTMLRewriter), as unfurl.js and iframely read it: Open Graph first, then Twitter card
 * tags, then plain HTML (`<title>`, `<meta name="description">`), relative URLs resolved against
 * the page's final address.
 */
export interface PageTags {
  /** `<meta property|name>` values, first occurrence of each name wins. */
  meta: Record<string, string>;
  title: string | null;
  icons: Array<{ rel: string; href: string; sizes: string | null }>;
  canonical: string | null;
  oembedJson: string | null;
  /** `<meta charset>` or `<meta http-equiv="content-type">`, when the page declares one. */
  charset: string | null;
}

export interface LinkMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  image: { url: string; width: number | null; height: number | null; alt: string | null } | null;
  favicon: string | null;
  canonicalUrl: string | null;
  themeColor: string | null;
  oembedUrl: string | null;
}

const TEXT_LIMIT = 1000;

/** HTMLRewriter gives attribute values and text as written, character references included. */
const attribute = (element: Element, name: string) => {
  const value = element.getAttribute(name);
  return value === null ? null : decodeHTMLAttribute(value);
};

/** Collects the tags of a decoded HTML document; stops reading at nothing, so cap the input first. */
export async function readPageTags(html: string): Promise<PageTags> {
  const tags: PageTags = { meta: {}, title: null, icons: [], canonical: null, oembedJson: null, charset: null };
  let title = '';
  let inTitle = false;
  const rewriter = new HTMLRewriter()
    .on('meta', {
      element(element) {
        const charset = attribute(element, 'charset');
        if (charset && !tags.charset) tags.charset = charset.trim();
        const equiv = attribute(element, 'http-equiv')?.toLowerCase();
        const content = attribute(element, 'content');
        if (equiv === 'content-type' && content && !tags.charset) tags.charset = charsetParameter(content);
        const name = (attribute(element, 'property') ?? attribute(element, 'name'))?.trim().toLowerCase();
        if (name && content !== null && !(name in tags.meta)) tags.meta[name] = content;
      },
    })
    .on('link', {
      element(element) {
        const rels = (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/);
        const href = attribute(element, 'href');
        if (!href) return;
        if (rels.includes('canonical') && !tags.canonical) tags.canonical = href;
        if (rels.includes('icon') || rels.includes('apple-touch-icon')) tags.icons.push({ rel: rels.join(' '), href, sizes: attribute(element, 'sizes') });
        if (rels.includes('alternate') && attribute(element, 'type')?.toLowerCase() === 'application/json+oembed' && !tags.oembedJson) tags.oembedJson = href;
      },
    })
    .on('title', {
      element(element) {
        inTitle = tags.title === null;
        element.onEndTag(() => {
          if (inTitle) tags.title = decodeHTML(title);
          inTitle = false;
        });
      },
      text(chunk) {
        if (inTitle) title += chunk.text;
      },
    });
  await rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })).arrayBuffer();
  return tags;
}

/** The `charset=` of a Content-Type value, if any. */
export function charsetParameter(contentType: string): string | null {
  for (const part of contentType.split(';').slice(1)) {
    const [key, value] = part.split('=');
    if (key?.trim().toLowerCase() === 'charset' && value) return value.trim().replace(/^["']|["']$/g, '');
  }
  return null;
}

/**
 * Decodes a page: the charset of the Content-Type header, else the one the page declares in its
 * first kilobyte (read by the parser over a byte-preserving decoding, as the HTML standard's
 * prescan does), else UTF-8. An unknown label falls back to UTF-8 rather than failing.
 */
export async function decodePage(bytes: Uint8Array, contentType: string | null): Promise<string> {
  const declared = (contentType && charsetParameter(contentType)) ?? (await readPageTags(new TextDecoder('latin1').decode(bytes.subarray(0, 1024)))).charset;
  return decoderFor(declared).decode(bytes);
}

function decoderFor(label: string | null): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Open Graph, then Twitter card, then plain HTML, for each field. */
export function assembleMetadata(tags: PageTags, pageUrl: string): LinkMetadata {
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = tags.meta[name]?.replace(/\s+/g, ' ').trim();
      if (value) return value.slice(0, TEXT_LIMIT);
    }
    return null;
  };
  const title = meta('og:title', 'twitter:title') ?? (tags.title?.replace(/\s+/g, ' ').trim().slice(0, TEXT_LIMIT) || null);
  const imageUrl = absolute(meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), pageUrl);
  return {
    title,
    description: meta('og:description', 'twitter:description', 'description'),
    siteName: meta('og:site_name', 'application-name') ?? meta('twitter:site'),
    image: imageUrl
      ? { url: imageUrl, width: dimension(meta('og:image:width')), height: dimension(meta('og:image:height')), alt: meta('og:image:alt', 'twitter:image:alt') }
      : null,
    favicon: absolute(bestIcon(tags.icons), pageUrl) ?? absolute('/favicon.ico', pageUrl),
    canonicalUrl: absolute(tags.canonical, pageUrl) ?? absolute(meta('og:url'), pageUrl),
    themeColor: meta('theme-color'),
    oembedUrl: absolute(tags.oembedJson, pageUrl),
  };
}

/** A plain `icon` before an `apple-touch-icon`; among those, the largest declared size. */
function bestIcon(icons: PageTags['icons']): string | null {
  const size = (sizes: string | null) => Number(sizes?.split(/[xX]/)[0]) || 0;
  const ranked = [...icons].sort((a, b) => Number(a.rel.includes('apple')) - Number(b.rel.includes('apple')) || size(b.sizes) - size(a.sizes));
  return ranked[0]?.href ?? null;
}

function absolute(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function dimension(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

const TRACKING_PARAMETERS = ['fbclid', 'gclid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', 'igshid'];

/**
 * The cache key of a preview: scheme and host lower-cased and default port dropped (the URL
 * parser does both), no fragment, no tracking parameters (`utm_*`, click ids); the rest of the
 * query is kept in order, since a site may read it.
 */
export function normalizePreviewUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_') || TRACKING_PARAMETERS.includes(key.toLowerCase())) url.searchParams.delete(key);
  }
  if (url.search === '?') url.search = '';
  return url.href;
}
