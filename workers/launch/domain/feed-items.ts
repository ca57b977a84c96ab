/**
 * The items of a parsed feed (feedsmith's `parseFeed`: RSS, Atom, RDF or JSON Feed) in one
 * shape. Read field by field from `unknown`, since feeds in the wild leave out anything.
 */
export interface FeedItem {
  externalId: string;
  title: string;
  /** The item's body as HTML (content before summary), or null with plain `text`. */
  html: string | null;
  text: string | null;
  url: string | null;
  publishedAt: Date | null;
  updatedAt: Date | null;
}

type Parsed = { format: string; feed: unknown };

export function feedItems(parsed: Parsed, feedUrl: string): FeedItem[] {
  const feed = record(parsed.feed);
  const items = parsed.format === 'atom' ? list(feed.entries) : list(feed.items);
  const read = parsed.format === 'atom' ? atomItem : parsed.format === 'json' ? jsonItem : rssItem;
  const result: FeedItem[] = [];
  for (const raw of items) {
    const item = read(record(raw), feedUrl);
    if (item) result.push(item);
  }
  return result;
}

function atomItem(entry: Record<string, unknown>, feedUrl: string): FeedItem | null {
  const links = list(entry.links).map(record);
  const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
  const url = absolute(text(alternate?.href), feedUrl);
  const title = textOf(entry.title);
  const id = text(entry.id) ?? url ?? title;
  if (!id || !title) return null;
  const content = record(entry.content);
  const summary = record(entry.summary);
  const body = text(content.value) !== null ? content : summary;
  const isHtml = body.type === 'html' || body.type === 'xhtml';
  return {
    externalId: id,
    title,
    html: isHtml ? text(body.value) : null,
    text: isHtml ? null : text(body.value),
    url,
    publishedAt: date(entry.published) ?? date(entry.updated),
    updatedAt: date(entry.updated),
  };
}

function rssItem(item: Record<string, unknown>, feedUrl: string): FeedItem | null {
  const url = absolute(text(item.link), feedUrl);
  const guid = textOf(item.guid);
  const title = textOf(item.title);
  const about = text(record(item.rdf).about);
  const id = guid ?? about ?? url ?? title;
  if (!id || !title) return null;
  const dcDates = list(record(item.dc).dates);
  return {
    externalId: id,
    title,
    html: text(record(item.content).encoded) ?? text(item.description),
    text: null,
    url,
    publishedAt: date(item.pubDate) ?? date(dcDates[0]),
    updatedAt: null,
  };
}

function jsonItem(item: Record<string, unknown>, feedUrl: string): FeedItem | null {
  const url = absolute(text(item.url), feedUrl);
  const title = text(item.title) ?? text(item.summary);
  const id = text(item.id) ?? url ?? title;
  if (!id || !title) return null;
  return {
    externalId: id,
    title,
    html: text(item.content_html),
    text: text(item.content_text) ?? text(item.summary),
    url,
    publishedAt: date(item.date_published) ?? date(item.date_modified),
    updatedAt: date(item.date_modified),
  };
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Atom's `{ value }` text constructs and RSS's `{ value }` guids, or plain strings. */
function textOf(value: unknown): string | null {
  return text(value) ?? text(record(value).value);
}

function date(value: unknown): Date | null {
  const raw = text(value);
  if (!raw) return null;
  const parsed = new Date(raw);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function absolute(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A feed's text from its bytes: the charset of its Content-Type, else its XML declaration's
 * encoding, else UTF-8 (XML's default); a label the runtime does not know falls back to UTF-8.
 */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const declared =
    contentType?.match(/charset\s*=\s*"?([\w.:-]+)/i)?.[1] ??
    new TextDecoder('latin1').decode(bytes.subarray(0, 200)).match(/^\s*<\?xml[^>]*\sencoding\s*=\s*["']([\w.:-]+)["']/i)?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(declared).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}
