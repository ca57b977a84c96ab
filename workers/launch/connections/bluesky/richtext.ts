/**
 * Bluesky's rich text: links, mentions and hashtags are not parsed from the text by clients but
 * sent as facets, each over a range of the text's UTF-8 bytes (app.bsky.richtext.facet). Mentions
 * point at a DID, so a handle is resolved first; one that does not resolve stays plain text.
 */
export type Facet = {
  index: { byteStart: number; byteEnd: number };
  features: Array<
    | { $type: 'app.bsky.richtext.facet#link'; uri: string }
    | { $type: 'app.bsky.richtext.facet#mention'; did: string }
    | { $type: 'app.bsky.richtext.facet#tag'; tag: string }
  >;
};

export interface Segment {
  kind: 'link' | 'mention' | 'tag';
  /** The link's URL, the handle (without @), the tag (without #). */
  value: string;
  byteStart: number;
  byteEnd: number;
}

// As Bluesky's own clients detect them (@atproto/api rich-text detection), simplified to what a post's copy carries.
const LINK = /(^|\s|\()(https?:\/\/[^\s<>"]+)/gu;
const MENTION = /(^|\s|\()@((?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)/gu;
const TAG = /(^|\s)[#＃]([^\s#＃]+)/gu;
/** A hashtag has something besides digits and punctuation (#1 is not a tag). */
const TAG_WORD = /[^\d\p{P}]/u;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"’”]+$/u;

const utf8 = new TextEncoder();
const byteOffset = (text: string, index: number) => utf8.encode(text.slice(0, index)).length;

/** Links, mentions and hashtags of `text`, with UTF-8 byte ranges, in text order. */
export function detectSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  const add = (kind: Segment['kind'], start: number, raw: string, value: string) =>
    segments.push({ kind, value, byteStart: byteOffset(text, start), byteEnd: byteOffset(text, start + raw.length) });
  for (const match of text.matchAll(LINK)) {
    const url = match[2]!.replace(TRAILING_PUNCTUATION, '');
    add('link', match.index + match[1]!.length, url, url);
  }
  for (const match of text.matchAll(MENTION)) {
    const raw = `@${match[2]!}`;
    const start = match.index + match[1]!.length;
    // An address inside a link (https://host/@user.example) is the link's, not a mention.
    if (!segments.some((segment) => segment.kind === 'link' && overlaps(segment, byteOffset(text, start)))) add('mention', start, raw, match[2]!.toLowerCase());
  }
  for (const match of text.matchAll(TAG)) {
    if (!match[2]) continue;
    const tag = match[2].replace(TRAILING_PUNCTUATION, '');
    if (!TAG_WORD.test(tag) || tag.length > 64) continue;
    const start = match.index + match[1]!.length;
    if (!segments.some((segment) => segment.kind === 'link' && overlaps(segment, byteOffset(text, start)))) add('tag', start, `#${tag}`, tag);
  }
  return segments.sort((a, b) => a.byteStart - b.byteStart);
}

const overlaps = (segment: Segment, byte: number) => byte >= segment.byteStart && byte < segment.byteEnd;

/** Facets for the segments; `did` answers a handle's DID, or null when it does not resolve. */
export async function facetsFor(segments: Segment[], did: (handle: string) => Promise<string | null>): Promise<Facet[]> {
  const facets: Facet[] = [];
  for (const segment of segments) {
    const index = { byteStart: segment.byteStart, byteEnd: segment.byteEnd };
    if (segment.kind === 'link') facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#link', uri: segment.value }] });
    if (segment.kind === 'tag') facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: segment.value }] });
    if (segment.kind === 'mention') {
      const resolved = await did(segment.value);
      if (resolved) facets.push({ index, features: [{ $type: 'app.bsky.richtext.facet#mention', did: resolved }] });
    }
  }
  return facets;
}
