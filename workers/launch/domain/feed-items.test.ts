import { parseFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { decodeFeed, feedItems } from './feed-items';

const feedUrl = 'https://acme.example/feed';

describe('feedItems', () => {
  it('reads RSS 2.0 items: guid, link, content:encoded before description, pubDate', () => {
    const rss = `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title><link>https://acme.example</link><description>d</description>
<item><title>Release 1.2</title><link>/r/1.2</link><guid isPermaLink="false">rel-1.2</guid><pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate>
<description><![CDATA[<p>Short</p>]]></description><content:encoded><![CDATA[<ul><li>Long</li></ul>]]></content:encoded></item>
<item><title>No guid</title><link>https://acme.example/r/1.1</link></item>
<item><description>No title: skipped</description></item></channel></rss>`;
    expect(feedItems(parseFeed(rss), feedUrl)).toEqual([
      {
        externalId: 'rel-1.2',
        title: 'Release 1.2',
        html: '<ul><li>Long</li></ul>',
        text: null,
        url: 'https://acme.example/r/1.2',
        publishedAt: new Date('2026-03-02T10:00:00Z'),
        updatedAt: null,
      },
      {
        externalId: 'https://acme.example/r/1.1',
        title: 'No guid',
        html: null,
        text: null,
        url: 'https://acme.example/r/1.1',
        publishedAt: null,
        updatedAt: null,
      },
    ]);
  });

  it('reads Atom entries: id, alternate link, html content, published and updated', () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:f</id><updated>2026-03-02T10:00:00Z</updated>
<entry><id>urn:e:1</id><title type="text">v2.4.0</title><link rel="self" href="https://acme.example/self"/><link rel="alternate" href="https://acme.example/2.4.0"/>
<published>2026-03-01T10:00:00Z</published><updated>2026-03-02T10:00:00Z</updated><summary>Plain summary</summary></entry></feed>`;
    expect(feedItems(parseFeed(atom), feedUrl)).toEqual([
      {
        externalId: 'urn:e:1',
        title: 'v2.4.0',
        html: null,
        text: 'Plain summary',
        url: 'https://acme.example/2.4.0',
        publishedAt: new Date('2026-03-01T10:00:00Z'),
        updatedAt: new Date('2026-03-02T10:00:00Z'),
      },
    ]);
  });

  it('reads JSON Feed items and refuses non-http links', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 't',
      items: [{ id: '9', url: 'javascript:alert(1)', title: 'v9', content_html: '<p>x</p>', date_published: '2026-01-01T00:00:00Z' }],
    });
    expect(feedItems(parseFeed(json), feedUrl)).toEqual([
      { externalId: '9', title: 'v9', html: '<p>x</p>', text: null, url: null, publishedAt: new Date('2026-01-01T00:00:00Z'), updatedAt: null },
    ]);
  });

  it('decodes a feed in the charset it declares, by header or XML declaration', () => {
    // "Café €" in windows-1252: é is 0xE9 and € is 0x80.
    const latin = (head: string) =>
      new Uint8Array([
        ...new TextEncoder().encode(`${head}<rss version="2.0"><channel><title>Caf`),
        0xe9,
        0x20,
        0x80,
        ...new TextEncoder().encode('</title></channel></rss>'),
      ]);
    const title = (text: string) => (parseFeed(text).feed as { title: string }).title;
    expect(title(decodeFeed(latin('<?xml version="1.0" encoding="windows-1252"?>'), 'application/rss+xml'))).toBe('Café €');
    expect(title(decodeFeed(latin(''), 'application/rss+xml; charset=windows-1252'))).toBe('Café €');
    expect(decodeFeed(new TextEncoder().encode('<?xml version="1.0" encoding="no-such"?><x>é</x>'), null)).toContain('é');
  });
});
