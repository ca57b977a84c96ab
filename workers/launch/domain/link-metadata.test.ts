import { describe, expect, it } from 'vitest';
import { assembleMetadata, decodePage, normalizePreviewUrl, readPageTags } from './link-metadata';

const page = 'https://blog.example.com/posts/v2?ref=home';

describe('link metadata', () => {
  it('prefers Open Graph, then Twitter card, then plain HTML, resolving relative URLs', async () => {
    const tags = await readPageTags(`<!doctype html><html><head>
      <title>  HTML &amp;  title </title>
      <meta name="description" content="HTML description">
      <meta name="twitter:title" content="Twitter title">
      <meta name="twitter:image" content="https://cdn.example.com/tw.png">
      <meta property="og:title" content="OG &amp; title">
      <meta property="og:image" content="/images/card.png"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
      <meta property="og:image:alt" content="A card">
      <meta property="og:site_name" content="Example Blog">
      <meta name="theme-color" content="#0f172a">
      <link rel="apple-touch-icon" href="/apple.png"><link rel="icon" sizes="16x16" href="/16.png"><link rel="shortcut icon" sizes="32x32" href="/32.png">
      <link rel="canonical" href="/posts/v2">
      <link rel="alternate" type="application/json+oembed" href="https://blog.example.com/oembed?url=x">
    </head><body><title>not this</title></body></html>`);
    expect(assembleMetadata(tags, page)).toEqual({
      title: 'OG & title',
      description: 'HTML description',
      siteName: 'Example Blog',
      image: { url: 'https://blog.example.com/images/card.png', width: 1200, height: 630, alt: 'A card' },
      favicon: 'https://blog.example.com/32.png',
      canonicalUrl: 'https://blog.example.com/posts/v2',
      themeColor: '#0f172a',
      oembedUrl: 'https://blog.example.com/oembed?url=x',
    });
  });

  it('falls back to the title element and /favicon.ico, and ignores non-http image URLs', async () => {
    const tags = await readPageTags('<title>Just &lt;a&gt; title</title><meta property="og:image" content="javascript:alert(1)">');
    expect(assembleMetadata(tags, page)).toMatchObject({
      title: 'Just <a> title',
      description: null,
      image: null,
      favicon: 'https://blog.example.com/favicon.ico',
      canonicalUrl: null,
      oembedUrl: null,
    });
  });

  it('decodes by the header charset, else the charset the page declares, else UTF-8', async () => {
    const latin1 = new Uint8Array([...'<meta charset="windows-1252"><title>Caf'].map((c) => c.charCodeAt(0)).concat([0xe9, 0x20, 0x80]));
    expect(await decodePage(latin1, 'text/html')).toContain('Café €');
    const sjis = new Uint8Array([0x93, 0xfa, 0x96, 0x7b]);
    expect(await decodePage(sjis, 'text/html; charset=Shift_JIS')).toBe('日本');
    expect(await decodePage(new TextEncoder().encode('héllo'), 'text/html; charset=nonsense')).toBe('héllo');
  });

  it('normalizes the cache key: no fragment, no tracking parameters, lower-case host, no default port', () => {
    expect(normalizePreviewUrl('HTTPS://Blog.Example.com:443/a?utm_source=x&id=2&fbclid=y#top')).toBe('https://blog.example.com/a?id=2');
    expect(normalizePreviewUrl('https://blog.example.com/a?utm_campaign=z')).toBe('https://blog.example.com/a');
  });
});
