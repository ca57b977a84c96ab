import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

interface ScriptedResponse {
  status?: number;
  contentType?: string;
  body?: string;
  location?: string;
  /** A body of this many bytes, for size caps. */
  bytes?: number;
  /** Sent without Content-Length. */
  chunked?: boolean;
  /** Never answers (timeouts). */
  hang?: boolean;
}

export interface SocialStandIn {
  /** Stands in for `https://cdn.syndication.twimg.com`: `SOCIAL_POST_UPSTREAM_URL`. */
  syndicationUrl: string;
  /** Stands in for the media hosts: `IMAGE_PROXY_UPSTREAM_URL` (`/<host>/<path>`). */
  mediaUrl: string;
  close(): Promise<void>;
}

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The social network's public endpoints for `npm run dev` and the tests, served from
 * dev/fixtures (see its README): `GET /syndication/tweet-result?id=` answers the recorded payload
 * of that post (404 when there is none), and `GET /media/<host>/<path>` the media files, with the
 * scripted answers of media/routes.json (the query string is ignored). Media answers set a cookie,
 * as the real hosts do, so the proxy's tests can see it stripped; `GET /media-requests` lists the
 * headers of recent media requests, so they can see that nothing of theirs was forwarded.
 */
export async function startSocialStandIn(port = 0): Promise<SocialStandIn> {
  const failures = JSON.parse(readFileSync(join(fixtures, 'syndication', 'responses.json'), 'utf8')) as Record<string, ScriptedResponse>;
  const mediaRoutes = JSON.parse(readFileSync(join(fixtures, 'media', 'routes.json'), 'utf8')) as Record<string, ScriptedResponse>;
  const hanging = new Set<ServerResponse>();
  const mediaRequests: Array<{ url: string; headers: Record<string, string | string[] | undefined> }> = [];

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/syndication/tweet-result') {
      const id = url.searchParams.get('id') ?? '';
      if (!/^\d{1,40}$/.test(id)) return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"Invalid id"}');
      const failure = failures[id];
      if (failure) return void answer(response, failure, hanging);
      const file = join(fixtures, 'syndication', `${id}.json`);
      if (!existsSync(file)) return void response.writeHead(404).end();
      return void response.writeHead(200, { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'public, max-age=900' }).end(readFileSync(file));
    }
    if (url.pathname === '/media-requests') {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: mediaRequests }));
    }
    if (url.pathname.startsWith('/media/')) {
      mediaRequests.push({ url: `${url.pathname}${url.search}`, headers: request.headers });
      if (mediaRequests.length > 500) mediaRequests.shift();
      const key = decodeURIComponent(url.pathname.slice('/media/'.length));
      const scripted = mediaRoutes[key];
      if (scripted) return void answer(response, scripted, hanging, { 'set-cookie': 'guest_id=v1%3A1; Domain=.twimg.com; Secure' });
      const file = normalize(join(fixtures, 'media', key));
      if (!file.startsWith(join(fixtures, 'media')) || !existsSync(file) || !IMAGE_TYPES[extname(file)]) return void response.writeHead(404).end('Not Found');
      return void response
        .writeHead(200, {
          'content-type': IMAGE_TYPES[extname(file)]!,
          'set-cookie': 'guest_id=v1%3A1; Domain=.twimg.com; Secure',
          'cache-control': 'max-age=604800',
        })
        .end(readFileSync(file));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  return {
    syndicationUrl: `${base}/syndication`,
    mediaUrl: `${base}/media`,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
}

function answer(response: ServerResponse, scripted: ScriptedResponse, hanging: Set<ServerResponse>, extraHeaders: Record<string, string> = {}): void {
  if (scripted.hang) {
    hanging.add(response);
    response.on('close', () => hanging.delete(response));
    return;
  }
  const headers: Record<string, string> = { ...extraHeaders };
  if (scripted.contentType) headers['content-type'] = scripted.contentType;
  if (scripted.location) headers.location = scripted.location;
  if (scripted.bytes !== undefined) {
    if (!scripted.chunked) headers['content-length'] = String(scripted.bytes);
    response.writeHead(scripted.status ?? 200, headers);
    const chunk = Buffer.alloc(64 * 1024);
    let left = scripted.bytes;
    const pump = () => {
      while (left > 0) {
        const size = Math.min(left, chunk.length);
        left -= size;
        if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          response.once('drain', pump);
          return;
        }
      }
      response.end();
    };
    response.on('error', () => {});
    pump();
    return;
  }
  response.writeHead(scripted.status ?? 200, headers).end(scripted.body ?? '');
}
