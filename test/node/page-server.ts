import { createServer, type ServerResponse } from 'node:http';
import { PUBLIC_FIXTURE_HOST, SCHEME_COLOURS } from '../shared/pages';

export interface PageServer {
  port: number;
  /** The server as the capture sees a public site: a fixture name Chromium maps to this machine. */
  publicOrigin: string;
  /** The same server by its private address, as an attacker's page would point at it. */
  privateOrigin: string;
  close(): Promise<void>;
}

const rgb = ([r, g, b]: readonly number[]) => `rgb(${r}, ${g}, ${b})`;

/**
 * Local pages for screenshot tests and the benchmark. Each test uses its own bucket, and every
 * request is recorded per bucket, so a test can prove a private address was never asked for:
 *
 *   /b/<bucket>/scheme               a page whose background follows prefers-color-scheme
 *   /b/<bucket>/tall                 a 3000 px tall page (full-page captures)
 *   /b/<bucket>/image?src=<url>      the scheme page with an <img> of src
 *   /b/<bucket>/redirect?to=<url>    302 to `to`
 *   /b/<bucket>/slow                 starts a page and never finishes it (load timeouts)
 *   /b/<bucket>/alert                opens an alert() as it loads
 *   /b/<bucket>/pixel.png            a 1×1 PNG
 *   /b/<bucket>/og                   Open Graph tags, theme colour, icons, canonical link (link previews)
 *   /b/<bucket>/twitter              Twitter card tags only, beside <title> and a description
 *   /b/<bucket>/oembed               announces /b/<bucket>/oembed.json, a JSON oEmbed answer
 *   /b/<bucket>/bare                 a page with no metadata at all
 *   /b/<bucket>/huge                 its title, then 4 MiB of body
 *   /b/<bucket>/latin1               windows-1252 bytes, declared only by <meta charset>
 *   /requests/<bucket>               the paths asked for in that bucket, oldest first
 */
export async function startPageServer(): Promise<PageServer> {
  const requests = new Map<string, string[]>();
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://pages');
    const recorded = url.pathname.match(/^\/requests\/([\w-]+)$/);
    if (recorded) {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: requests.get(recorded[1]!) ?? [] }));
    }
    const match = url.pathname.match(/^\/b\/([\w-]+)\/([\w.-]+)$/);
    if (!match) return void response.writeHead(404).end();
    const [, bucket, page] = match as [string, string, string];
    requests.set(bucket, [...(requests.get(bucket) ?? []), `${page}${url.search}`]);
    switch (page) {
      case 'scheme':
        return void html(response, schemePage(''));
      case 'tall':
        return void html(response, schemePage('<div style="height:3000px;background:linear-gradient(#f00,#00f)"></div>'));
      case 'image':
        return void html(response, schemePage(`<img alt="" width="40" height="40" src="${escapeAttribute(url.searchParams.get('src') ?? '')}">`));
      case 'redirect':
        return void response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      case 'slow':
        open.add(response);
        response.on('close', () => open.delete(response));
        response.writeHead(200, { 'content-type': 'text/html' });
        return void response.write('<!doctype html><title>still loading</title><p>Loading');
      case 'alert':
        return void html(response, schemePage('<script>addEventListener("load", () => setTimeout(() => alert("Subscribe to our newsletter"), 0));</script>'));
      case 'og':
      case 'twitter':
      case 'oembed':
      case 'bare':
        return void html(response, PREVIEW_PAGES[page](`/b/${bucket}`));
      case 'oembed.json':
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(OEMBED_ANSWER));
      case 'huge':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.write('<!doctype html><html><head><title>A very long page</title></head><body>');
        for (let i = 0; i < 64; i++) response.write(`<p>${'lorem ipsum '.repeat(5_600)}</p>`);
        return void response.end('</body></html>');
      case 'latin1':
        // é and è are single bytes in windows-1252, and € is 0x80, which latin-1 would not read as €.
        return void response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            Buffer.concat([
              Buffer.from('<!doctype html><meta charset="windows-1252"><title>Caf\u00e9 cr\u00e8me ', 'latin1'),
              Buffer.from([0x80]),
              Buffer.from('</title>'),
            ]),
          );
      case 'pixel.png':
        return void response.writeHead(200, { 'content-type': 'image/png' }).end(ONE_PIXEL_PNG);
      default:
        return void response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    publicOrigin: `http://${PUBLIC_FIXTURE_HOST}:${port}`,
    privateOrigin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

function schemePage(body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; padding: 24px; font: 16px sans-serif; background: ${rgb(SCHEME_COLOURS.light)}; color: #111; }
  @media (prefers-color-scheme: dark) { body { background: ${rgb(SCHEME_COLOURS.dark)}; color: #eee; } }
</style></head>
<body><h1>Release 2.4</h1><p>Screenshots follow the colour scheme.</p>${body}</body></html>`;
}

function html(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Pages for link previews, given their own path prefix (for links to each other). */
const PREVIEW_PAGES: Record<'og' | 'twitter' | 'oembed' | 'bare', (prefix: string) => string> = {
  og: (prefix) => `<!doctype html><html><head><meta charset="utf-8">
<title>Fallback title</title>
<meta property="og:title" content="Release 2.4 &amp; friends">
<meta property="og:description" content="Dark mode, faster builds.">
<meta property="og:image" content="${prefix}/pixel.png"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta property="og:image:alt" content="The release banner">
<meta property="og:site_name" content="Acme Blog">
<meta name="theme-color" content="#112233">
<link rel="icon" sizes="32x32" href="${prefix}/icon-32.png"><link rel="icon" sizes="16x16" href="${prefix}/icon-16.png">
<link rel="canonical" href="${prefix}/og">
</head><body><h1>Release 2.4</h1></body></html>`,
  twitter: () => `<!doctype html><html><head><title>Twitter title fallback</title>
<meta name="description" content="Plain description">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="Card title">
<meta name="twitter:image" content="https://cdn.example.com/card.png">
<meta name="twitter:site" content="@acme">
</head><body></body></html>`,
  oembed: (prefix) => `<!doctype html><html><head><title>A video</title>
<link rel="alternate" type="application/json+oembed" href="${prefix}/oembed.json" title="oEmbed">
</head><body></body></html>`,
  bare: () => '<!doctype html><html><body><p>Nothing to see.</p></body></html>',
};

const OEMBED_ANSWER = {
  version: '1.0',
  type: 'video',
  title: 'Release 2.4 walkthrough',
  author_name: 'Acme',
  provider_name: 'AcmeTube',
  thumbnail_url: 'https://cdn.example.com/thumb.jpg',
  html: '<iframe src="https://video.example.com/embed/1" width="640" height="360"></iframe>',
  width: 640,
  height: 360,
};

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
