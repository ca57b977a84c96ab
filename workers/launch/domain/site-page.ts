import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * What one page of a product site says about the product, read with the runtime's streaming HTML
 * parser (HTMLRewriter): meta tags, headings, paragraphs, links, icons, logo candidates,
 * stylesheets, inline CSS and JSON-LD. Text is collected as the document streams past, into
 * every capture open at that moment, so nested markup (`<p>… <a>…</a> …</p>`) reads as one text.
 */
export interface SitePage {
  meta: Record<string, string>;
  title: string | null;
  h1: string[];
  /** `<h2>` and `<h3>` texts, in order. */
  headings: Array<{ level: 2 | 3; text: string }>;
  paragraphs: string[];
  /** List items inside `<main>` or a `<section>`: where sites list what the product does. */
  listItems: string[];
  links: Array<{ href: string; text: string; rel: string[] }>;
  icons: Array<{ href: string; rel: string; sizes: string | null }>;
  /** `<img>`s whose src, alt, class or id says logo, in document order. */
  logoImages: string[];
  stylesheets: string[];
  inlineCss: string;
  jsonLd: string[];
}

const MAX_ITEMS = 200;
const MAX_TEXT = 2_000;
const MAX_INLINE_CSS = 256 * 1024;

type Capture = { kind: 'p' | 'h1' | 'h2' | 'h3' | 'li' | 'a' | 'title' | 'ld' | 'style'; text: string; href?: string; rel?: string[] };

const attr = (element: Element, name: string) => {
  const value = element.getAttribute(name);
  return value === null ? null : decodeHTMLAttribute(value);
};

const clean = (text: string) => decodeHTML(text).replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

export async function readSitePage(html: string): Promise<SitePage> {
  const page: SitePage = {
    meta: {},
    title: null,
    h1: [],
    headings: [],
    paragraphs: [],
    listItems: [],
    links: [],
    icons: [],
    logoImages: [],
    stylesheets: [],
    inlineCss: '',
    jsonLd: [],
  };
  const open: Capture[] = [];
  let containers = 0;

  const finish = (capture: Capture) => {
    const index = open.indexOf(capture);
    if (index < 0) return;
    open.splice(index, 1);
    const text = capture.kind === 'ld' || capture.kind === 'style' ? capture.text : clean(capture.text);
    switch (capture.kind) {
      case 'p':
        if (text && page.paragraphs.length < MAX_ITEMS) page.paragraphs.push(text);
        break;
      case 'h1':
        if (text) page.h1.push(text);
        break;
      case 'h2':
      case 'h3':
        if (text && page.headings.length < MAX_ITEMS) page.headings.push({ level: capture.kind === 'h2' ? 2 : 3, text });
        break;
      case 'li':
        if (text && page.listItems.length < MAX_ITEMS) page.listItems.push(text);
        break;
      case 'a':
        if (page.links.length < MAX_ITEMS * 5) page.links.push({ href: capture.href!, text, rel: capture.rel ?? [] });
        break;
      case 'title':
        page.title ??= text || null;
        break;
      case 'ld':
        if (page.jsonLd.length < 10) page.jsonLd.push(text);
        break;
      case 'style':
        page.inlineCss = (page.inlineCss + text).slice(0, MAX_INLINE_CSS);
        break;
    }
  };

  /** Opens a capture until the element's end tag; a paragraph still open when a block starts is over (HTML's implied `</p>`). */
  const capture = (element: Element, entry: Capture) => {
    if (entry.kind !== 'a') for (const paragraph of open.filter((item) => item.kind === 'p')) finish(paragraph);
    open.push(entry);
    element.onEndTag(() => finish(entry));
  };

  const rewriter = new HTMLRewriter()
    .on('meta', {
      element(element) {
        const name = (attr(element, 'property') ?? attr(element, 'name'))?.trim().toLowerCase();
        const content = attr(element, 'content');
        if (name && content !== null && !(name in page.meta)) page.meta[name] = content.trim();
      },
    })
    .on('title', { element: (element) => capture(element, { kind: 'title', text: '' }) })
    .on('h1', { element: (element) => capture(element, { kind: 'h1', text: '' }) })
    .on('h2', { element: (element) => capture(element, { kind: 'h2', text: '' }) })
    .on('h3', { element: (element) => capture(element, { kind: 'h3', text: '' }) })
    .on('p', { element: (element) => capture(element, { kind: 'p', text: '' }) })
    .on('main, section', {
      element(element) {
        containers++;
        element.onEndTag(() => void containers--);
      },
    })
    .on('li', {
      element(element) {
        if (containers > 0) capture(element, { kind: 'li', text: '' });
      },
    })
    .on('a[href]', {
      element(element) {
        const rel = (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        capture(element, { kind: 'a', text: '', href: attr(element, 'href')!, rel });
      },
    })
    .on('link[href]', {
      element(element) {
        const rels = (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
        const href = attr(element, 'href')!;
        if (rels.includes('stylesheet') && page.stylesheets.length < 20) page.stylesheets.push(href);
        if (rels.includes('icon') || rels.includes('apple-touch-icon') || rels.includes('mask-icon')) {
          page.icons.push({ href, rel: rels.join(' '), sizes: attr(element, 'sizes') });
        }
        if (rels.includes('me') && page.links.length < MAX_ITEMS * 5) page.links.push({ href, text: '', rel: rels });
      },
    })
    .on('img', {
      element(element) {
        const src = attr(element, 'src');
        const words = ['src', 'alt', 'class', 'id']
          .map((name) => attr(element, name) ?? '')
          .join(' ')
          .toLowerCase();
        if (src && words.includes('logo') && page.logoImages.length < 10) page.logoImages.push(src);
      },
    })
    .on('script[type="application/ld+json"]', { element: (element) => capture(element, { kind: 'ld', text: '' }) })
    .on('style', { element: (element) => capture(element, { kind: 'style', text: '' }) })
    .onDocument({
      text(chunk) {
        for (const entry of open) if (entry.text.length < MAX_INLINE_CSS) entry.text += chunk.text;
      },
    });
  await rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })).arrayBuffer();
  // A page cut short (the byte budget) may leave captures open: keep what they hold.
  for (const entry of [...open]) finish(entry);
  return page;
}
