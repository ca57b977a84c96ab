import { createHash, randomBytes } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { type ClientAddressProxy, startClientAddressProxy } from './client-address-proxy';

/** Stands in for `wrangler dev`: answers with what it received, and echoes WebSocket messages. */
let upstream: Server;
let upstreamPort: number;
const proxies: ClientAddressProxy[] = [];

beforeAll(async () => {
  upstream = createServer((incoming, response) => {
    const hash = createHash('sha256');
    let bytes = 0;
    incoming.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    incoming.on('end', () => {
      response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      response.writeHead(incoming.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: incoming.method, url: incoming.url, headers: incoming.headers, bytes, sha256: hash.digest('hex') }));
    });
  });
  const sockets = new WebSocketServer({ server: upstream });
  sockets.on('connection', (socket, upgrade) => {
    socket.send(`hello ${upgrade.headers['cf-connecting-ip']}`);
    socket.on('message', (data) => socket.send(`echo ${String(data)}`));
  });
  upstreamPort = await new Promise<number>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve((upstream.address() as { port: number }).port)));
});

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

async function proxy(host = '127.0.0.1', targetPort = upstreamPort): Promise<ClientAddressProxy> {
  const started = await startClientAddressProxy({ host, port: 0, targetPort });
  proxies.push(started);
  return started;
}

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bytes: number;
  sha256: string;
}

/** One request from a chosen local address (every 127.x.y.z is this machine on Linux). */
function call(
  url: string,
  options: { localAddress?: string; headers?: Record<string, string>; method?: string; body?: Buffer } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.localAddress }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

describe('the client address proxy in front of wrangler dev', () => {
  it("drops the client's own address headers and sets CF-Connecting-IP from its socket", async () => {
    const { url } = await proxy();
    const forged = { 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.1', 'true-client-ip': '198.51.100.2', 'x-real-ip': '198.51.100.3' };
    for (const localAddress of ['127.0.0.2', '127.0.0.3']) {
      const answer = await call(`${url}/who?x=1`, { localAddress, headers: forged });
      const echo = JSON.parse(answer.body) as Echo;
      expect(echo.headers['cf-connecting-ip']).toBe(localAddress);
      for (const name of ['x-forwarded-for', 'true-client-ip', 'x-real-ip']) expect(echo.headers[name]).toBeUndefined();
      // The Worker sees the URL the client called: the path as sent, the Host of the advertised port.
      expect(echo.url).toBe('/who?x=1');
      expect(echo.headers.host).toBe(new URL(url).host);
    }
  });

  it('writes an IPv4 client of a dual-stack socket as IPv4, and an IPv6 client as IPv6', async () => {
    const { url } = await proxy('::');
    const port = new URL(url).port;
    const v4 = JSON.parse((await call(`http://127.0.0.1:${port}/`, { localAddress: '127.0.0.4' })).body) as Echo;
    expect(v4.headers['cf-connecting-ip']).toBe('127.0.0.4');
    const v6 = JSON.parse((await call(`http://[::1]:${port}/`, { headers: { 'cf-connecting-ip': '2001:db8::1' } })).body) as Echo;
    expect(v6.headers['cf-connecting-ip']).toBe('::1');
  });

  it('streams bodies both ways and keeps the status and every repeated header', async () => {
    const { url } = await proxy();
    const body = randomBytes(3 * 1024 * 1024);
    const answer = await call(`${url}/upload`, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ method: 'PUT', bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect((await call(`${url}/missing`)).status).toBe(404);
  });

  it('carries WebSocket upgrades, with the address set on the upgrade request', async () => {
    const { url } = await proxy();
    const socket = new WebSocket(`${url.replace('http', 'ws')}/socket`, { localAddress: '127.0.0.5', headers: { 'cf-connecting-ip': '203.0.113.9' } });
    const messages: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data) => {
        messages.push(String(data));
        if (messages.length === 1) socket.send('ping');
        if (messages.length === 2) resolve();
      });
      socket.on('error', reject);
    });
    socket.close();
    expect(messages).toEqual(['hello 127.0.0.5', 'echo ping']);
  });

  it('sends a request again on a new connection when the pooled one it went out on was closed as idle', async () => {
    // Stands in for wrangler dev closing an idle keep-alive connection just as the next request
    // arrives on it: the second request on any connection is cut off unanswered.
    const answered = new WeakSet<object>();
    const closing = createServer((incoming, response) => {
      if (answered.has(incoming.socket)) return incoming.socket.destroy();
      answered.add(incoming.socket);
      const hash = createHash('sha256');
      incoming.on('data', (chunk: Buffer) => hash.update(chunk));
      incoming.on('end', () => response.end(JSON.stringify({ sha256: hash.digest('hex') })));
    });
    const port = await new Promise<number>((resolve) => closing.listen(0, '127.0.0.1', () => resolve((closing.address() as { port: number }).port)));
    try {
      const { url } = await proxy('127.0.0.1', port);
      for (const body of [randomBytes(64), randomBytes(200_000), randomBytes(16)]) {
        const answer = await call(`${url}/api/v1/releases`, { method: 'POST', body });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({ sha256: createHash('sha256').update(body).digest('hex') });
      }
    } finally {
      closing.closeAllConnections();
      await new Promise((resolve) => closing.close(resolve));
    }
  });

  it('answers 502 naming the cause when nothing listens behind it', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) => closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)));
    await new Promise((resolve) => closed.close(resolve));
    const { url } = await proxy('127.0.0.1', port);
    const answer = await call(`${url}/`);
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('did not answer');
  });
});
