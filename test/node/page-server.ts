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

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
